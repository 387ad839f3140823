/// A capture plan: which bench to drive, with which panels and script, over which recording
/// window, sampled how often, with which stills, and what the run must show.
///
/// Plans are JSON files under `captures/`; ``CapturePlan/init(json:name:)`` reads and validates
/// one. Times are whole milliseconds.
public struct CapturePlan: Hashable, Sendable {
    /// How the script runs.
    public enum Mode: String, Hashable, Sendable {
        /// A free-running cycle: beats run one after another and start again after the last.
        case cycle
        /// Beats run once; the last phase is held for the rest of the window (seed 000's `-mode`).
        case pinned
    }

    /// A frame taken at a named instant for documentation.
    public struct Still: Hashable, Sendable {
        /// File-name-safe name: lowercase letters, digits, `-` and `_`.
        public var name: String
        /// The instant, in ms since the start of the run, inside the window.
        public var atMs: Int

        public init(name: String, atMs: Int) {
            self.name = name
            self.atMs = atMs
        }
    }

    /// What the run must show.
    public struct Expectations: Hashable, Sendable {
        /// Phase name → the fewest frames that must show it (coverage).
        public var minFrames: [String: Int]
        /// Phase name → the largest share, in percent, of frames and of time it may take (dominance).
        public var maxSharePercent: [String: Int]
        /// Panel → the most loader flashes allowed (none checked when absent).
        public var maxFlashes: [String: Int]
        /// Panel → the most milliseconds of content held back by its loader policy.
        public var maxHeldBackMs: [String: Int]
        /// Panels that must follow every rule of their bench (orders: seed 002's rules).
        public var followRules: [String]

        public init(minFrames: [String: Int], maxSharePercent: [String: Int], maxFlashes: [String: Int] = [:], maxHeldBackMs: [String: Int] = [:], followRules: [String] = []) {
            self.followRules = followRules
            self.minFrames = minFrames
            self.maxSharePercent = maxSharePercent
            self.maxFlashes = maxFlashes
            self.maxHeldBackMs = maxHeldBackMs
        }

        /// The defaults: every phase of the bench in at least one frame; loading at most 50%.
        public static func defaults(phases: [String]) -> Expectations {
            Expectations(
                minFrames: Dictionary(uniqueKeysWithValues: phases.map { ($0, 1) }),
                maxSharePercent: phases.contains("loading") ? ["loading": 50] : [:])
        }
    }

    /// The plan's name: its file name without `.json`. Output files are named from it.
    public var name: String
    /// A sentence saying what the plan shows (optional).
    public var summary: String
    /// The bench: `inbox`, `scenes` or `orders`.
    public var bench: String
    /// Panel identifiers, left to right.
    public var panels: [String]
    /// Cycle or pinned.
    public var mode: Mode
    /// The factor applied to every beat's latency.
    public var slowMotion: SlowMotion
    /// The beats, in order (inbox and scenes benches).
    public var script: [Beat]
    /// The timed events, in order (orders bench).
    public var ordersEvents: [OrdersEvent]
    /// The orders bench's settings.
    public var ordersSettings: OrdersSettings
    /// Where the recording window starts, in ms since the start of the run (≥ 0).
    public var windowStartMs: Int
    /// The recording window's length in ms (> 0); the window is [start, start + length).
    public var windowMs: Int
    /// Milliseconds between frames (> 0); frames are at start + k × interval inside the window.
    public var frameIntervalMs: Int
    /// Output scale: each logical pixel becomes a `scale × scale` block (1...8).
    public var scale: Int
    /// Stills at named instants.
    public var stills: [Still]
    /// Coverage and dominance expectations.
    public var expect: Expectations
    /// A loader visible for more than 0 and less than this many ms is a flash (default 300).
    public var flashThresholdMs: Int
    /// Panel → the loader policy it follows, where the plan overrides the panel's preset.
    public var loaderPolicies: [String: LoaderPolicy]
    /// Plan member `extendToSettle` (default false): ``settled()`` extends the window to the
    /// first frame instant at or after the last scripted change, so the final state is filmed.
    public var extendToSettle: Bool = false

    public init(
        name: String, summary: String = "", bench: String, panels: [String], mode: Mode,
        slowMotion: SlowMotion = .off, script: [Beat], windowStartMs: Int = 0, windowMs: Int,
        frameIntervalMs: Int, scale: Int = 2, stills: [Still] = [], expect: Expectations,
        flashThresholdMs: Int = 300, loaderPolicies: [String: LoaderPolicy] = [:],
        ordersEvents: [OrdersEvent] = [], ordersSettings: OrdersSettings = OrdersSettings()
    ) {
        self.ordersEvents = ordersEvents
        self.ordersSettings = ordersSettings
        self.name = name
        self.summary = summary
        self.bench = bench
        self.panels = panels
        self.mode = mode
        self.slowMotion = slowMotion
        self.script = script
        self.windowStartMs = windowStartMs
        self.windowMs = windowMs
        self.frameIntervalMs = frameIntervalMs
        self.scale = scale
        self.stills = stills
        self.expect = expect
        self.flashThresholdMs = flashThresholdMs
        self.loaderPolicies = loaderPolicies
    }

    /// One past the last millisecond of the window.
    public var windowEndMs: Int { windowStartMs + windowMs }

    /// The frame instants: start, start + interval, … while inside the window.
    public var frameInstants: [Int] {
        Array(stride(from: windowStartMs, to: windowEndMs, by: frameIntervalMs))
    }

    /// Each beat's latency after slow motion, in ms.
    public func effectiveLatencyMs(of beat: Beat) -> Int {
        slowMotion.apply(toMs: beat.latencyMs)
    }
}

/// A capture plan: which bench to drive, with which panels, over which recording window,
/// sampled how often, with which stills, what the run must show, and the bench's own part (its
/// script and settings) as typed ``BenchSettings``.
///
/// A plan exists only validated: read one from JSON with ``init(json:name:benches:)`` or build
/// one in code with ``init(name:summary:bench:settings:panels:mode:slowMotion:windowStartMs:windowMs:frameIntervalMs:scale:stills:expect:flashThresholdMs:)``;
/// both apply the same limits and throw ``PlanError`` naming the JSON path and what was
/// expected. Its fields cannot be changed afterwards; ``resampled(windowMs:frameIntervalMs:)``
/// makes a validated copy with another window. Times are whole milliseconds.
public struct CapturePlan: Sendable {
    /// How the script runs.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// A free-running cycle: steps run one after another and start again after the last.
        case cycle
        /// Steps run once; the last phase is held for the rest of the window (for stills of one phase).
        case pinned
    }

    /// A frame taken at a named instant for documentation.
    public struct Still: Hashable, Sendable {
        /// File-name-safe name: 1 to 64 lowercase letters, digits, `-` and `_`.
        package var name: String
        /// The instant, in ms since the start of the run, inside the window.
        package var atMs: Int
        /// The panels the still shows, left to right (plan member `"panels": ["allFour"]`), so a
        /// document can show one panel alone; each one of the plan's panels, none twice. nil: the
        /// plan's panels. The image is as wide as a frame with that many panels.
        package var panels: [String]?
        /// The scales its images are written at (plan member `"scales": [1, 2, 3]`): 1 to 8 each,
        /// distinct. Scale 1 is `stills/<name>.png` and scale n `stills/<name>@nx.png`, the names
        /// documentation sites use for high-density images. nil: one image, `stills/<name>.png`,
        /// at the plan's ``CapturePlan/scale``.
        package var scales: [Int]?

        /// A still named `name` (file-name-safe, see ``name``) at `atMs`, ms since the start of the
        /// run, showing `panels` (nil: the plan's) at `scales` (nil: the plan's scale). The plan's
        /// validation checks all four.
        package init(name: String, atMs: Int, panels: [String]? = nil, scales: [Int]? = nil) {
            self.name = name
            self.atMs = atMs
            self.panels = panels
            self.scales = scales
        }
    }

    /// What the run must show.
    public struct Expectations: Hashable, Sendable {
        /// Phase name → the fewest frames that must show it (coverage).
        package var minFrames: [String: Int]
        /// Phase name → the largest share, in percent, of frames and of time it may take (dominance).
        package var maxSharePercent: [String: Int]
        /// Panel → the most loader flashes allowed (none checked when absent).
        package var maxFlashes: [String: Int]
        /// Panel → the most milliseconds of content held back by its loader policy.
        package var maxHeldBackMs: [String: Int]
        /// Panels that must follow every rule of their bench (``BenchDefinition/rules``).
        package var followRules: [String]
        /// Panel → phases during which it must expose at least one semantic (accessibility)
        /// element whenever the phase is on screen (`"announce": {"allFour": ["loading", "failed"]}`).
        package var announce: [String: [String]]
        /// Lane (a panel that reads a lane of its own) → the coverage and dominance that lane must
        /// meet, each member replacing the plan's ``minFrames`` or ``maxSharePercent`` for that lane
        /// alone (`"lanes": {"naive": {"minFrames": {"failed": 1}}}`); a lane not listed, and a
        /// member a lane's entry leaves out, meet the plan's own.
        package var lanes: [String: LaneExpectations] = [:]

        /// What one lane must show, where it differs from the plan's expectations.
        package struct LaneExpectations: Hashable, Sendable {
            /// Phase name → the fewest frames of this lane that must show it; nil: the plan's.
            package var minFrames: [String: Int]?
            /// Phase name → the largest share, in percent, this lane may spend in it; nil: the plan's.
            package var maxSharePercent: [String: Int]?
        }

        /// The coverage and dominance limits `lane` is judged by: its own entry's members over the plan's.
        package func limits(ofLane lane: String) -> (minFrames: [String: Int], maxSharePercent: [String: Int]) {
            (lanes[lane]?.minFrames ?? minFrames, lanes[lane]?.maxSharePercent ?? maxSharePercent)
        }

        /// Expectations from the maps above, each empty by default: phase → fewest frames, phase →
        /// largest share in percent, panel → most flashes, panel → most held-back ms, and the panels
        /// that must follow every rule.
        public init(minFrames: [String: Int] = [:], maxSharePercent: [String: Int] = [:], maxFlashes: [String: Int] = [:], maxHeldBackMs: [String: Int] = [:], followRules: [String] = [], announce: [String: [String]] = [:]) {
            self.followRules = followRules
            self.announce = announce
            self.minFrames = minFrames
            self.maxSharePercent = maxSharePercent
            self.maxFlashes = maxFlashes
            self.maxHeldBackMs = maxHeldBackMs
        }

        /// Every phase of `phases` in at least one frame (coverage), with the given dominance
        /// limits: the usual default of a bench.
        ///
        /// ```swift
        /// analysis: .init(depictions: […], expect: .everyPhase(ProfilePhase.names, maxSharePercent: ["loading": 50]))
        /// ```
        /// - Parameters:
        ///   - phases: phase names, as plans spell them (`BenchPhase.names`).
        ///   - maxSharePercent: phase name → the largest share of the frames it may take, in percent.
        public static func everyPhase(_ phases: [String], maxSharePercent: [String: Int] = [:]) -> Expectations {
            Expectations(minFrames: Dictionary(uniqueKeysWithValues: phases.map { ($0, 1) }), maxSharePercent: maxSharePercent)
        }
    }

    /// What a bench's settings decoder may know of the plan's bench-neutral part.
    public struct Context: Sendable {
        /// The plan's mode.
        package var mode: Mode
        /// The plan's panels, left to right.
        package var panels: [String]
        /// The plan's slow-motion factor.
        package var slowMotion: SlowMotion
    }

    /// The most frames a plan may have in its window.
    package static let maxFrames = 100_000
    /// The longest recording window, ms (one hour).
    package static let maxWindowMs = 3_600_000
    /// The latest window start, ms (one day).
    package static let maxWindowStartMs = 86_400_000

    /// The plan's name: its file name without `.json`. Output files are named from it.
    package let name: String
    /// A sentence saying what the plan shows (may be empty).
    package let summary: String
    /// The bench the plan drives.
    package let bench: BenchDefinition
    /// Panel identifiers, left to right (each one of ``BenchDefinition/panelIDs``).
    package let panels: [String]
    /// Cycle or pinned (one of ``BenchDefinition/modes``).
    package let mode: Mode
    /// The factor applied to every scripted latency.
    public let slowMotion: SlowMotion
    /// Where the recording window starts, in ms since the start of the run (0...86,400,000).
    package let windowStartMs: Int
    /// The recording window's length in ms (1...3,600,000); the window is [start, start + length).
    package let windowMs: Int
    /// Milliseconds between frames (1...windowMs); frames are at start + k × interval inside the window.
    package let frameIntervalMs: Int
    /// Output scale: each logical pixel becomes a `scale × scale` block (1...8).
    package let scale: Int
    /// Stills at named instants inside the window.
    package let stills: [Still]
    /// Coverage, dominance, loader and rule expectations.
    package let expect: Expectations
    /// A loader visible for more than 0 and less than this many ms is a flash (1...60,000; default 300).
    package let flashThresholdMs: Int
    /// The bench's own part of the plan, as its definition decoded it.
    package let settings: any BenchSettings
    /// Plan member `extendToSettle` (default false): ``settled()`` extends the window to the
    /// first frame instant at or after the last scripted change, so the final state is filmed.
    package let extendToSettle: Bool
    /// The colours frames, the strip and the contact sheet are drawn in (plan member `theme`,
    /// `"dark"` or `"light"`; default dark). `--theme` on the command line gives a copy with
    /// another (``themed(_:)``).
    package private(set) var theme: Theme = .dark

    /// Builds and validates a plan in code, with the same limits as a plan file.
    ///
    /// - Parameters:
    ///   - panels: nil for the bench's default panels (``BenchDefinition/defaultPanelIDs``) in order.
    ///   - mode: nil for the bench's default mode.
    ///   - expect: nil for the bench's default expectations.
    /// - Throws: ``PlanError`` with the JSON path of the member a plan file would have given
    ///   (`$.windowMs`, `$.stills[0].atMs`, …) and what was expected.
    public init(
        name: String, summary: String = "", bench: BenchDefinition, settings: any BenchSettings,
        panels: [String]? = nil, mode: Mode? = nil, slowMotion: SlowMotion = .off,
        windowStartMs: Int = 0, windowMs: Int, frameIntervalMs: Int, scale: Int = 2,
        stills: [Still] = [], expect: Expectations? = nil, flashThresholdMs: Int = 300, extendToSettle: Bool = false
    ) throws(PlanError) {
        self.name = name
        self.summary = summary
        self.bench = bench
        self.settings = settings
        self.panels = panels ?? bench.defaultPanelIDs
        self.mode = mode ?? bench.modes[0]
        self.slowMotion = slowMotion
        self.windowStartMs = windowStartMs
        self.windowMs = windowMs
        self.frameIntervalMs = frameIntervalMs
        self.scale = scale
        self.stills = stills
        self.expect = expect ?? bench.defaultExpectations
        self.flashThresholdMs = flashThresholdMs
        self.extendToSettle = extendToSettle
        try validate()
        try bench.validate(self)
    }

    /// One past the last millisecond of the window.
    package var windowEndMs: Int { windowStartMs + windowMs }

    /// The frame instants: start, start + interval, … while inside the window.
    package var frameInstants: [Int] {
        Array(stride(from: windowStartMs, to: windowEndMs, by: frameIntervalMs))
    }

    /// The number of frames in the window.
    package var frameCount: Int { (windowMs + frameIntervalMs - 1) / frameIntervalMs }

    /// The bench's settings as the type its definition decodes. Traps when `type` is not that
    /// type: a definition only ever reads its own settings.
    package func settings<Settings: BenchSettings>(as type: Settings.Type) -> Settings {
        guard let typed = settings as? Settings else {
            preconditionFailure("bench \(bench.name) was given settings of type \(Swift.type(of: settings)), expected \(Settings.self)")
        }
        return typed
    }

    /// This plan drawn in `theme` (everything else the same).
    package func themed(_ theme: Theme) -> CapturePlan {
        var copy = self
        copy.theme = theme
        return copy
    }

    /// A validated copy with another window and frame interval (stills outside the new window
    /// are dropped), e.g. for `filmstrip bench --frames N`.
    /// - Throws: ``PlanError`` when the new window or interval is out of range.
    package func resampled(windowMs: Int, frameIntervalMs: Int) throws(PlanError) -> CapturePlan {
        try CapturePlan(
            name: name, summary: summary, bench: bench, settings: settings, panels: panels, mode: mode,
            slowMotion: slowMotion, windowStartMs: windowStartMs, windowMs: windowMs, frameIntervalMs: frameIntervalMs,
            scale: scale, stills: stills.filter { $0.atMs < windowStartMs + windowMs }, expect: expect,
            flashThresholdMs: flashThresholdMs, extendToSettle: extendToSettle).themed(theme)
    }

    /// Runs the plan on `clock`: samples every frame instant and still, and logs the timeline until
    /// the window's end (or `untilMs` when later: the lint looks past the window).
    ///
    /// - Parameter sampleFrames: false to log the timeline only (no frames or stills).
    /// - Throws: ``RunError`` when the bench schedules work without end (naming the bench, the
    ///   instant and its last event) or does not stop when the run ends.
    public func run(clock: ClockKind = .virtual, untilMs: Int? = nil, sampleFrames: Bool = true) throws(RunError) -> RecordedRun {
        try bench.runner(self, clock, untilMs, sampleFrames)
    }

    /// The limits every plan meets, whichever way it was made.
    private func validate() throws(PlanError) {
        func check(_ ok: Bool, _ path: String, _ message: @autoclosure () -> String) throws(PlanError) {
            if !ok { throw PlanError(path: path, message: message()) }
        }
        func within(_ value: Int, _ range: ClosedRange<Int>, _ path: String, _ unit: String = "") throws(PlanError) {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            try check(range.contains(value), path, "expected an integer from \(range.lowerBound) to \(range.upperBound)\(suffix), found \(value)")
        }
        try check(!panels.isEmpty, "$.panels", "expected at least one panel")
        for (index, id) in panels.enumerated() {
            try check(bench.panelIDs.contains(id), "$.panels[\(index)]", "unknown panel '\(id)' for bench \(bench.name); expected one of: \(bench.panelIDs.joined(separator: ", "))")
            try check(!panels[..<index].contains(id), "$.panels[\(index)]", "panel '\(id)' is listed twice")
        }
        try check(bench.modes.contains(mode), "$.mode", "the \(bench.name) bench runs in \(bench.modes.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")) mode; expected that or no mode")
        try check((1...100_000).contains(slowMotion.permille), "$.slowMotion", "expected a number from 0.001 to 100 with at most three decimals, found \(slowMotion)")
        try within(windowStartMs, 0...Self.maxWindowStartMs, "$.windowStartMs", "ms")
        try within(windowMs, 1...Self.maxWindowMs, "$.windowMs", "ms")
        try within(frameIntervalMs, 1...windowMs, "$.frameIntervalMs", "ms (at most the window)")
        try check(frameCount <= Self.maxFrames, "$.frameIntervalMs", "expected at most \(Self.maxFrames) frames in the window, the plan gives \(frameCount)")
        try within(scale, 1...8, "$.scale")
        for (index, still) in stills.enumerated() {
            let path = "$.stills[\(index)]"
            try check(
                !still.name.isEmpty && still.name.count <= 64
                    && still.name.unicodeScalars.allSatisfy({ "abcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars.contains($0) }),
                "\(path).name", "expected 1 to 64 lowercase letters, digits, '-' or '_', found \"\(still.name)\"")
            try check(!stills[..<index].contains { $0.name == still.name }, "\(path).name", "still '\(still.name)' is named twice")
            try within(still.atMs, windowStartMs...(windowEndMs - 1), "\(path).atMs", "ms (inside the window)")
            if let shown = still.panels {
                try check(!shown.isEmpty, "\(path).panels", "expected at least one of this plan's panels: \(panels.joined(separator: ", "))")
                for (position, id) in shown.enumerated() {
                    try check(panels.contains(id), "\(path).panels[\(position)]", "unknown panel '\(id)' in this plan; expected one of: \(panels.joined(separator: ", "))")
                    try check(!shown[..<position].contains(id), "\(path).panels[\(position)]", "panel '\(id)' is listed twice")
                }
            }
            if let scales = still.scales {
                try check(!scales.isEmpty, "\(path).scales", "expected at least one scale from 1 to 8")
                for (position, scale) in scales.enumerated() {
                    try within(scale, 1...8, "\(path).scales[\(position)]")
                    try check(!scales[..<position].contains(scale), "\(path).scales[\(position)]", "scale \(scale) is listed twice")
                }
            }
        }
        try within(flashThresholdMs, 1...60_000, "$.flashThresholdMs", "ms")
        for (key, value) in expect.minFrames.sorted(by: { $0.key < $1.key }) {
            try check(bench.phaseNames.contains(key), "$.expect.minFrames.\(key)", "unknown phase '\(key)'; expected one of: \(bench.phaseNames.joined(separator: ", "))")
            try within(value, 0...Self.maxFrames, "$.expect.minFrames.\(key)", "frames")
        }
        for (key, value) in expect.maxSharePercent.sorted(by: { $0.key < $1.key }) {
            try check(bench.phaseNames.contains(key), "$.expect.maxSharePercent.\(key)", "unknown phase '\(key)'; expected one of: \(bench.phaseNames.joined(separator: ", "))")
            try within(value, 0...100, "$.expect.maxSharePercent.\(key)", "percent")
        }
        for (member, table, range, unit) in [("maxFlashes", expect.maxFlashes, 0...1_000_000, "flashes"), ("maxHeldBackMs", expect.maxHeldBackMs, 0...3_600_000, "ms")] {
            for (key, value) in table.sorted(by: { $0.key < $1.key }) {
                try check(panels.contains(key), "$.expect.\(member).\(key)", "unknown panel '\(key)' in this plan; expected one of: \(panels.joined(separator: ", "))")
                try within(value, range, "$.expect.\(member).\(key)", unit)
            }
        }
        for (panel, phases) in expect.announce.sorted(by: { $0.key < $1.key }) {
            try check(panels.contains(panel), "$.expect.announce.\(panel)", "unknown panel '\(panel)' in this plan; expected one of: \(panels.joined(separator: ", "))")
            for (index, phase) in phases.enumerated() {
                try check(bench.phaseNames.contains(phase), "$.expect.announce.\(panel)[\(index)]", "unknown phase '\(phase)'; expected one of: \(bench.phaseNames.joined(separator: ", "))")
            }
        }
        for (index, id) in expect.followRules.enumerated() {
            try check(panels.contains(id), "$.expect.followRules[\(index)]", "expected a panel of this plan (\(panels.joined(separator: ", "))), found '\(id)'")
        }
        for (lane, limits) in expect.lanes.sorted(by: { $0.key < $1.key }) {
            let lanes = panels.filter(bench.laneIDs.contains)
            try check(lanes.contains(lane), "$.expect.lanes.\(lane)", "unknown lane '\(lane)' in this plan; expected one of: \(lanes.isEmpty ? "none (the \(bench.name) bench has no lanes)" : lanes.joined(separator: ", "))")
            for (member, table, range, unit) in [("minFrames", limits.minFrames, 0...Self.maxFrames, "frames"), ("maxSharePercent", limits.maxSharePercent, 0...100, "percent")] {
                for (key, value) in (table ?? [:]).sorted(by: { $0.key < $1.key }) {
                    let path = "$.expect.lanes.\(lane).\(member).\(key)"
                    try check(bench.phaseNames.contains(key), path, "unknown phase '\(key)'; expected one of: \(bench.phaseNames.joined(separator: ", "))")
                    try within(value, range, path, unit)
                }
            }
        }
    }
}

import FilmstripRaster

/// An entry of a run's timeline, as reports show it.
public struct TimelineEntry: Hashable, Sendable {
    /// An event, or the bench entering a phase.
    public enum Kind: String, Hashable, Sendable {
        /// An event the bench logged in words, or the bench entering a phase.
        case event, phase
    }

    /// When, in ms since the start of the run.
    public var tMs: Int
    /// Position in the log, from 0; ties in `tMs` keep this order (rule of time 2).
    package var sequence: Int
    /// Event or phase change.
    public var kind: Kind
    /// The event in words, or the phase's name.
    public var text: String

    /// An entry at `tMs` (ms since the start of the run), at position `sequence` in the log, of
    /// `kind`, with its words or phase name.
    package init(tMs: Int, sequence: Int, kind: Kind, text: String) {
        self.tMs = tMs
        self.sequence = sequence
        self.kind = kind
        self.text = text
    }
}

/// A half-open interval [enterMs, exitMs) during which a phase or a depiction was on screen.
public struct Segment: Hashable, Sendable {
    /// The phase or depiction name.
    package var name: String
    /// Entered at, ms.
    public var enterMs: Int
    /// Left at, ms (not included).
    public var exitMs: Int

    /// A segment named `name` over [enterMs, exitMs), ms since the start of the run.
    package init(name: String, enterMs: Int, exitMs: Int) {
        self.name = name
        self.enterMs = enterMs
        self.exitMs = exitMs
    }

    /// `exitMs - enterMs`; 0 for a phase entered and left at the same instant.
    package var durationMs: Int { exitMs - enterMs }

    /// This segment cut to [fromMs, toMs); nil when nothing of it is inside.
    package func clipped(fromMs: Int, toMs: Int) -> Segment? {
        let enter = max(enterMs, fromMs)
        let exit = min(exitMs, toMs)
        return OnScreen.isSeen(fromMs: enter, untilMs: exit) ? Segment(name: name, enterMs: enter, exitMs: exit) : nil
    }
}

/// One panel's depiction in one frame.
public struct PanelDepiction: Hashable, Sendable {
    /// Panel identifier (`"allFour"`).
    package var panel: String
    /// What it showed.
    package var depiction: Depiction

    /// The depiction `depiction` shown by the panel whose identifier is `panel`.
    package init(panel: String, depiction: Depiction) {
        self.panel = panel
        self.depiction = depiction
    }
}

/// One sampled instant of a run.
public struct FrameRecord: Hashable, Sendable {
    /// Position among the run's frames (or stills), from 0.
    package var index: Int
    /// The instant it was scheduled for, in ms.
    package var scheduledMs: Int
    /// The instant it was taken, in ms: the scheduled one on the virtual clock, the measured one
    /// on the real clock.
    public var tMs: Int
    /// The phase on screen; nil for a frame dropped because it could not be taken on time.
    package var phase: String?
    /// The phase's payload in words at the frame's time (`ASC 409 · version already exists`,
    /// `elapsed 1,093 ms`, `3 rows`); nil when it has none or the frame was dropped.
    package var phaseDetail: String?
    /// Each panel's depiction, left to right (empty when dropped).
    public var panels: [PanelDepiction]
    /// Which capture sample holds this frame's phase value.
    let sampleIndex: Int

    /// True when the frame could not be taken on time (real clock only).
    package var dropped: Bool { phase == nil }
}

/// A frame taken at a named instant.
public struct StillRecord: Hashable, Sendable {
    /// The still's name from the plan; its file is `stills/<name>.png`.
    package var name: String
    /// The sampled frame (its ``FrameRecord/panels``: the panels the still shows).
    public var frame: FrameRecord
    /// The panels the still shows, left to right (the plan's when the still names none).
    package var panels: [String]
    /// The scales its images are written at (``CapturePlan/Still/scales``); nil for one image at
    /// the plan's scale.
    package var scales: [Int]?
}

/// What one panel drew in a rendered frame.
package struct PanelRendering: Hashable, Sendable {
    /// Panel identifier.
    package var panel: String
    /// What it depicts.
    package var depiction: Depiction
    /// Every text run it drew, in order.
    package var texts: [DrawnText]
    /// Its semantic (accessibility) elements.
    package var elements: [SemanticElement]
    /// The panel's top-left corner in the frame, pixels at 1×; the panel is the frame
    /// layout's ``PanelLayout/width`` × ``PanelLayout/height`` from there, and ``texts``,
    /// ``title`` and ``figures`` are in panel pixels (add `origin` for frame pixels).
    package var origin: Point = Point(x: 0, y: 0)
    /// The caption drawn in the title bar (cut with `…` when wider than the content width).
    package var title: DrawnText = DrawnText(text: "", origin: Point(x: 0, y: 0), color: .black)
    /// The figures it drew (spinners, trays, bars, bullets), in panel pixels at 1×.
    package var figures: [Rect] = []
}

/// A frame's pixels with what each panel reported beside them.
public struct RenderedFrame: Sendable {
    /// The frame at the plan's scale (RGBA8, see ``Canvas``).
    package var canvas: Canvas
    /// Per panel, left to right.
    package var panels: [PanelRendering]
    /// Code points the font lacked while drawing this frame.
    package var missing: [Unicode.Scalar]
    /// The geometry the frame was drawn with (from the font's metrics).
    package var layout: PanelLayout
    /// The header's text runs, in frame pixels at 1×: the plan's name (cut with `…` to fit),
    /// then the time and phase.
    package var header: [DrawnText]
    /// The phase's colour swatch in the header, frame pixels at 1×.
    package var swatch: Rect
    /// The text the frame's chrome drew, each with the colour it sits on: the header's plan
    /// name and time · phase label (frame pixels), then each panel's title on its tint (panel
    /// pixels), at 1×.
    package var chromeTexts: [DrawnText] { header + panels.map(\.title) }
}

/// Everything a run produced except pixels: the plan, the timeline, phase and depiction
/// segments, the frames and stills with their depictions, and a way to draw any of them.
public struct RecordedRun: Sendable {
    /// The plan that was run.
    package let plan: CapturePlan
    /// The clock it ran on.
    package let clock: ClockKind
    /// Every event and phase change, in order.
    public let timeline: [TimelineEntry]
    /// Phase intervals from 0 to the end of the run (not clipped to the window).
    package let phaseSegments: [Segment]
    /// Per panel identifier, depiction intervals from 0 to the end of the run.
    package let depictionSegments: [String: [Segment]]
    /// Per panel that reads a lane of its own (``ModelLane``), that lane's phase intervals; the
    /// loader analysis of such a panel uses them instead of ``phaseSegments``. Empty otherwise.
    package internal(set) var lanePhaseSegments: [String: [Segment]] = [:]
    /// The lanes the plan shows, in its panel order: its panels that are lanes of the bench
    /// (``BenchDefinition/laneIDs``) and have lane phases; empty for a bench without lanes.
    package var laneIDs: [String] {
        plan.panels.filter { plan.bench.laneIDs.contains($0) && lanePhaseSegments[$0] != nil }
    }
    /// Per lane stopped for work without end, its sentence (its phase stays where it was; the
    /// other lanes ran on); empty otherwise.
    package internal(set) var stoppedLanes: [String: String] = [:]
    /// The frames, in time order.
    public let frames: FrameRecords
    /// The stills, in plan order.
    public let stills: [StillRecord]
    /// Every phase name the bench has, in report order.
    package let phaseNames: [String]
    /// Per panel identifier, the intervals during which it broke a rule, each named by the rule
    /// (benches without rules: empty).
    package let violations: [String: [Segment]]
    /// The bench's counts, e.g. `ignoredTaps`.
    public let counters: [String: Int]
    /// The next scripted phase change at or after the window's end, found by running the script
    /// past it on the virtual clock; nil when the bench has settled (or for the lint's own runs).
    package internal(set) var pendingAtEnd: PendingChange?
    /// The bench's notes for the person running the plan (``Bench/notes``).
    package let notes: [String]
    /// The bench's timed requests (``Bench/loadTimings``).
    public let loadTimings: [LoadTiming]
    /// Per panel named in the plan's `expect.announce`, the intervals during which it exposed no
    /// semantic element (``SemanticProbe``), named by the phase on screen.
    package let silentSegments: [String: [Segment]]
    let draw: @Sendable (_ sampleIndex: Int, _ font: BitmapFont, _ scale: Int, _ panels: [String]?) -> RenderedFrame?

    /// Draws `frame` (a frame or a still of this run) at `scale` (default: the plan's), in the
    /// plan's ``CapturePlan/theme``; nil for a dropped frame.
    public func render(_ frame: FrameRecord, font: BitmapFont, scale: Int? = nil) -> RenderedFrame? {
        draw(frame.sampleIndex, font, scale ?? plan.scale, nil)
    }

    /// Draws `still` with only the panels it shows (``StillRecord/panels``), at `scale`
    /// (default: the plan's); nil for a dropped frame. Its width is that of a frame with that
    /// many panels (``logicalFrameSize(panelCount:font:)`` × scale).
    package func render(_ still: StillRecord, font: BitmapFont, scale: Int? = nil) -> RenderedFrame? {
        draw(still.frame.sampleIndex, font, scale ?? plan.scale, still.panels == plan.panels ? nil : still.panels)
    }

    /// The size of a frame with `panelCount` panels at 1×, in pixels, drawn with `font`
    /// (``PanelLayout/frameSize(panelCount:)``).
    package static func logicalFrameSize(panelCount: Int, font: BitmapFont) -> (width: Int, height: Int) {
        PanelLayout(font: font).frameSize(panelCount: panelCount)
    }

    /// The size of a frame at 1×, in pixels, drawn with `font`: it follows the font's metrics
    /// (``PanelLayout/frameSize(panelCount:)``): 448 × 187 for two panels in misc-fixed 6x13.
    package func logicalFrameSize(font: BitmapFont) -> (width: Int, height: Int) {
        PanelLayout(font: font).frameSize(panelCount: plan.panels.count)
    }
}

import FilmstripCore
import Foundation

/// One side of a comparison (A or B): what `filmstrip compare` needs from one run, read from the
/// run's `report.json` (``RunReport``) — a recorded output folder's, or the report of a plan just
/// run — with a strict reader that names the JSON path of anything missing or malformed.
///
/// Times are whole milliseconds since the start of the run; dwell is exact (rule of time 6),
/// never the report's rounded `share`.
package struct ComparisonSide: Hashable, Sendable {
    /// One frame of the run: when it was taken and what phase it showed.
    package struct Frame: Hashable, Sendable {
        /// The frame's index in its run (`$.frames[i].index`; its image is `frames/NNNN.png`).
        package var index: Int
        /// When it was taken, ms since the start of the run (measured on the real clock).
        package var tMs: Int
        /// The phase on screen; nil for a frame the real clock dropped.
        package var phase: String?

        /// A frame with index `index` taken at `tMs` ms showing `phase` (nil: dropped).
        package init(index: Int, tMs: Int, phase: String?) {
            self.index = index
            self.tMs = tMs
            self.phase = phase
        }
    }

    /// How the person named this side: the plan file or the output folder, as typed.
    package var source: String
    /// The plan's name (`$.plan`).
    package var plan: String
    /// The bench's name (`$.bench`).
    package var bench: String
    /// `virtual` or `real` (`$.clock`).
    package var clock: String
    /// Where the window starts, ms since the start of the run (`$.windowStartMs`).
    package var windowStartMs: Int
    /// The window's length, ms (`$.windowMs`, at least 1).
    package var windowMs: Int
    /// Time between two scheduled frames, ms (`$.frameIntervalMs`).
    package var frameIntervalMs: Int
    /// The integer factor its frame PNGs were scaled by (`$.scale`, at least 1).
    package var scale: Int
    /// A loader shorter than this was a flash, ms (`$.flashThresholdMs`).
    package var flashThresholdMs: Int
    /// Per phase, its dwell inside the window, ms (`$.dwell.<phase>.ms`).
    package var phaseMs: [String: Int]
    /// Per lane of a bench with lanes, per phase, that lane's dwell inside the window, ms
    /// (`$.lanes.<lane>.dwell.<phase>.ms`); empty for a report without `lanes`.
    package var laneMs: [String: [String: Int]] = [:]
    /// Per panel, per depiction, its dwell inside the window, ms (`$.panels.<panel>.<depiction>.ms`).
    package var depictionMs: [String: [String: Int]]
    /// Per panel that showed a loader, its flashes in time order as [enterMs, exitMs) segments
    /// named by the panel (`$.loaders.<panel>.flashes[i]`: `startMs`, `durationMs`).
    package var flashes: [String: [Segment]]
    /// The phases on screen, in time order, clipped to the window: built from the timeline's
    /// phase entries (`$.timeline[i]` with `kind` `phase`), each lasting until the next one or
    /// the window's end.
    package var phaseSegments: [Segment]
    /// Every frame of the window, in time order, dropped ones included (`$.frames`).
    package var frames: [Frame]
    /// The whole report, for what changed in time (``TimingChanges``); nil when the bytes are
    /// not a whole report of this version (a later one, say), which the page then names.
    package var report: RunReport?

    /// The largest time a report may give, ms (about 31 years): sums of two times stay far from
    /// `Int`'s limit.
    package static let longestMs = 1_000_000_000_000

    /// The window's end, ms since the start of the run.
    package var windowEndMs: Int { windowStartMs + windowMs }

    /// Reads one side from the bytes of a `report.json` as ``RunReport`` writes it. Members the
    /// comparison does not use are not read, so reports of later versions are accepted.
    ///
    /// - Parameter source: how the person named the side, for tables and pages.
    /// - Throws: ``PlanError`` at the JSON path of the first member that is missing or of the
    ///   wrong type (`$.dwell.loading.ms: required member is missing`), or at `$` with the line
    ///   and column when the text is not JSON.
    package init(reportJSON data: Data, source: String) throws(PlanError) {
        let root = try JSONObjectReader(JSONValue.parse(data), path: "$", allowed: nil)
        func text(_ reader: JSONObjectReader, _ key: String) throws(PlanError) -> String {
            guard let value = try reader.string(key) else { throw PlanError(path: reader.path(key), message: "required member is missing") }
            return value
        }
        func whole(_ reader: JSONObjectReader, _ key: String, from lowest: Int = 0) throws(PlanError) -> Int {
            guard let value = try reader.integer(key, in: lowest...Self.longestMs, unit: "ms") else {
                throw PlanError(path: reader.path(key), message: "required member is missing")
            }
            return value
        }
        func objects(_ reader: JSONObjectReader, _ key: String) throws(PlanError) -> [(String, JSONObjectReader)] {
            guard let object = try reader.object(key, allowed: nil) else { throw PlanError(path: reader.path(key), message: "required member is missing") }
            return try members(object)
        }
        func members(_ object: JSONObjectReader) throws(PlanError) -> [(String, JSONObjectReader)] {
            var result: [(String, JSONObjectReader)] = []
            for name in object.members.keys.sorted() {
                result.append((name, try JSONObjectReader(object.members[name]!, path: object.path(name), allowed: nil)))
            }
            return result
        }
        func items(_ reader: JSONObjectReader, _ key: String) throws(PlanError) -> [JSONObjectReader] {
            guard let array = try reader.array(key) else { throw PlanError(path: reader.path(key), message: "required member is missing") }
            var result: [JSONObjectReader] = []
            for (offset, item) in array.enumerated() {
                result.append(try JSONObjectReader(item, path: "\(reader.path(key))[\(offset)]", allowed: nil))
            }
            return result
        }

        self.source = source
        plan = try text(root, "plan")
        bench = try text(root, "bench")
        clock = try text(root, "clock")
        windowStartMs = try whole(root, "windowStartMs")
        windowMs = try whole(root, "windowMs", from: 1)
        frameIntervalMs = try whole(root, "frameIntervalMs", from: 1)
        flashThresholdMs = try whole(root, "flashThresholdMs", from: 1)
        guard let scale = try root.integer("scale", in: 1...8) else { throw PlanError(path: root.path("scale"), message: "required member is missing") }
        self.scale = scale
        var phaseMs: [String: Int] = [:]
        for (phase, entry) in try objects(root, "dwell") { phaseMs[phase] = try whole(entry, "ms") }
        self.phaseMs = phaseMs
        if root.members["lanes"] != nil {
            for (lane, entry) in try objects(root, "lanes") {
                var dwell: [String: Int] = [:]
                for (phase, phaseEntry) in try objects(entry, "dwell") { dwell[phase] = try whole(phaseEntry, "ms") }
                laneMs[lane] = dwell
            }
        }
        var depictionMs: [String: [String: Int]] = [:]
        for (panel, depictions) in try objects(root, "panels") {
            var dwell: [String: Int] = [:]
            for (depiction, entry) in try members(depictions) { dwell[depiction] = try whole(entry, "ms") }
            depictionMs[panel] = dwell
        }
        self.depictionMs = depictionMs
        var flashes: [String: [Segment]] = [:]
        for (panel, loader) in try objects(root, "loaders") {
            var list: [Segment] = []
            for flash in try items(loader, "flashes") {
                let start = try whole(flash, "startMs")
                list.append(Segment(name: panel, enterMs: start, exitMs: start + (try whole(flash, "durationMs"))))
            }
            flashes[panel] = list
        }
        self.flashes = flashes
        var changes: [(tMs: Int, phase: String)] = []
        for entry in try items(root, "timeline") where try text(entry, "kind") == "phase" {
            changes.append((try whole(entry, "tMs"), try text(entry, "text")))
        }
        let (start, end) = (windowStartMs, windowStartMs + windowMs)
        phaseSegments = changes.enumerated().compactMap { offset, change in
            let exit = offset + 1 < changes.count ? changes[offset + 1].tMs : max(end, change.tMs)
            return Segment(name: change.phase, enterMs: change.tMs, exitMs: exit).clipped(fromMs: start, toMs: end)
        }
        var frames: [Frame] = []
        for frame in try items(root, "frames") {
            let phase: String?
            switch try frame.required("phase") {
            case .null: phase = nil
            default: phase = try text(frame, "phase")
            }
            frames.append(Frame(index: try whole(frame, "index"), tMs: try whole(frame, "tMs"), phase: phase))
        }
        self.frames = frames
        report = RunReport.read(data)
    }
}

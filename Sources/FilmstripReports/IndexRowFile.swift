import FilmstripCore
import Foundation

/// One plan's row of the index across plans, written as `index-row.json` beside its
/// `report.json` (``OutputLayout/indexRowPath``): the few fields the index page shows, so the
/// index is built from a few hundred bytes per plan instead of decoding every report whole (a
/// 100,000-frame report is tens of MB).
///
/// ```json
/// { "bench" : "inbox", "frames" : 24, "passed" : true, "plan" : "inbox-cycle",
///   "planFile" : "captures/inbox-cycle.json", "summary" : "…",
///   "thumbnails" : [ { "file" : "frames/0000.png", "phase" : "loading" } ], "verdict" : "passed", "windowMs" : 12000 }
/// ```
///
/// Keys are sorted and there are no dates: the same plan gives the same bytes.
package struct IndexRowFile: Codable, Hashable, Sendable {
    /// The first frame of one phase: its image, relative to the plan's folder, and the phase's name.
    package struct Thumbnail: Codable, Hashable, Sendable {
        /// The frame's PNG relative to the plan's folder, e.g. `frames/0004.png`.
        package var file: String
        /// The phase it shows, by name.
        package var phase: String
    }

    /// The plan's name, which is also its folder's (``RunReport/plan``).
    package var plan: String
    /// The plan file the recording was made from, relative to the folder that holds the output
    /// root (for the default root `captures`, the working directory: `captures/live/live-announce.json`).
    /// `record` and `check` report a plan folder whose plan file no longer exists there.
    package var planFile: String
    /// The bench's name (``RunReport/bench``).
    package var bench: String
    /// The plan's summary (``RunReport/summary``).
    package var summary: String
    /// Whether every check passed (``RunReport/passed``).
    package var passed: Bool
    /// The verdict line (``RunReport/verdict``).
    package var verdict: String
    /// How many frames the run recorded, dropped ones included.
    package var frames: Int
    /// The recording window's length, ms.
    package var windowMs: Int
    /// The first frame of each phase shown, in time order, among frames with a file.
    package var thumbnails: [Thumbnail]
    /// The theme the outputs were drawn in (``RunReport/theme``): `"light"`, or absent for dark.
    package var theme: String?

    /// The row of `report`, recorded from `planFile` (see ``planFile``).
    package init(report: RunReport, planFile: String) {
        self.init(report: report, frames: report.frames, planFile: planFile)
    }

    /// The row of `report` whose frame rows are `frames` (read once, in order; `report`'s own
    /// are not read): a recording passes rows made one at a time, so no run's rows are held whole.
    package init(report: RunReport, frames rows: some Collection<RunReport.Frame>, planFile: String) {
        var picker = ThumbnailPicker()
        for frame in rows { picker.note(frame) }
        self.init(report: report, frameCount: rows.count, thumbnails: picker, planFile: planFile)
    }

    /// The row of `report`, with `frameCount` frames whose thumbnails `thumbnails` picked as the
    /// rows were made (each row is built once, by the recording that writes it).
    package init(report: RunReport, frameCount: Int, thumbnails: ThumbnailPicker, planFile: String) {
        plan = report.plan
        self.planFile = planFile
        bench = report.bench
        summary = report.summary
        passed = report.passed
        verdict = report.verdict
        frames = frameCount
        windowMs = report.windowMs
        self.thumbnails = thumbnails.picked
        theme = report.theme
    }

    /// Picks the first frame of each phase shown, in time order, among frames with a file: fed
    /// the frame rows one at a time, as a recording makes them.
    package struct ThumbnailPicker: Sendable {
        private var seen: Set<String> = []
        /// The thumbnails picked so far, in time order.
        package private(set) var picked: [Thumbnail] = []

        /// An empty picker.
        package init() {}

        /// Takes the next frame row.
        package mutating func note(_ frame: RunReport.Frame) {
            guard let phase = frame.phase, let file = frame.file, !seen.contains(phase) else { return }
            seen.insert(phase)
            picked.append(Thumbnail(file: file, phase: phase))
        }
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain Codable values cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Reads a row written by ``jsonData()``; nil when the bytes are not one.
    package static func read(_ data: Data) -> IndexRowFile? {
        try? JSONDecoder().decode(IndexRowFile.self, from: data)
    }

    /// The index page's row, with the thumbnails whose files `exists` confirms.
    /// - Parameter exists: whether a file relative to the plan's folder exists.
    package func row(exists: (String) -> Bool) -> IndexPage.Row {
        IndexPage.Row(
            plan: plan, bench: bench, summary: summary, passed: passed, verdict: verdict, frames: frames, windowMs: windowMs,
            thumbnails: thumbnails.filter { exists($0.file) }.map { ($0.file, $0.phase) }, theme: theme.flatMap(Theme.init(rawValue:)) ?? .dark)
    }
}

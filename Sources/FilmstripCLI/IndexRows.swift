import FilmstripCore
import FilmstripReports
import Foundation

/// The rows of the index page across plans: one per plan folder in the output root that holds
/// a report of that plan. `record` writes the page from them; `check` compares the committed page.
struct IndexRows {
    let root: String
    /// The registered benches, for the colours of their phases.
    let benches: [BenchDefinition]

    /// The index page across plans, from ``rows(fresh:)``.
    func page(fresh: [String: RunReport] = [:]) -> String {
        let benches = self.benches
        return IndexPage.html(rows: rows(fresh: fresh)) { bench, phase in
            benches.first { $0.name == bench }?.style(ofPhase: phase).color ?? PhaseStyle.unknown.color
        }
    }

    /// The rows, by folder name. `fresh` replaces the report read from disk for the plans it names.
    func rows(fresh: [String: RunReport] = [:]) -> [IndexPage.Row] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var rows: [IndexPage.Row] = []
        for name in names.sorted() {
            let folder = OutputFolder(root: root, name: name)
            guard let report = fresh[name] ?? folder.read(OutputLayout.reportPath).flatMap(RunReport.read), report.plan == name else { continue }
            rows.append(IndexPage.Row(
                plan: report.plan, bench: report.bench, summary: report.summary, passed: report.passed, verdict: report.verdict,
                frames: report.frames.count, windowMs: report.windowMs, thumbnails: Self.thumbnails(report, folder: folder)))
        }
        return rows
    }

    /// The first frame of each phase, in time order, among the frames whose files exist.
    private static func thumbnails(_ report: RunReport, folder: OutputFolder) -> [(file: String, phase: String)] {
        var seen: Set<String> = []
        var result: [(file: String, phase: String)] = []
        for frame in report.frames {
            guard let phase = frame.phase, let file = frame.file, !seen.contains(phase) else { continue }
            guard FileManager.default.fileExists(atPath: "\(folder.path)/\(file)") else { continue }
            seen.insert(phase)
            result.append((file, phase))
        }
        return result
    }
}

import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip record`: runs plans and writes every output, then the index across plans.
struct RecordCommand {
    let options: CommandLineOptions
    let terminal: Terminal

    func run() throws(CommandError) -> Int32 {
        let loader = PlanLoader()
        let (plans, problems) = loader.load(try loader.planFiles(options.plans))
        for problem in problems.dropLast() { terminal.diagnose("error: \(problem)") }
        if let last = problems.last { throw last }
        let (font, fontSource) = try FontLoader().load(path: options.font)
        let root = options.out ?? PlanLoader.defaultFolder
        try OutputFolder(path: root).prepare(subfolders: [])

        var failed = 0
        for (file, plan) in plans {
            let passed = try record(plan, file: file, font: font, fontSource: fontSource, root: root)
            if !passed { failed += 1 }
        }
        try writeIndex(root: root)
        terminal.print(failed == 0
            ? "\(plans.count) plan(s) recorded in \(root)/: all passed"
            : "\(plans.count) plan(s) recorded in \(root)/: \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    private func record(_ plan: CapturePlan, file: String, font: BitmapFont, fontSource: String, root: String) throws(CommandError) -> Bool {
        let recording = PlanRecording(
            plan: plan, file: file, clock: options.clock, font: font, folder: OutputFolder(path: "\(root)/\(plan.name)"))
        let outcome = try recording.record { lint in
            for finding in lint { terminal.diagnose("\(file): lint: \(finding)") }
        }
        for scalar in outcome.missing {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            terminal.diagnose("\(file): font \(fontSource) has no glyph for U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex); drawn as its default character")
        }
        TerminalTable.lines(run: outcome.run, analysis: outcome.analysis).forEach(terminal.print)
        return outcome.analysis.passed
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

    /// Writes `root/index.html` listing every plan folder in `root` that holds a report.
    private func writeIndex(root: String) throws(CommandError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var rows: [IndexPage.Row] = []
        for name in names.sorted() {
            let folder = OutputFolder(path: "\(root)/\(name)")
            guard let report = folder.read(OutputLayout.reportPath).flatMap(RunReport.read), report.plan == name else { continue }
            rows.append(IndexPage.Row(
                plan: report.plan, summary: report.summary, passed: report.passed, verdict: report.verdict,
                frames: report.frames.count, windowMs: report.windowMs,
                thumbnails: Self.thumbnails(report, folder: folder)))
        }
        try OutputFolder(path: root).write(Data(IndexPage.html(rows: rows).utf8), to: OutputLayout.contactSheetPath)
    }
}

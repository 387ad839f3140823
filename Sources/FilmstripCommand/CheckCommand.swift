import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip check`: runs plans and judges them; writes nothing.
///
/// Besides coverage and dominance, on the virtual clock it compares each plan's recorded outputs
/// (when `DIR/<plan>/report.json` exists) with a fresh render: images by decoded pixels,
/// reports and contact sheets by bytes. A mismatch fails the plan, so committed documentation
/// images cannot drift from the code that makes them.
struct CheckCommand {
    let options: CommandLineOptions
    let terminal: Terminal

    func run() throws(CommandError) -> Int32 {
        let loader = PlanLoader()
        let (plans, problems) = loader.load(try loader.planFiles(options.plans))
        for problem in problems.dropLast() { terminal.diagnose("error: \(problem)") }
        if let last = problems.last { throw last }
        let root = options.out ?? PlanLoader.defaultFolder
        var font: (font: BitmapFont, source: String)?
        var failed = 0
        for (file, plan) in plans {
            let run: RecordedRun
            let lint: [String]
            do {
                lint = try PlanLint.findings(for: plan)
                for finding in lint { terminal.diagnose("\(file): lint: \(finding)") }
                run = try BenchCatalog.run(plan, clock: options.clock)
            } catch {
                throw CommandError(.run(plan: file, message: error.message))
            }
            let analysis = Analysis(run)
            TerminalTable.lines(run: run, analysis: analysis).forEach(terminal.print)
            var passed = analysis.passed

            let folder = OutputFolder(path: "\(root)/\(plan.name)")
            if !options.compare {
                // Judged only.
            } else if options.clock == .real {
                terminal.print("  recorded outputs: not compared on the real clock (its times are measured)")
            } else if let recorded = folder.read(OutputLayout.reportPath).flatMap(RunReport.read), recorded.plan == plan.name {
                if font == nil { font = try FontLoader().load(path: options.font) }
                let comparison = OutputComparison(folder: folder.path)
                _ = try OutputRenderer(run: run, analysis: analysis, lint: lint, font: font!.font).produce(images: comparison) { path, document throws(CommandError) in
                    var data = Data()
                    try document { data.append($0) }
                    comparison.compare(path, document: data)
                }
                comparison.noteStale(recorded.writtenFiles)
                let findings = comparison.findings
                if findings.isEmpty {
                    terminal.print("  recorded outputs: \(recorded.writtenFiles.count) files match a fresh render")
                } else {
                    passed = false
                    terminal.print("  recorded outputs: \(findings.count) mismatch(es); re-record with: filmstrip record \(file)")
                    for finding in findings { terminal.print("    mismatch: \(finding)") }
                }
            } else {
                terminal.print("  recorded outputs: none in \(folder.path)/ to compare")
            }
            if !passed { failed += 1 }
        }
        terminal.print(failed == 0 ? "\(plans.count) plan(s) checked: all passed" : "\(plans.count) plan(s) checked: \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}

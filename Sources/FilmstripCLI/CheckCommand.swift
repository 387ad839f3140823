import FilmstripCore
import Foundation
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip check`: runs plans and judges them; writes nothing.
///
/// Besides coverage and dominance, on the virtual clock it compares each plan's recorded outputs
/// (when `DIR/<plan>/report.json` exists) with a fresh render: images by decoded pixels,
/// reports and contact sheets by bytes. A mismatch fails the plan, so committed documentation
/// images cannot drift from the code that makes them; so does a plan folder whose report is
/// missing or unreadable. A plan with no folder at all has nothing to compare.
struct CheckCommand {
    let options: CommandLineOptions
    /// The benches plans may name.
    let benches: [BenchDefinition]
    let terminal: Terminal

    func run() throws(CommandError) -> Int32 {
        let plans = try PlanLoader(benches: benches).loadAll(options.plans, terminal: terminal)
        let root = options.out ?? PlanLoader.defaultFolder
        // A font given on the command line is checked at once, whether or not a comparison needs it.
        var font: (font: BitmapFont, source: String)? = try options.font.map { path throws(CommandError) in try FontLoader().load(path: path, terminal: terminal) }
        var failed = 0
        var missing: [Unicode.Scalar] = []
        var freshReports: [String: RunReport] = [:]
        var indexDiffers = false
        for (file, plan) in plans {
            let (run, lint) = try LintedRun(plan, file: file, clock: options.clock, terminal: terminal).parts
            let analysis = Analysis(run)
            TerminalTable.lines(run: run, analysis: analysis).forEach(terminal.print)
            var passed = analysis.passed

            let folder = OutputFolder(path: "\(root)/\(plan.name)")
            if !options.compare {
                // Judged only.
            } else if options.clock == .real {
                terminal.print("  recorded outputs: not compared on the real clock (its times are measured)")
            } else if let recorded = folder.read(OutputLayout.reportPath).flatMap(RunReport.read), recorded.plan == plan.name {
                if font == nil { font = try FontLoader().load(path: nil, terminal: terminal) }
                let comparison = OutputComparison(folder: folder.path, run: run)
                let drawn = try OutputRenderer(run: run, analysis: analysis, lint: lint, font: font!.font).produce(images: comparison) { path, document throws(CommandError) in
                    var data = Data()
                    try document { data.append($0) }
                    comparison.compare(path, document: data)
                }
                for scalar in drawn.missing where !missing.contains(scalar) { missing.append(scalar) }
                freshReports[plan.name] = drawn.report
                comparison.noteStale(recorded.writtenFiles)
                // Writes the fresh and difference images of each image mismatch into DIR/<plan>/.failures/.
                let findings = try comparison.writeFailureArtifacts()
                if findings.isEmpty {
                    terminal.print("  recorded outputs: \(recorded.writtenFiles.count) files match a fresh render")
                } else {
                    passed = false
                    terminal.print("  recorded outputs: \(findings.count) mismatch(es); re-record with: filmstrip record \(file)")
                    for finding in findings {
                        terminal.print("    mismatch: \(finding)")
                        if let files = finding.artifacts {
                            terminal.print("      fresh: \(files.fresh)")
                            if let difference = files.difference { terminal.print("      difference: \(difference)") }
                        }
                    }
                }
            } else if FileManager.default.fileExists(atPath: folder.path) {
                // A folder without a readable report of this plan: its outputs cannot be vouched for.
                passed = false
                let problem = folder.read(OutputLayout.reportPath) == nil ? "is missing" : "is not a filmstrip report of this plan"
                terminal.print("  recorded outputs: \(folder.path)/\(OutputLayout.reportPath) \(problem); re-record with: filmstrip record \(file)")
            } else {
                terminal.print("  recorded outputs: none in \(folder.path)/ to compare")
            }
            if !passed { failed += 1 }
        }
        // The index across plans, when every shipped plan was checked against its recorded outputs.
        let index = "\(root)/\(OutputLayout.contactSheetPath)"
        if options.plans.isEmpty, !freshReports.isEmpty, freshReports.count == plans.count,
           let recorded = FileManager.default.contents(atPath: index)
        {
            let fresh = Data(IndexRows(root: root, benches: benches).page(fresh: freshReports).utf8)
            if fresh == recorded {
                terminal.print("index: \(index) matches a fresh render")
            } else {
                indexDiffers = true
                terminal.print("index: mismatch: \(index) differs from a fresh render; re-record with: filmstrip record")
            }
        }
        if let font, let warning = FontLoader().missingGlyphWarning(missing, font: font.font, source: font.source) { terminal.diagnose("warning: \(warning)") }
        let plansLine = failed == 0 ? "\(plans.count) plan(s) checked: all passed" : "\(plans.count) plan(s) checked: \(failed) failed"
        terminal.print(indexDiffers ? plansLine + "; the index across plans differs" : plansLine)
        return failed == 0 && !indexDiffers ? 0 : 1
    }
}

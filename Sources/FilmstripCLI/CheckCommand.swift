import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip check`: runs plans and judges them; writes nothing but the failure images of
/// recorded images that no longer match (`DIR/<plan>/.failures/`).
///
/// Besides coverage and dominance, on the virtual clock it compares each plan's recorded outputs
/// (when `DIR/<plan>/report.json` exists) with a fresh render: images by decoded pixels,
/// reports and contact sheets by bytes. A mismatch fails the plan, so committed documentation
/// images cannot drift from the code that makes them; so does a plan folder whose report is
/// missing or unreadable. A plan with no folder at all has nothing to compare.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "run capture plans and judge them (the CI gate); writes only failure images"
    static let usage = "filmstrip check [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--theme dark|light] [--no-compare]"
    static let options = PlanCommandOptions.specs + [.flag("--no-compare")]
    static func help(context: CommandContext) -> String {
        """
        filmstrip check: run capture plans and judge them (the CI gate). It writes nothing but, for a recorded
        image that no longer matches, its fresh render and a difference image in DIR/<plan>/.failures/.

        USAGE
          filmstrip check [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--theme dark|light] [--no-compare]

        ARGUMENTS
          PLAN               capture plan files (default: every captures/*.json)

        OPTIONS
          --out DIR          where the recorded outputs are (default: captures)
          --clock KIND       virtual or real (default: the bench's first clock); on the real clock,
                             recorded outputs of a real-clock recording are compared with tolerance
          --font FILE.bdf    the font the outputs were recorded with (default: the bundled misc-fixed 6x13)
          --theme NAME       draw fresh images dark or light (default: the theme report.json was
                             recorded in, else the plan's "theme")
          --no-compare       judge coverage and dominance only; do not compare recorded outputs
          -h, --help         show this help

        CHECKS
          coverage           each required phase in at least its minimum number of frames
          dominance          no phase above its share of frames or of time
          recorded outputs   when DIR/<plan>/report.json exists: frames, stills and strip match a fresh
                             render pixel for pixel, and report.json and index.html byte for byte;
                             a real-clock recording: every frame's phase and the timeline's phase order
                             exactly, frame and phase times within one frame interval

        Prints each plan's dwell table and verdict; exits 1 when any check fails, 2 on bad input.
        """
    }

    let options: PlanCommandOptions
    /// `--no-compare` not given: compare recorded outputs with a fresh render.
    let compare: Bool
    /// The benches plans may name.
    let benches: [BenchDefinition]
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        options = try PlanCommandOptions(arguments)
        compare = !arguments.flag("--no-compare")
        benches = context.benches
        terminal = context.terminal
    }

    func run() throws(CommandError) -> ExitCode {
        let plans = try PlanLoader(benches: benches).loadAll(options.plans, terminal: terminal)
        let root = options.out ?? PlanLoader.defaultFolder
        // A font given on the command line is checked at once, whether or not a comparison needs it.
        var font: (font: BitmapFont, source: String)? = try options.font.map { path throws(CommandError) in try FontLoader().load(path: path, terminal: terminal) }
        var failed = 0
        var missing: [Unicode.Scalar] = []
        var freshReports: [String: RunReport] = [:]
        var indexDiffers = false
        for (file, given) in plans {
            // Fresh images are drawn in --theme, else in the theme the outputs were recorded in.
            let recordedTheme = OutputFolder(root: root, name: given.name).read(OutputLayout.reportPath).flatMap(RunReport.read)
                .map { recorded in recorded.theme.flatMap(Theme.init(rawValue:)) ?? .dark }
            let plan = options.themed(given, recorded: recordedTheme)
            let clock = options.clock(for: plan)
            let (run, lint) = try LintedRun(plan, file: file, clock: clock, terminal: terminal).parts
            let analysis = Analysis(run)
            TerminalTable.lines(run: run, analysis: analysis).forEach(terminal.print)
            var passed = analysis.passed

            let folder = OutputFolder(root: root, name: plan.name)
            if !compare {
                // Judged only.
            } else if clock == .real {
                if let recorded = folder.read(OutputLayout.reportPath).flatMap(RunReport.read), recorded.plan == plan.name, recorded.clock == ClockKind.real.rawValue {
                    let findings = TimingTolerantComparison(recorded: recorded, folder: folder.path).findings(fresh: run)
                    // The index across plans shows the recorded run (its measured times).
                    freshReports[plan.name] = recorded
                    if findings.isEmpty {
                        terminal.print("  recorded outputs: the phases of \(run.frames.count) frames and the timeline's phase order match the recorded run, times within one frame interval (\(Quantity.ms(plan.frameIntervalMs)))")
                    } else {
                        passed = false
                        let cause = run.notes.isEmpty ? "" : " (the notes above may say why)"
                        terminal.print("  recorded outputs: \(findings.count) difference(s) beyond real-clock tolerance\(cause); re-record with: filmstrip record \(file)")
                        for finding in findings { terminal.print("    mismatch: \(finding)") }
                    }
                } else {
                    terminal.print("  recorded outputs: not compared on the real clock (no report recorded on the real clock)")
                }
            } else if let recorded = folder.read(OutputLayout.reportPath).flatMap(RunReport.read), recorded.plan == plan.name {
                if font == nil { font = try FontLoader().load(path: nil, terminal: terminal) }
                let comparison = OutputComparison(
                    folder: folder.path, run: run,
                    recordedDigests: recorded.frameDigests(\.pixelsSHA256), recordedFileDigests: recorded.frameDigests(\.fileSHA256))
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
        return failed == 0 && !indexDiffers ? .passed : .checkFailed
    }
}

import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip record`: runs plans and writes every output, then the index across plans.
struct RecordCommand: Command {
    static let name = "record"
    static let summary = "run capture plans and write their frames, stills, strip, report and contact sheet"
    static let usage = "filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--theme dark|light] [--no-wait]"
    static let options = PlanCommandOptions.specs + [.flag("--no-wait")]
    static func help(context: CommandContext) -> String {
        """
        filmstrip record: run capture plans and write their frames, stills, filmstrip, report and contact sheet.

        USAGE
          filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--theme dark|light] [--no-wait]

        ARGUMENTS
          PLAN               capture plan files (default: every captures/*.json)

        OPTIONS
          --out DIR          output root (default: captures); each plan writes DIR/<plan>/
          --clock KIND       virtual (exact and repeatable) or real (runs in real time, measured);
                             default: the bench's first clock (virtual, or real for a bench that needs it)
          --font FILE.bdf    a BDF 2.1 bitmap font (default: the bundled misc-fixed 6x13)
          --theme NAME       draw frames, stills, strip and contact sheet dark or light (default: each
                             plan's "theme", dark when it names none); report.json records it
          --no-wait          exit 2 at once when another run is writing into DIR (default: wait for it)
          -h, --help         show this help

        OUTPUTS (per plan, in DIR/<plan>/)
          frames/NNNN.png    every frame, at the plan's scale
          stills/NAME.png    the plan's stills
          filmstrip.png      the frames in one strip (up to 32, evenly spaced), labelled with their time
          report.json        dwell, coverage, dominance, timeline and files
          index.html         the contact sheet
        and DIR/index.html across all plans. Every plan is validated before anything is written.
        """
    }

    let options: PlanCommandOptions
    /// Wait for another run holding the output root's lock (`--no-wait` stops instead).
    let wait: Bool
    /// The benches plans may name.
    let benches: [BenchDefinition]
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        options = try PlanCommandOptions(arguments)
        wait = !arguments.flag("--no-wait")
        benches = context.benches
        terminal = context.terminal
    }

    func run() throws(CommandError) -> ExitCode {
        let plans = try PlanLoader(benches: benches).loadAll(options.plans, terminal: terminal).map { ($0.0, options.themed($0.1)) }
        let (font, fontSource) = try FontLoader().load(path: options.font, terminal: terminal)
        let root = options.out ?? PlanLoader.defaultFolder
        let rootFolder = OutputFolder(path: root)
        try rootFolder.create()
        // One run at a time per output root; the lock is held until this function returns.
        let lock = try OutputLock(root: root, wait: wait) {
            terminal.diagnose("waiting for another filmstrip run writing in \(root)/ to finish (--no-wait stops instead)")
        }
        defer { withExtendedLifetime(lock) {} }
        try rootFolder.prepare(subfolders: [])
        // The index across plans is written last: a link in its way is refused before any plan is.
        _ = try rootFolder.inside(OutputLayout.contactSheetPath)
        // Every plan runs before anything is written (a timeline is cheap on the virtual clock),
        // so a plan whose run has to be stopped leaves every output folder as it was.
        var runs: [LintedRun] = []
        for (file, plan) in plans {
            runs.append(try LintedRun(plan, file: file, clock: options.clock(for: plan), terminal: terminal))
        }

        var failed = 0
        var missing: [Unicode.Scalar] = []
        for ((file, plan), linted) in zip(plans, runs) {
            let recording = PlanRecording(plan: plan, file: file, clock: options.clock(for: plan), font: font, folder: OutputFolder(root: root, name: plan.name))
            let outcome = try recording.write(linted)
            for scalar in outcome.missing where !missing.contains(scalar) { missing.append(scalar) }
            TerminalTable.lines(run: outcome.run, analysis: outcome.analysis).forEach(terminal.print)
            if !outcome.analysis.passed { failed += 1 }
        }
        try writeIndex(root: root)
        // Once per run, however many plans and frames needed them.
        if let warning = FontLoader().missingGlyphWarning(missing, font: font, source: fontSource) { terminal.diagnose("warning: \(warning)") }
        terminal.print(failed == 0
            ? "\(plans.count) plan(s) recorded in \(root)/: all passed"
            : "\(plans.count) plan(s) recorded in \(root)/: \(failed) failed")
        return failed == 0 ? .passed : .checkFailed
    }

    /// Writes `root/index.html` listing every plan folder in `root` that holds a report.
    private func writeIndex(root: String) throws(CommandError) {
        try OutputFolder(path: root).write(Data(IndexRows(root: root, benches: benches).page().utf8), to: OutputLayout.contactSheetPath)
    }
}

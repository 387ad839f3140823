import FilmstripOutputs
import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip record`: runs plans and writes every output, then the index across plans.
struct RecordCommand: Command {
    static let name = "record"
    static let summary = "run capture plans and write their frames, stills, strip, report and contact sheet"
    static let usage = "filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--theme dark|light] [--shard i/n] [--no-wait]"
    static let options = PlanCommandOptions.specs + [.flag("--no-wait")]
    static func help(context: CommandContext) -> String {
        """
        filmstrip record: run capture plans and write their frames, stills, filmstrip, report and contact sheet.

        USAGE
          \(usage)

        ARGUMENTS
          PLAN               capture plan files (default: every captures/*.json)

        OPTIONS
          --out DIR          output root (default: captures); each plan writes DIR/<plan>/
          --clock KIND       virtual (exact and repeatable) or real (runs in real time, measured);
                             default: the bench's first clock (virtual, or real for a bench that needs it)
          --font FILE.bdf    a BDF 2.1 bitmap font (default: the bundled misc-fixed 6x13)
          --theme NAME       draw frames, stills, strip and contact sheet dark or light (default: each
                             plan's "theme", dark when it names none); report.json records it
          --shard i/n        record the i-th of n shares of the plans (sorted by name, dealt round-robin),
                             for a CI matrix; the index across plans is not written (run filmstrip index DIR
                             once every shard is done)
          --no-wait          exit 2 at once when another run is writing into DIR (default: wait for it)
          -h, --help         show this help

        OUTPUTS (per plan, in DIR/<plan>/)
          frames/NNNN.png    every frame, at the plan's scale
          stills/NAME.png    the plan's stills
          filmstrip.png      the frames in one strip (up to 32, evenly spaced), labelled with their time
          report.json        dwell, coverage, dominance, timeline and files
          index-row.json     the plan's row of the index across plans
          index.html         the contact sheet
        and DIR/index.html across all plans (a plan folder whose plan file no longer exists is left
        out of it, and named). Every plan is validated before anything is written.
        """
    }

    let options: PlanCommandOptions
    /// Wait for another run holding the output root's lock (`--no-wait` stops instead).
    let wait: Bool
    /// The benches plans may name.
    let benches: [BenchDefinition]
    let terminal: Terminal

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        options = try PlanCommandOptions(arguments)
        wait = !arguments.flag("--no-wait")
        benches = context.benches
        terminal = context.terminal
    }

    func run() throws(FilmstripError) -> ExitCode {
        let plans = options.share(of: try PlanLoader(benches: benches).loadAll(options.plans)).map { ($0.file, options.themed($0.plan)) }
        let (font, fontSource) = try FontLoader().load(path: options.font, terminal: terminal)
        let root = options.out ?? PlanLoader.defaultFolder
        let rootFolder = OutputFolder(path: root)
        try rootFolder.create()
        // One run at a time per output root; the lock is held until this function returns.
        let lock = try OutputLock(root: root, wait: wait) {
            terminal.diagnose(OutputLock.waitingNote(root: root))
        }
        defer { withExtendedLifetime(lock) {} }
        try rootFolder.prepare(subfolders: [])
        // A folder bearing a plan's name that filmstrip did not write is refused before any is written.
        for (_, plan) in plans { try OutputOwnership.claim(OutputFolder(root: root, name: plan.name).path, as: .planFolder) }
        // The index across plans is written last: a link in its way is refused before any plan is.
        _ = try rootFolder.inside(OutputLayout.contactSheetPath)
        try OutputOwnership.claim("\(root)/\(OutputLayout.contactSheetPath)", as: .indexAcrossPlans)
        // Every plan runs before anything is written (a timeline is cheap on the virtual clock),
        // so a plan whose run has to be stopped leaves every output folder as it was.
        var runs: [LintedRun] = []
        for (file, plan) in plans {
            runs.append(try LintedRun(plan, file: file, clock: options.clock(for: plan), terminal: terminal))
        }

        var failed = 0
        var missing: [Unicode.Scalar] = []
        for ((file, plan), linted) in zip(plans, runs) {
            let outputs = PlanOutputs(plan: plan, root: root, font: font, file: file, planFile: PlanFilePath.relative(file: file, root: root))
            let recording = try outputs.write(linted, clock: options.clock(for: plan))
            for scalar in recording.missingGlyphs where !missing.contains(scalar) { missing.append(scalar) }
            TerminalTable.lines(run: recording.outcome.run, analysis: recording.analysis).forEach(terminal.print)
            if !recording.passed { failed += 1 }
        }
        if let shard = options.shard {
            terminal.print("index: not written for shard \(shard); once every shard has run: filmstrip index \(PlanCommandOptions.quoted(root))")
        } else {
            try IndexCommand.writeIndex(root: root, benches: benches, terminal: terminal)
        }
        // Once per run, however many plans and frames needed them.
        if let warning = FontLoader().missingGlyphWarning(missing, font: font, source: fontSource) { terminal.diagnose("warning: \(warning)") }
        let shard = options.shard.map { " (shard \($0))" } ?? ""
        terminal.print(failed == 0
            ? "\(plans.count) plan(s) recorded in \(root)/: all passed\(shard)"
            : "\(plans.count) plan(s) recorded in \(root)/: \(failed) failed\(shard)")
        return failed == 0 ? .passed : .checkFailed
    }
}

import FilmstripOutputs
import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip record`: runs plans and writes every output, then the index across plans.
struct RecordCommand: Command {
    static let name = "record"
    static let summary = "run capture plans and write their frames, stills, strip, report and contact sheet"
    static let usage = "filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf] [--theme dark|light] [--shard i/n] [--no-wait] [--quiet]"
    static let options = PlanCommandOptions.specs + [.flag("--no-wait"), .flag("--quiet")]
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
          --quiet            say nothing before long work and show no progress
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

        PROGRESS
          A plan past \(Quantity.grouped(LongWork.frameThreshold)) frames, \(Quantity.grouped(LongWork.pixelThreshold)) pixels a frame or an estimated \(LongWork.bytesText(LongWork.byteThreshold))
          is announced on standard error before it runs (frames, frame size, disk). When standard
          error is a terminal, a line there counts the images written, per plan and overall, in
          place; on a pipe or a file (a CI log) it shows nothing.
        """
    }

    let options: PlanCommandOptions
    /// Wait for another run holding the output root's lock (`--no-wait` stops instead).
    let wait: Bool
    /// The benches plans may name.
    let benches: [BenchDefinition]
    let terminal: Terminal
    /// `--quiet`: no notice before long work and no progress.
    let quiet: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        options = try PlanCommandOptions(arguments)
        wait = !arguments.flag("--no-wait")
        quiet = arguments.flag("--quiet")
        benches = context.benches
        terminal = context.terminal
    }

    func run() throws(FilmstripError) -> ExitCode {
        let plans = options.share(of: try PlanLoader(benches: benches).loadAll(options.plans)).map { ($0.file, options.themed($0.plan)) }
        let (font, fontSource) = try FontLoader().load(path: options.font, terminal: terminal)
        // Long work says what is coming before anything runs.
        if !quiet {
            for (file, plan) in plans {
                let work = LongWork(plan: plan, font: font)
                if work.isLong { terminal.diagnose(work.notice(file: file)) }
            }
        }
        let progress = ProgressLine(stream: terminal.error, shown: !quiet && terminal.error.isTerminal)
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
        for (index, (file, plan)) in plans.enumerated() {
            progress.show("running \(index + 1)/\(plans.count) \(plan.name)", force: true)
            let linted = try LintedRun(plan, file: file, clock: options.clock(for: plan))
            progress.clear()
            terminal.diagnoseLint(linted.lint, file: file)
            runs.append(linted)
        }
        // Images per plan (the strip, every still's images, every frame), for the overall count.
        var totals: [Int] = []
        for ((_, plan), linted) in zip(plans, runs) {
            var images = 1 + linted.run.frames.count
            for still in plan.stills { images += OutputLayout.stillFiles(name: still.name, scales: still.scales, planScale: plan.scale).count }
            totals.append(images)
        }
        let overallTotal = totals.reduce(0, +)
        var overallBefore = 0

        var failed = 0
        var missing: [Unicode.Scalar] = []
        for (index, ((file, plan), linted)) in zip(plans, runs).enumerated() {
            let outputs = PlanOutputs(plan: plan, root: root, font: font, file: file, planFile: PlanFilePath.relative(file: file, root: root))
            let before = overallBefore
            let recording = try outputs.write(linted, clock: options.clock(for: plan)) { done, total in
                progress.show(
                    ProgressLine.text(plan: index + 1, of: plans.count, name: plan.name, done: done, total: total, overallDone: before + done, overallTotal: overallTotal),
                    force: done == total)
            }
            progress.clear()
            overallBefore += totals[index]
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

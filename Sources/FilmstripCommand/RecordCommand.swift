import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip record`: runs plans and writes every output, then the index across plans.
struct RecordCommand {
    let options: CommandLineOptions
    let terminal: Terminal

    func run() throws(CommandError) -> Int32 {
        let plans = try PlanLoader().loadAll(options.plans, terminal: terminal)
        let (font, fontSource) = try FontLoader().load(path: options.font, terminal: terminal)
        let root = options.out ?? PlanLoader.defaultFolder
        let rootFolder = OutputFolder(path: root)
        try rootFolder.create()
        // One run at a time per output root; the lock is held until this function returns.
        let lock = try OutputLock(root: root, wait: options.wait) {
            terminal.diagnose("waiting for another filmstrip run writing in \(root)/ to finish (--no-wait stops instead)")
        }
        defer { withExtendedLifetime(lock) {} }
        try rootFolder.prepare(subfolders: [])
        // Every plan runs before anything is written (a timeline is cheap on the virtual clock),
        // so a plan whose run has to be stopped leaves every output folder as it was.
        var runs: [LintedRun] = []
        for (file, plan) in plans {
            runs.append(try LintedRun(plan, file: file, clock: options.clock, terminal: terminal))
        }

        var failed = 0
        var missing: [Unicode.Scalar] = []
        for ((file, plan), linted) in zip(plans, runs) {
            let recording = PlanRecording(plan: plan, file: file, clock: options.clock, font: font, folder: OutputFolder(root: root, name: plan.name))
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
        return failed == 0 ? 0 : 1
    }

    /// Writes `root/index.html` listing every plan folder in `root` that holds a report.
    private func writeIndex(root: String) throws(CommandError) {
        try OutputFolder(path: root).write(Data(IndexPage.html(rows: IndexRows(root: root).rows()).utf8), to: OutputLayout.contactSheetPath)
    }
}

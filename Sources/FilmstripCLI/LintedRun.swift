import FilmstripCore

/// One plan, linted then run: what `record` and `check` both start from.
struct LintedRun {
    let run: RecordedRun
    /// The lint's findings, already printed on standard error.
    let lint: [String]

    /// The run and the findings, for destructuring.
    var parts: (RecordedRun, [String]) { (run, lint) }

    /// Lints `plan` (printing each finding as `file: lint: …` on standard error), then runs it.
    /// - Throws: ``CommandError`` (run) naming the file when the bench had to be stopped.
    init(_ plan: CapturePlan, file: String, clock: ClockKind, terminal: Terminal) throws(CommandError) {
        lint = PlanLint.findings(for: plan)
        for finding in lint { terminal.diagnose("\(file): lint: \(finding)") }
        do {
            run = try plan.run(clock: clock)
        } catch {
            throw CommandError(.run(plan: file, message: error.message))
        }
    }
}

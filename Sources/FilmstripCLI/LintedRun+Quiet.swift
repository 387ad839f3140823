import FilmstripCore

extension LintedRun {
    /// Lints `plan` and runs it without printing: the library API returns the findings.
    /// - Throws: ``CommandError`` (run) naming `file` when the bench had to be stopped.
    init(quietly plan: CapturePlan, file: String, clock: ClockKind) throws(CommandError) {
        lint = PlanLint.findings(for: plan)
        do {
            run = try plan.run(clock: clock)
        } catch {
            throw CommandError(.run(plan: file, message: error.message))
        }
    }
}

import FilmstripCore

/// One plan, linted then run: what `record` and `check` both start from.
package struct LintedRun {
    package let run: RecordedRun
    /// The lint's findings (sentences; the command line prints each as `file: lint: …`).
    package let lint: [String]

    /// The run and the findings, for destructuring.
    package var parts: (RecordedRun, [String]) { (run, lint) }

    /// Lints `plan`, then runs it; prints nothing.
    /// - Throws: ``FilmstripError`` (run) naming `file` when the bench had to be stopped.
    package init(_ plan: CapturePlan, file: String, clock: ClockKind) throws(FilmstripError) {
        // One look-ahead per plan, read by the lint and the pending-work scan: with the
        // recorded run, the bench runs twice.
        let ahead = LookAhead(plan)
        lint = PlanLint.findings(for: ahead)
        do {
            run = try ahead.recordedRun(clock: clock)
        } catch {
            throw FilmstripError(.run(plan: file, message: error.message))
        }
    }
}

/// One run of a plan past its window's end on the virtual clock, timeline only (no frames),
/// made once per plan and read by everything that looks past the window: ``PlanLint`` (can the
/// script reach every required phase?) and ``PendingWork`` (what still happens after the
/// window?). With the recorded run that makes two runs of the bench per plan.
///
/// ```swift
/// let ahead = LookAhead(plan)
/// let findings = PlanLint.findings(for: ahead)
/// let run = try ahead.recordedRun(clock: .virtual)   // its pendingAtEnd read from `ahead`
/// ```
///
/// It looks as far as ``PlanLint/horizonMs(for:)``: the window's end plus twice the script's
/// length or the window's, at most ``PlanLint/lookAheadLimitMs``. A bench that cannot run on
/// the virtual clock, or a timeline that cannot be followed (too many events), gives no
/// look-ahead (``timeline`` nil): the recorded run itself reports the problem.
package struct LookAhead: Sendable {
    /// The plan looked at.
    package let plan: CapturePlan
    /// The run to ``PlanLint/horizonMs(for:)``, timeline only; nil when there is none.
    package let timeline: RecordedRun?

    /// Runs `plan` to its horizon on the virtual clock, once.
    package init(_ plan: CapturePlan) {
        self.plan = plan
        timeline = plan.bench.clocks.contains(.virtual)
            ? try? plan.run(clock: .virtual, untilMs: PlanLint.horizonMs(for: plan), sampleFrames: false)
            : nil
    }

    /// What the script still does after the window; nil without a look-ahead.
    package var pending: PendingWork? { timeline.map { PendingWork(plan, lookAhead: $0) } }

    /// The plan's recorded run on `clock`, with ``RecordedRun/pendingAtEnd`` read from this
    /// look-ahead.
    /// - Throws: ``RunError`` when the bench schedules work without end or does not stop.
    package func recordedRun(clock: ClockKind) throws(RunError) -> RecordedRun {
        var run = try plan.run(clock: clock)
        run.pendingAtEnd = pending?.next
        return run
    }
}

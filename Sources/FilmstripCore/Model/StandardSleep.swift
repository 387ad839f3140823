@_spi(ExperimentalScheduling) @_spi(ExperimentalCustomExecutors) import _Concurrency

// Task.sleep, and every standard clock's sleep, hand their wake-up job to the current
// `SchedulingExecutor` on this toolchain (Swift 6.3); without that, a model's sleep would go to
// Dispatch's timers and the virtual clock could not see it. HostedTime checks at run time that it holds.
#if !compiler(>=6.3)
#error("filmstrip puts Task.sleep on its virtual clock through SchedulingExecutor, which Swift 6.3 or later provides (docs/OWN-CODE.md)")
#endif

/// Where a standard sleep's wake-up goes when it reaches one of the run's executors: onto the
/// virtual clock while a hosted run captures (``HostedTime``), otherwise to the runtime's own
/// timers, exactly as if the executor did not schedule.
enum StandardSleep {
    /// Schedules `job` (a sleep's wake-up) for `instant` on `clock`.
    static func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C, time: HostedTime?) {
        let unowned = UnownedJob(job)
        if let time, time.schedule(unowned, at: instant, clock: clock) { return }
        realTime(ExecutorJob(unowned), at: instant, tolerance: tolerance, clock: clock)
    }

    /// Hands `job` to the runtime's default executor at `instant`: a real timer.
    static func realTime<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        if let timers = Task.defaultExecutor as? any SchedulingExecutor {
            timers.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        } else {
            Task.defaultExecutor.enqueue(job)
        }
    }
}

extension DrainingExecutor: SchedulingExecutor {
    /// Takes a standard sleep's wake-up (`Task.sleep`, a `ContinuousClock`'s or
    /// `SuspendingClock`'s `sleep`): on the virtual clock of a hosted run, at its virtual instant;
    /// otherwise on a real timer. Called by the concurrency runtime.
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        StandardSleep.enqueue(job, at: instant, tolerance: tolerance, clock: clock, time: hostedTime)
    }

    /// Takes a wake-up due `delay` after now on `clock` (see ``enqueue(_:at:tolerance:clock:)``).
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        enqueue(job, at: clock.now.advanced(by: delay), tolerance: tolerance, clock: clock)
    }
}

extension HostedMainExecutor: SchedulingExecutor {
    /// Takes a standard sleep's wake-up started by main-actor code: on the virtual clock while
    /// the hosted run captures, otherwise on a real timer. Called by the concurrency runtime.
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        StandardSleep.enqueue(job, at: instant, tolerance: tolerance, clock: clock, time: run?.queue.hostedTime)
    }

    /// Takes a wake-up due `delay` after now on `clock` (see ``enqueue(_:at:tolerance:clock:)``).
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        enqueue(job, at: clock.now.advanced(by: delay), tolerance: tolerance, clock: clock)
    }
}

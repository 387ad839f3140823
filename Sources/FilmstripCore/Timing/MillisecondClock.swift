/// A standard `Clock` made of a ``BenchClock``'s two closures, for a bench clock built from
/// closures without a clock of its own. Instants are whole ms since the start of the run.
struct MillisecondClock: Clock {
    typealias Instant = VirtualClock.Instant

    let nowMs: @Sendable () -> Int
    let sleepUntilMs: @Sendable (Int) async throws -> Void

    var now: Instant { Instant(ms: nowMs()) }
    var minimumResolution: Duration { .milliseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleepUntilMs(deadline.ms)
    }
}

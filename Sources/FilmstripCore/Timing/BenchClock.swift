/// The clock a bench sees: the current time and a way to sleep, both in whole milliseconds
/// since the start of the run, and the same clock as a standard `Clock<Duration>` for code
/// written without filmstrip (``clock``).
///
/// It is a value of two closures, so one bench runs unchanged on the virtual clock
/// (``virtual(_:)``) and on the real one (``continuous(startingAt:)``). Nothing in a bench reads
/// time any other way (docs/ARCHITECTURE.md, rule of time 8).
public struct BenchClock: Sendable {
    /// Milliseconds since the start of the run.
    public let nowMs: @Sendable () -> Int
    /// Suspends until the given instant (ms since the start); returns at once for an instant
    /// at or before now. Throws `CancellationError` when the task is cancelled.
    public let sleepUntilMs: @Sendable (Int) async throws -> Void
    /// The same clock as a standard `Clock`, for a model written against `any Clock<Duration>`
    /// (the convention of swift-clocks: `ContinuousClock` in the app, another clock in tests).
    ///
    /// On `--clock virtual` it is the run's ``VirtualClock``; on `--clock real` it is
    /// `ContinuousClock`. Pass it to the model you record:
    ///
    /// ```swift
    /// let model = ProfileModel(clock: clock.clock, transport: transport)
    /// ```
    ///
    /// `clock.sleep(for:)`, `sleep(until:)` and `now` keep the rules of time; so does a hosted
    /// model's `Task.sleep` on the virtual clock (docs/OWN-CODE.md).
    package let clock: any Clock<Duration>

    /// A clock from two closures: `nowMs` returns ms since the start of the run; `sleepUntilMs`
    /// suspends until that instant and throws `CancellationError` when the task is cancelled.
    /// - Parameter clock: the same clock as a standard `Clock`; default: one made from the two
    ///   closures, whose instants are ``VirtualClock/Instant`` (ms since the start).
    package init(
        nowMs: @escaping @Sendable () -> Int, sleepUntilMs: @escaping @Sendable (Int) async throws -> Void,
        clock: (any Clock<Duration>)? = nil
    ) {
        self.nowMs = nowMs
        self.sleepUntilMs = sleepUntilMs
        self.clock = clock ?? MillisecondClock(nowMs: nowMs, sleepUntilMs: sleepUntilMs)
    }

    /// Sleeps for `ms` milliseconds from now.
    public func sleep(forMs ms: Int) async throws {
        try await sleepUntilMs(nowMs() + ms)
    }

    /// A bench clock driven by a ``VirtualClock``; its ``clock`` is `clock` itself.
    package static func virtual(_ clock: VirtualClock) -> BenchClock {
        BenchClock(
            nowMs: { clock.now.ms },
            sleepUntilMs: { try await clock.sleep(until: VirtualClock.Instant(ms: $0)) },
            clock: clock
        )
    }

    /// A bench clock on the system's monotonic `ContinuousClock`, counting from `start`;
    /// times are measured, truncated to whole milliseconds. Its ``clock`` is `ContinuousClock()`.
    package static func continuous(startingAt start: ContinuousClock.Instant) -> BenchClock {
        BenchClock(
            nowMs: { start.duration(to: ContinuousClock.now).wholeMilliseconds },
            sleepUntilMs: { try await ContinuousClock().sleep(until: start.advanced(by: .milliseconds($0)), tolerance: .zero) },
            clock: ContinuousClock()
        )
    }
}

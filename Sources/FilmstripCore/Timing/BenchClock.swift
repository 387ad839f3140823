/// The clock a bench sees: the current time and a way to sleep, both in whole milliseconds
/// since the start of the run.
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

    /// A clock from two closures: `nowMs` returns ms since the start of the run; `sleepUntilMs`
    /// suspends until that instant and throws `CancellationError` when the task is cancelled.
    public init(nowMs: @escaping @Sendable () -> Int, sleepUntilMs: @escaping @Sendable (Int) async throws -> Void) {
        self.nowMs = nowMs
        self.sleepUntilMs = sleepUntilMs
    }

    /// Sleeps for `ms` milliseconds from now.
    public func sleep(forMs ms: Int) async throws {
        try await sleepUntilMs(nowMs() + ms)
    }

    /// A bench clock driven by a ``VirtualClock``.
    public static func virtual(_ clock: VirtualClock) -> BenchClock {
        BenchClock(
            nowMs: { clock.now.ms },
            sleepUntilMs: { try await clock.sleep(until: VirtualClock.Instant(ms: $0)) }
        )
    }

    /// A bench clock on the system's monotonic `ContinuousClock`, counting from `start`;
    /// times are measured, truncated to whole milliseconds.
    public static func continuous(startingAt start: ContinuousClock.Instant) -> BenchClock {
        BenchClock(
            nowMs: { start.duration(to: ContinuousClock.now).wholeMilliseconds },
            sleepUntilMs: { try await ContinuousClock().sleep(until: start.advanced(by: .milliseconds($0)), tolerance: .zero) }
        )
    }
}

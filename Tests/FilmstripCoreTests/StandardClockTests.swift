import FilmstripCore
import Synchronization
import Testing

/// A bench's clock as a standard `any Clock<Duration>` (``BenchClock/clock``): code written
/// against `Clock` — `sleep(for:)`, `sleep(until:)`, `now`, `async let`, task groups,
/// cancellation handlers — keeps the rules of time on the virtual clock.
@Suite struct StandardClockTests {
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Code written against a generic `Clock`, the way a model's helper is.
    static func waitThenStamp<C: Clock<Duration>>(_ clock: C, ms: Int, log: Log, name: String, virtual: VirtualClock) async throws {
        let start = clock.now
        try await clock.sleep(until: start.advanced(by: .milliseconds(ms)), tolerance: nil)
        log.add("\(name) \(start.duration(to: clock.now).wholeMilliseconds) ms after start, at \(virtual.now.ms)")
    }

    @Test func theVirtualBenchClockIsTheRunsVirtualClock() {
        let clock = VirtualClock()
        #expect(BenchClock.virtual(clock).clock as? VirtualClock === clock)
        #expect(BenchClock.continuous(startingAt: .now).clock is ContinuousClock)
    }

    @Test func sleepsAsyncLetAndTaskGroupsKeepTheRulesOfTime() throws {
        let virtual = VirtualClock()
        let executor = DrainingExecutor()
        let clock: any Clock<Duration> = BenchClock.virtual(virtual).clock
        let log = Log()
        let task = Task(executorPreference: executor) {
            try await clock.sleep(for: .milliseconds(100))
            log.add("slept for 100 at \(virtual.now.ms)")
            async let first: Void = Self.waitThenStamp(clock, ms: 50, log: log, name: "async let", virtual: virtual)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for ms in [30, 10, 20] {
                    group.addTask { try await Self.waitThenStamp(clock, ms: ms, log: log, name: "child \(ms)", virtual: virtual) }
                }
                try await group.waitForAll()
            }
            try await first
            try await clock.sleep(for: .milliseconds(0))
            log.add("zero sleep at \(virtual.now.ms)")
        }
        try executor.drain()
        try virtual.advance(to: 99) { try executor.drain() }
        #expect(log.all.isEmpty)
        try virtual.advance(to: 1_000) { try executor.drain() }
        #expect(log.all == [
            "slept for 100 at 100",
            "child 10 10 ms after start, at 110",
            "child 20 20 ms after start, at 120",
            "child 30 30 ms after start, at 130",
            "async let 50 ms after start, at 150",
            "zero sleep at 150",
        ])
        #expect(virtual.sleeperCount == 0)
        task.cancel()
    }

    @Test func cancellingASleepOnTheStandardClockRunsItsHandlerAtThatInstant() throws {
        let virtual = VirtualClock()
        let executor = DrainingExecutor()
        let clock: any Clock<Duration> = BenchClock.virtual(virtual).clock
        let log = Log()
        let task = Task(executorPreference: executor) {
            await withTaskCancellationHandler {
                do {
                    try await clock.sleep(for: .milliseconds(500))
                    log.add("woke")
                } catch {
                    log.add("\(error is CancellationError ? "cancelled" : "failed") at \(virtual.now.ms)")
                }
                do { try Task.checkCancellation() } catch { log.add("checkCancellation throws") }
            } onCancel: {
                log.add("handler at \(virtual.now.ms)")
            }
        }
        try executor.drain()
        try virtual.advance(to: 499) { try executor.drain() }
        task.cancel()
        try executor.drain()
        #expect(log.all == ["handler at 499", "cancelled at 499", "checkCancellation throws"])
        #expect(virtual.sleeperCount == 0)
    }

    @Test func aClockFromClosuresIsAStandardClockInMilliseconds() async throws {
        let now = Mutex(40)
        let slept = Mutex<[Int]>([])
        let bench = BenchClock(nowMs: { now.withLock { $0 } }, sleepUntilMs: { ms in slept.withLock { $0.append(ms) } })
        try await bench.clock.sleep(for: .milliseconds(60))
        #expect(slept.withLock { $0 } == [100])
    }
}

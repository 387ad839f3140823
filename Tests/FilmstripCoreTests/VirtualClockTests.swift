import FilmstripCore
import FilmstripSeedBenches
import Synchronization
import Testing

/// Rules of time 2, 4 and 5 on the virtual clock, driven through a draining executor.
@Suite struct VirtualClockTests {
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test func sleepUntilNowOrEarlierReturnsWithoutAdvancing() throws {
        let clock = VirtualClock()
        let executor = DrainingExecutor()
        let log = Log()
        try clock.advance(to: 300)
        let task = Task(executorPreference: executor) {
            try await clock.sleep(until: .init(ms: 300))
            log.add("at \(clock.now.ms)")
            try await clock.sleep(until: .init(ms: 100))
            log.add("at \(clock.now.ms)")
        }
        try executor.drain()
        #expect(log.all == ["at 300", "at 300"])
        #expect(clock.now.ms == 300)
        #expect(clock.sleeperCount == 0)
        task.cancel()
    }

    @Test func advanceWakesSleepersInDeadlineOrderWithNowAtEachDeadline() throws {
        let clock = VirtualClock()
        let executor = DrainingExecutor()
        let log = Log()
        for deadline in [700, 200, 500] {
            Task(executorPreference: executor) {
                try await clock.sleep(until: .init(ms: deadline))
                log.add("\(deadline)@\(clock.now.ms)")
            }
        }
        try executor.drain()
        #expect(clock.sleeperCount == 3)
        try clock.advance(to: 600) { try executor.drain() }
        #expect(log.all == ["200@200", "500@500"])
        #expect(clock.now.ms == 600)
        try clock.advance(to: 700) { try executor.drain() }
        #expect(log.all == ["200@200", "500@500", "700@700"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func tiesAtOneDeadlineWakeInSchedulingOrder() throws {
        for _ in 0..<50 {
            let clock = VirtualClock()
            let executor = DrainingExecutor()
            let log = Log()
            for name in ["a", "b", "c", "d"] {
                Task(executorPreference: executor) {
                    try await clock.sleep(until: .init(ms: 1000))
                    log.add(name)
                }
                try executor.drain()
            }
            try clock.advance(to: 1000) { try executor.drain() }
            #expect(log.all == ["a", "b", "c", "d"])
            #expect(clock.sleeperCount == 0)
        }
    }

    @Test func workScheduledWhileWakingRunsBeforeLaterSleepers() throws {
        let clock = VirtualClock()
        let executor = DrainingExecutor()
        let log = Log()
        Task(executorPreference: executor) {
            try await clock.sleep(until: .init(ms: 100))
            log.add("first@\(clock.now.ms)")
            try await clock.sleep(until: .init(ms: 150))
            log.add("chained@\(clock.now.ms)")
        }
        Task(executorPreference: executor) {
            try await clock.sleep(until: .init(ms: 200))
            log.add("second@\(clock.now.ms)")
        }
        try executor.drain()
        try clock.advance(to: 1000) { try executor.drain() }
        #expect(log.all == ["first@100", "chained@150", "second@200"])
        #expect(clock.now.ms == 1000)
    }

    @Test func nowNeverGoesBackwards() throws {
        let clock = VirtualClock()
        try clock.advance(to: 500)
        try clock.advance(to: 200)
        #expect(clock.now.ms == 500)
    }

    @Test func cancellationWakesASleeperWithCancellationError() throws {
        let clock = VirtualClock()
        let executor = DrainingExecutor()
        let log = Log()
        let task = Task(executorPreference: executor) {
            do {
                try await clock.sleep(until: .init(ms: 10_000))
                log.add("woke")
            } catch is CancellationError {
                log.add("cancelled@\(clock.now.ms)")
            }
        }
        try executor.drain()
        #expect(clock.sleeperCount == 1)
        task.cancel()
        try executor.drain()
        #expect(log.all == ["cancelled@0"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func standardSleepForStaysOnTheDrainedExecutor() throws {
        let clock = VirtualClock()
        let executor = DrainingExecutor()
        let log = Log()
        Task(executorPreference: executor) {
            try await clock.sleep(for: .milliseconds(250))
            log.add("slept@\(clock.now.ms)")
        }
        try executor.drain()
        try clock.advance(to: 250) { try executor.drain() }
        // Idle exactly after the drain: the work has run, with no yields or real sleeps.
        #expect(log.all == ["slept@250"])
        #expect(executor.isIdle)
    }

    @Test func aLoopOfSleepsAtNowIsStoppedAsRunawayWork() throws {
        let clock = VirtualClock()
        let executor = DrainingExecutor()
        let task = Task(executorPreference: executor) {
            while true { try await clock.sleep(until: clock.now) }
        }
        #expect(throws: RunawayWorkError.self) { try executor.drain(jobLimit: 1000) }
        task.cancel()
        try executor.drain()
        #expect(executor.isIdle)
    }
}

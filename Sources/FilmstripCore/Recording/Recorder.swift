import Synchronization

/// Drives a bench on a clock and samples it at the requested instants.
///
/// On the virtual clock it advances time instant by instant, draining the bench's executor
/// after every wake-up, so each sample shows the state after every event due at or before it,
/// taken when no work is runnable (rules of time 3–5). On the real clock it waits for absolute
/// deadlines `t0 + instant` on the monotonic clock, runs the bench's work as it arrives, and
/// takes each sample with its measured time; a sample later than half a frame interval is
/// dropped, never shifted (rule 9).
struct Recorder<B: Bench> {
    let bench: B
    /// The instants to sample, ascending, in ms.
    let instants: SampleInstants
    /// Time runs at least until here (ms), so the timeline covers the window.
    let endMs: Int
    /// How late (ms) a real-clock sample may be before it counts as dropped.
    let lateToleranceMs: Int
    /// Bench name used in error messages.
    let benchName: String

    private final class Finished: Sendable {
        let flag = Mutex(false)
        var value: Bool { flag.withLock { $0 } }
        func set() { flag.withLock { $0 = true } }
    }

    func recordVirtual() throws(RunError) -> Capture<B.Phase> {
        let executor = DrainingExecutor()
        let clock = VirtualClock()
        guard let hosted = bench as? any HostsMainActor else { return try recordVirtual(executor: executor, clock: clock, hosted: nil) }
        // A model bench: the main actor and the run thread's global jobs drain here too (docs/OWN-CODE.md).
        let hosting: (result: Result<Capture<B.Phase>, RunError>, outside: [Int])
        do {
            hosting = try MainActorHosting.host(queue: executor, clock: clock) {
                Result { () throws(RunError) in try recordVirtual(executor: executor, clock: clock, hosted: hosted) }
            }
        } catch {
            throw RunError(message: "bench \(benchName) cannot run: \(error)")
        }
        if let first = hosting.outside.first {
            throw RunError(message: "bench \(benchName) was stopped: \(ModelStage.outsideWork(count: hosting.outside.count, firstMs: first))")
        }
        return try hosting.result.get()
    }

    private func recordVirtual(executor: DrainingExecutor, clock: VirtualClock, hosted: (any HostsMainActor)?) throws(RunError) -> Capture<B.Phase> {
        let timeline = TimelineLog<B.Phase>()
        let finished = Finished()
        let bench = self.bench
        let task = Task(executorPreference: executor) {
            await bench.run(clock: .virtual(clock), timeline: timeline)
            finished.set()
        }
        var samples = SampleStore<B.Phase>.Builder(instants: instants, count: instants.count, measured: false)
        /// Runs every runnable job; a hosted model's state is read after it, at that instant.
        func settle(_ ms: Int) throws {
            try executor.drain(nowMs: ms)
            guard let hosted else { return }
            if let escape = executor.hostedTime?.escapes.first { throw ModelStage.escaped(escape) }
            if let first = HostedMainExecutor.shared.outsideArrivals.first {
                throw RunawayWorkError(atMs: ms, reason: ModelStage.outsideWork(count: 1, firstMs: first).message)
            }
            hosted.observe(atMs: clock.now.ms)
        }
        do {
            try settle(0)
            for instant in instants {
                try clock.advance(to: instant) { try settle(clock.now.ms) }
                try settle(instant)
                samples.append(phase: bench.phase(atMs: instant), tMs: instant)
            }
            try clock.advance(to: endMs) { try settle(clock.now.ms) }
        } catch {
            task.cancel()
            if hosted != nil { clock.cancelAllSleepers() }
            _ = try? executor.drain(jobLimit: 10_000)
            throw stopped(error, timeline: timeline)
        }
        task.cancel()
        do { try executor.drain(nowMs: endMs) } catch { throw stopped(error, timeline: timeline) }
        // The tasks a model started and never cancelled end with the run.
        if hosted != nil {
            clock.cancelAllSleepers()
            do { try executor.drain(nowMs: endMs) } catch { throw stopped(error, timeline: timeline) }
        }
        guard finished.value, clock.sleeperCount == 0 else {
            throw RunError(message: "bench \(benchName) did not finish when the run ended at \(endMs) ms (\(clock.sleeperCount) sleeper(s) left)")
        }
        var capture = Capture(records: timeline.records, samples: samples.samples)
        let names = executor.hostedTime?.laneNames ?? []
        for stop in executor.stoppedLanes where names.indices.contains(Int(stop.lane)) {
            let lane = names[Int(stop.lane)]
            capture.stoppedLanes[lane] = "lane \(lane) was stopped at \(Quantity.ms(stop.atMs)): \(stop.reason); the other lanes ran on"
        }
        return capture
    }

    func recordReal() throws(RunError) -> Capture<B.Phase> {
        let executor = DrainingExecutor()
        guard let hosted = bench as? any HostsMainActor else { return try recordReal(executor: executor, hosted: nil) }
        // A model bench: its main-actor jobs drain here, as they arrive from the real timers' threads.
        let hosting: (result: Result<Capture<B.Phase>, RunError>, outside: [Int])
        do {
            hosting = try MainActorHosting.host(queue: executor, clock: nil) {
                Result { () throws(RunError) in try recordReal(executor: executor, hosted: hosted) }
            }
        } catch {
            throw RunError(message: "bench \(benchName) cannot run: \(error)")
        }
        return try hosting.result.get()
    }

    private func recordReal(executor: DrainingExecutor, hosted: (any HostsMainActor)?) throws(RunError) -> Capture<B.Phase> {
        let start = ContinuousClock.now
        let benchClock = BenchClock.continuous(startingAt: start)
        let timeline = TimelineLog<B.Phase>()
        let finished = Finished()
        let bench = self.bench
        let task = Task(executorPreference: executor) {
            await bench.run(clock: benchClock, timeline: timeline)
            finished.set()
        }
        /// Runs every runnable job; a hosted model's state is read after it.
        func settle() throws {
            try executor.drain(nowMs: benchClock.nowMs())
            guard let hosted else { return }
            if let escape = RealClockWatch.first { throw ModelStage.escaped(escape) }
            hosted.observe(atMs: benchClock.nowMs())
        }
        func runUntil(_ ms: Int) throws {
            let deadline = start.advanced(by: .milliseconds(ms))
            while true {
                try settle()
                let now = ContinuousClock.now
                if now >= deadline { break }
                _ = executor.waitForWork(timeout: now.duration(to: deadline))
            }
            try settle()
        }
        var samples = SampleStore<B.Phase>.Builder(instants: instants, count: instants.count, measured: true)
        do {
            for instant in instants {
                try runUntil(instant)
                let measured = benchClock.nowMs()
                let phase = FrameDeadline.isDropped(lateByMs: measured - instant, toleranceMs: lateToleranceMs) ? nil : bench.phase(atMs: measured)
                samples.append(phase: phase, tMs: measured)
            }
            try runUntil(endMs)
        } catch {
            task.cancel()
            throw stopped(error, timeline: timeline)
        }
        task.cancel()
        let giveUp = ContinuousClock.now.advanced(by: .seconds(5))
        while !finished.value, ContinuousClock.now < giveUp {
            _ = try? executor.drain()
            _ = executor.waitForWork(timeout: .milliseconds(10))
        }
        guard finished.value else {
            throw RunError(message: "bench \(benchName) did not finish within 5 s of being cancelled at the end of the run")
        }
        return Capture(records: timeline.records, samples: samples.samples)
    }

    /// The error of a run stopped by `error`: a refusal (``RunError``) in its own words, work
    /// without end with the last event logged.
    private func stopped(_ error: any Error, timeline: TimelineLog<B.Phase>) -> RunError {
        if let refused = error as? RunError { return RunError(message: "bench \(benchName) was stopped: \(refused.message)") }
        let last = timeline.records.last(where: { if case .event = $0.kind { true } else { false } })
        var source = ""
        if let last, case .event(let text) = last.kind { source = "; last event at \(last.tMs) ms: \(text)" }
        return RunError(message: "bench \(benchName) was stopped: \(error)\(source)")
    }
}

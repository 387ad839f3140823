import CHostedRun
import Foundation

/// A task executor whose jobs run only when the recorder drains it, on the recorder's thread.
///
/// Bench work is started with `Task(executorPreference:)` on this executor; nonisolated async
/// code (including the standard library's `Clock.sleep(for:)`) keeps running on it across
/// suspension points. So when ``drain(jobLimit:)`` returns, no bench work is runnable: the bench
/// is idle, exactly (docs/ARCHITECTURE.md, rule of time 3), with no yields or sleeps to "let tasks settle".
/// Jobs run in the order they were enqueued (FIFO), which makes the order repeatable.
///
/// While a ``MainActorHosting`` run is active, the same queue also takes the main actor's jobs
/// and the global pool's, so a `@MainActor` model and the `Task {}`s it starts drain here too
/// (docs/OWN-CODE.md).
///
/// Thread safety: the queue is guarded by an `NSCondition`, which also lets a real-clock
/// recorder wait for the next job or deadline.
package final class DrainingExecutor: TaskExecutor, @unchecked Sendable {
    /// How a queued job must be run: on this task executor, or isolated to the hosted main actor.
    enum Kind {
        case task
        case main(UnownedSerialExecutor)
    }

    /// What the queue holds: a job of the concurrency runtime, or a Dispatch block a hosted
    /// model's code handed the run (``HostedTime/dispatched(_:when:)``).
    private enum Work {
        case job(UnownedJob, Kind)
        case item(CapturedItem)
    }

    /// A lane of a hosted bench stopped for work without end (``drain(jobLimit:nowMs:)``).
    package struct StoppedLane: Hashable, Sendable {
        /// The lane's index (``ModelLaneTag``).
        package var lane: Int32
        /// The virtual instant it was stopped at, ms.
        package var atMs: Int
        /// Why: `work without end at … ms: …`.
        package var reason: String
    }

    private let condition = NSCondition()
    /// The queue, each entry with the lane of the code that queued it (-1: none, or not hosted).
    private var jobs: [(work: Work, lane: Int32)] = []
    private var head = 0
    private var time: HostedTime?
    /// Lanes whose work is dropped from now on.
    private var stopped: Set<Int32> = []
    private var stops: [StoppedLane] = []

    /// The lanes stopped so far, in order.
    package var stoppedLanes: [StoppedLane] {
        condition.lock()
        defer { condition.unlock() }
        return stops
    }

    /// The hosted run's time while a ``MainActorHosting`` run on the virtual clock uses this queue:
    /// its jobs then run capturing, with the clocks reading the virtual now, and standard sleeps
    /// land on its ``VirtualClock``. Nil otherwise.
    var hostedTime: HostedTime? {
        get { condition.lock(); defer { condition.unlock() }; return time }
        set { condition.lock(); time = newValue; condition.unlock() }
    }

    /// An executor with no jobs.
    package init() {}

    /// Queues `job` to run at the next drain (FIFO); called by the concurrency runtime. Safe from
    /// any thread.
    package func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job), kind: .task)
    }

    /// Queues a job of either kind (FIFO, one queue for both, so their order is the order they came).
    func enqueue(_ job: UnownedJob, kind: Kind) {
        append(.job(job, kind))
    }

    /// Queues a Dispatch block a hosted model's code handed the run (FIFO with the jobs).
    func enqueue(_ item: CapturedItem) {
        append(.item(item))
    }

    private func append(_ work: Work) {
        condition.lock()
        // The lane of the code queueing it: a task that yields or wakes queues its own next step.
        jobs.append((work, time == nil ? -1 : HostedTime.laneTag()))
        condition.signal()
        condition.unlock()
    }

    /// True when no job is waiting to run.
    package var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head == jobs.count
    }

    /// Stops lane `lane` at `atMs`: its queued work and all it queues later are dropped, never run.
    private func stop(lane: Int32, atMs: Int, reason: String) {
        condition.lock()
        stopped.insert(lane)
        stops.append(StoppedLane(lane: lane, atMs: atMs, reason: reason))
        condition.unlock()
    }

    /// Runs queued jobs on the calling thread, including jobs they enqueue, until none is left.
    ///
    /// Call it from synchronous code only (never from inside a job).
    /// - Parameter jobLimit: the most jobs one call may run.
    /// - Returns: the number of jobs run.
    /// - Throws: ``RunawayWorkError`` when more than `jobLimit` jobs run without the queue
    ///   emptying (work that reschedules itself without end). Jobs left are kept.
    ///
    /// In a hosted run of a bench with several lanes, the lane that queued most of those jobs is
    /// stopped instead (``stoppedLanes``: its work is dropped from then on) and the others go on.
    @discardableResult
    package func drain(jobLimit: Int = 100_000, nowMs: Int = 0) throws -> Int {
        var ran = 0
        var total = 0
        var byLane: [Int32: Int] = [:]
        let time = hostedTime
        while let (work, lane) = next() {
            let previous = time.map { fs_hosted_enter($0.nanoseconds(atMs: $0.clock.now.ms)) }
            switch work {
            case .job(let job, .task): job.runSynchronously(on: asUnownedTaskExecutor())
            case .job(let job, .main(let main)): job.runSynchronously(isolatedTo: main, taskExecutor: asUnownedTaskExecutor())
            case .item(let item): fs_item_run(item.pointer)
            }
            if let previous { fs_hosted_restore(previous) }
            ran += 1
            total += 1
            byLane[lane, default: 0] += 1
            if ran >= jobLimit, !isIdle {
                let reason = "more than \(jobLimit) steps of work without becoming idle"
                guard let time, time.laneCount > 1, let culprit = byLane.filter({ $0.key >= 0 }).max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else {
                    throw RunawayWorkError(atMs: nowMs, reason: reason)
                }
                stop(lane: culprit, atMs: nowMs, reason: RunawayWorkError(atMs: nowMs, reason: reason).description)
                (ran, byLane) = (0, [:])
            }
        }
        return total
    }

    /// Blocks the calling thread until a job is queued or `timeout` has passed.
    /// - Returns: true when a job is waiting.
    package func waitForWork(timeout: Duration) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if head < jobs.count { return true }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, seconds)))
        return head < jobs.count
    }

    private func next() -> (work: Work, lane: Int32)? {
        condition.lock()
        defer { condition.unlock() }
        while head < jobs.count {
            let entry = jobs[head]
            head += 1
            guard stopped.contains(entry.lane) else { return entry }
            // A stopped lane's work is dropped: its task never resumes; a block is released.
            if case .item(let item) = entry.work { fs_item_discard(item.pointer) }
        }
        jobs.removeAll(keepingCapacity: true)
        head = 0
        return nil
    }
}

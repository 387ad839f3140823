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
public final class DrainingExecutor: TaskExecutor, @unchecked Sendable {
    /// How a queued job must be run: on this task executor, or isolated to the hosted main actor.
    enum Kind {
        case task
        case main(UnownedSerialExecutor)
    }

    private let condition = NSCondition()
    private var jobs: [(job: UnownedJob, kind: Kind)] = []
    private var head = 0

    /// An executor with no jobs.
    package init() {}

    /// Queues `job` to run at the next drain (FIFO); called by the concurrency runtime. Safe from
    /// any thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job), kind: .task)
    }

    /// Queues a job of either kind (FIFO, one queue for both, so their order is the order they came).
    func enqueue(_ job: UnownedJob, kind: Kind) {
        condition.lock()
        jobs.append((job, kind))
        condition.signal()
        condition.unlock()
    }

    /// True when no job is waiting to run.
    package var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head == jobs.count
    }

    /// Runs queued jobs on the calling thread, including jobs they enqueue, until none is left.
    ///
    /// Call it from synchronous code only (never from inside a job).
    /// - Parameter jobLimit: the most jobs one call may run.
    /// - Returns: the number of jobs run.
    /// - Throws: ``RunawayWorkError`` when more than `jobLimit` jobs run without the queue
    ///   emptying (work that reschedules itself without end). Jobs left are kept.
    @discardableResult
    package func drain(jobLimit: Int = 100_000, nowMs: Int = 0) throws -> Int {
        var ran = 0
        while let (job, kind) = next() {
            switch kind {
            case .task: job.runSynchronously(on: asUnownedTaskExecutor())
            case .main(let main): job.runSynchronously(isolatedTo: main, taskExecutor: asUnownedTaskExecutor())
            }
            ran += 1
            if ran >= jobLimit, !isIdle {
                throw RunawayWorkError(atMs: nowMs, reason: "more than \(jobLimit) steps of work without becoming idle")
            }
        }
        return ran
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

    private func next() -> (UnownedJob, Kind)? {
        condition.lock()
        defer { condition.unlock() }
        guard head < jobs.count else {
            jobs.removeAll(keepingCapacity: true)
            head = 0
            return nil
        }
        let job = jobs[head]
        head += 1
        return job
    }
}

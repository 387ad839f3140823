import Dispatch
import Foundation
import Synchronization

/// The executor the main actor resolves to while a run hosts it (``MainActorHosting``): its jobs
/// go into the run's ``DrainingExecutor`` queue, beside the run's other jobs, and run when the
/// recorder drains it — one at a time, in the order they came, on the recorder's thread.
///
/// There is one, for the whole process, because tasks keep unowned references to the executor
/// they resumed on: a job that arrives when no run is active (a straggler after the run) goes to
/// the process's own main executor, the dispatch main queue.
final class HostedMainExecutor: SerialExecutor, @unchecked Sendable {
    /// The run being hosted: where its jobs go, its thread, and what arrived from elsewhere.
    final class Run: @unchecked Sendable {
        let queue: DrainingExecutor
        let owner: pthread_t
        /// True on the virtual clock, where work from another thread is outside the run's time.
        let virtual: Bool
        let nowMs: @Sendable () -> Int

        init(queue: DrainingExecutor, owner: pthread_t, virtual: Bool, nowMs: @escaping @Sendable () -> Int) {
            self.queue = queue
            self.owner = owner
            self.virtual = virtual
            self.nowMs = nowMs
        }
    }

    static let shared = HostedMainExecutor()

    private let state = Mutex<(run: Run?, outside: [Int])>((nil, []))

    var run: Run? { state.withLock { $0.run } }

    /// True while a run is hosted.
    var isHosting: Bool { state.withLock { $0.run != nil } }

    func begin(_ run: Run) { state.withLock { $0 = (run, []) } }

    /// Ends the run; returns the instants (ms) at which main-actor work arrived from another
    /// thread while it ran on the virtual clock.
    func end() -> [Int] { state.withLock { state in defer { state = (nil, []) }; return state.outside } }

    /// The instants (ms) at which main-actor work arrived from another thread so far.
    var outsideArrivals: [Int] { state.withLock { $0.outside } }

    /// True on the run's own thread.
    static func isOwner(_ run: Run) -> Bool { pthread_equal(pthread_self(), run.owner) != 0 }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let current = state.withLock { state -> Run? in
            if let run = state.run, run.virtual, !Self.isOwner(run) { state.outside.append(run.nowMs()) }
            return state.run
        }
        guard let current else {
            // A straggler after the run (the hooks are restored by then): the process's own main
            // executor takes it.
            DispatchQueue.main.async { unowned.runSynchronously(on: MainActor.sharedUnownedExecutor) }
            return
        }
        current.queue.enqueue(unowned, kind: .main(asUnownedSerialExecutor()))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The main actor's executor, for `MainActor.assumeIsolated` and isolation checks.
    var isMainExecutor: Bool { true }

    /// Passes on the hosting run's thread, where every main-actor job of the run executes and
    /// where the recorder reads the model between jobs.
    func checkIsolated() {
        guard let run, Self.isOwner(run) else {
            preconditionFailure("main-actor code ran off the thread of the filmstrip run hosting the main actor")
        }
    }
}

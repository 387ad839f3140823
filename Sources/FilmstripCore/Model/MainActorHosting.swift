import CHostedRun
import Foundation

/// Routes the main actor and the global pool into a run's ``DrainingExecutor`` for the length of
/// one run, through the concurrency runtime's hooks (docs/OWN-CODE.md).
///
/// `swift_task_getMainExecutor_hook` makes the main actor resolve to ``HostedMainExecutor``;
/// on the virtual clock, `swift_task_enqueueGlobal_hook` sends the global pool's jobs that are
/// enqueued on the run's thread (a `Task {}`, `async let`, a task group's child, a resumed
/// sleeper, a hop off the main actor) into the same queue. Jobs enqueued on any other thread are
/// not the run's: they go back to the hook that was there before, or to the runtime.
///
/// The hooks are process-wide, so runs that host are serialised by one process-wide lock, and
/// every run puts back the hooks it found.
enum MainActorHosting {
    typealias JobOriginal = @convention(thin) (UnownedJob) -> Void
    typealias GlobalHook = @convention(thin) (UnownedJob, JobOriginal) -> Void
    typealias MainOriginal = @convention(thin) () -> UnownedSerialExecutor
    typealias MainHook = @convention(thin) (MainOriginal) -> UnownedSerialExecutor

    private static let lock = NSLock()
    nonisolated(unsafe) private static let globalHook = symbol("swift_task_enqueueGlobal_hook", as: GlobalHook?.self)
    nonisolated(unsafe) private static let mainHook = symbol("swift_task_getMainExecutor_hook", as: MainHook?.self)
    // Guarded by `lock` while written; read by the hooks of the run that wrote them.
    nonisolated(unsafe) private static var previousGlobal: GlobalHook?
    nonisolated(unsafe) private static var previousMain: MainHook?

    private static func symbol<T>(_ name: String, as type: T.Type) -> UnsafeMutablePointer<T> {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else {
            preconditionFailure("the Swift concurrency runtime does not export \(name)")
        }
        return address.assumingMemoryBound(to: T.self)
    }

    /// Runs `body` with the main actor (and, on the virtual clock, the run thread's global jobs)
    /// hosted in `queue`; returns the instants (ms) at which main-actor work arrived from another
    /// thread on the virtual clock, beside `body`'s result.
    ///
    /// With `clock` (the virtual clock), the model's own calls into time run on it too
    /// (``HostedTime``: standard sleeps, Dispatch's async and after, the monotonic clocks), and
    /// `URLSession` requests are answered by ``HostedURLProtocol``; with nil, the real clock.
    ///
    /// Call it from synchronous code on the thread that drains `queue`; it blocks while another
    /// run hosts.
    /// - Throws: ``RunError`` before anything runs when this toolchain or process cannot put a
    ///   model's standard sleeps on the virtual clock (``HostedTime/toolchainProblem``); what
    ///   `body` throws.
    static func host<R>(
        queue: DrainingExecutor, clock: VirtualClock?, _ body: () throws -> R
    ) throws -> (result: R, outside: [Int]) {
        // The check installs CHostedRun's callbacks on either clock (the real one's for ``RealClockWatch``).
        if let problem = HostedTime.toolchainProblem, clock != nil { throw RunError(message: problem) }
        lock.lock()
        defer { lock.unlock() }
        previousGlobal = globalHook.pointee
        previousMain = mainHook.pointee
        let nowMs: @Sendable () -> Int
        if let clock { nowMs = { clock.now.ms } } else { nowMs = { 0 } }
        HostedMainExecutor.shared.begin(.init(queue: queue, owner: pthread_self(), virtual: clock != nil, nowMs: nowMs))
        let time = clock.map { HostedTime(clock: $0, queue: queue) }
        queue.hostedTime = time
        HostedTime.active.withLock { $0 = time }
        HostedURLProtocol.begin()
        installHooks(virtual: clock != nil)
        if clock == nil { RealClockWatch.begin() }
        defer {
            if clock == nil { RealClockWatch.end() }
            globalHook.pointee = previousGlobal
            mainHook.pointee = previousMain
            HostedURLProtocol.end()
            HostedTime.active.withLock { $0 = nil }
            queue.hostedTime = nil
            _ = HostedMainExecutor.shared.end()
        }
        let result = try body()
        return (result, HostedMainExecutor.shared.outsideArrivals)
    }

    /// Sets the hooks.
    private static func installHooks(virtual: Bool) {
        mainHook.pointee = hostedMainHook
        if virtual { globalHook.pointee = hostedGlobalHook }
    }

    /// The previous global hook, for jobs that are not the run's.
    fileprivate static var previousGlobalHook: GlobalHook? { previousGlobal }
}

// The hooks are constants at file scope: a closure converted to a thin function cannot capture a
// generic context, cannot be assigned through the generic `pointee` without a reabstraction
// thunk, and (on this compiler) crashes the region analysis when written inside a function.

/// The main actor resolves to the hosted executor while a run is hosted. The previous hook is not
/// chained: it is restored as the run ends, and this hook sees no run after that.
private let hostedMainHook: MainActorHosting.MainHook = { original in
    if HostedMainExecutor.shared.isHosting { return HostedMainExecutor.shared.asUnownedSerialExecutor() }
    return original()
}

/// A global job enqueued on the run's thread is the run's; any other goes back.
private let hostedGlobalHook: MainActorHosting.GlobalHook = { job, original in
    if let run = HostedMainExecutor.shared.run, HostedMainExecutor.isOwner(run) {
        run.queue.enqueue(job, kind: .task)
    } else if let previous = MainActorHosting.previousGlobalHook {
        previous(job, original)
    } else {
        original(job)
    }
}

@_spi(ExperimentalScheduling) import _Concurrency
import CHostedRun
import Dispatch
import Synchronization

extension HostedTime {
    /// Why this process cannot put a hosted model's own calls into time on the virtual clock, in
    /// one sentence; nil when it can. Checked once per process, before the first virtual run
    /// hosts: the capturing thread's clocks must read the virtual instant (the executable's
    /// `CHostedRun` interposes the C library's `clock_gettime`, and CoreFoundation's run loop
    /// functions so that Timers and run loop waits are seen), and `Task.sleep` must hand its
    /// wake-up to the executor it runs on (`SchedulingExecutor`, Swift 6.3). Installs the C
    /// callbacks on the way.
    static let toolchainProblem: String? = {
        let fix = "filmstrip hosts a model on its virtual clock on Linux with Swift 6.3 or later, linked into the executable (docs/OWN-CODE.md)"
        guard fs_hosted_interposes() == 1 else {
            return "this platform cannot put a model's Task.sleep and Dispatch timers on the virtual clock: \(fix)"
        }
        fs_hosted_install(fs_hosted_callbacks(dispatched: dispatchedCallback, escaped: escapedCallback, lane_tag: laneTagCallback))
        let second: Int64 = 1_000_000_000
        var previous = fs_hosted_enter(1_000 * second)
        let first = (ContinuousClock.now, SuspendingClock.now, DispatchTime.now().uptimeNanoseconds)
        fs_hosted_restore(previous)
        previous = fs_hosted_enter(1_001 * second)
        let then = (ContinuousClock.now, SuspendingClock.now)
        fs_hosted_restore(previous)
        guard first.0.duration(to: then.0) == .seconds(1), first.1.duration(to: then.1) == .seconds(1),
            first.2 == UInt64(1_000 * second)
        else {
            return "the clocks of this process do not read the virtual clock while a model runs (CHostedRun's clock_gettime is not the one the Swift runtime and Dispatch call): \(fix)"
        }
        guard fs_hosted_sees_run_loops() == 1 else {
            return "Foundation's run loop calls of this process do not reach CHostedRun's, so a model's Timer and RunLoop waits would pass unseen: \(fix)"
        }
        let probe = SleepProbe()
        // The probe task stays asleep for good: its wake-up is dropped once it has been seen.
        Task(executorPreference: probe) { try? await Task.sleep(for: .milliseconds(1)) }
        probe.runAll()
        guard probe.scheduled else {
            return "Task.sleep on this toolchain does not hand its wake-up to the executor it runs on, so the virtual clock cannot see it: \(fix)"
        }
        return nil
    }()
}

/// A task executor that only notes whether a standard sleep reached it as a scheduled job.
private final class SleepProbe: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    // Used on one thread, by toolchainProblem's check, from start to end.
    private var jobs: [UnownedJob] = []
    private(set) var scheduled = false

    func enqueue(_ job: consuming ExecutorJob) { jobs.append(UnownedJob(job)) }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        scheduled = true
    }

    func runAll() {
        while !jobs.isEmpty { jobs.removeFirst().runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

// The C callbacks (CHostedRun): thin functions with no context, so they find the run through
// HostedTime.active. A block dispatched while no run is active (never, while a thread captures)
// runs at once rather than being lost.
private let dispatchedCallback: @convention(c) (OpaquePointer?, UInt64) -> Void = { item, when in
    guard let item else { return }
    if let time = HostedTime.active.withLock({ $0 }) {
        time.dispatched(CapturedItem(pointer: item), when: when)
    } else {
        fs_item_run(item)
    }
}

private let escapedCallback: @convention(c) (Int32) -> Int32 = { kind in
    guard let time = HostedTime.active.withLock({ $0 }) else { return RealClockWatch.record(ClockEscape.Kind(reported: kind)) ? 1 : 0 }
    time.escape(ClockEscape.Kind(reported: kind))
    return 1
}

extension ClockEscape.Kind {
    /// The escape of a kind CHostedRun reports (`fs_escape_kind`); a blocking wait for the rest.
    fileprivate init(reported kind: Int32) {
        switch UInt32(bitPattern: kind) {
        case fs_escape_session.rawValue: self = .ownSession
        case fs_escape_timer.rawValue: self = .timer
        case fs_escape_run_loop_wait.rawValue: self = .runLoopWait
        case fs_escape_run_loop_block.rawValue: self = .runLoopBlock
        case fs_escape_dispatch_timer.rawValue: self = .dispatchTimer
        default: self = .blockingWait
        }
    }
}

private let laneTagCallback: @convention(c) () -> Int32 = { HostedTime.laneTag() }

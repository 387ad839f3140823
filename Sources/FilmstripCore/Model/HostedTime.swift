import CHostedRun
import Dispatch
import Synchronization

/// The virtual clock of a hosted run, as the model's own calls into time see it: how a model
/// written without filmstrip — `Task.sleep`, a `ContinuousClock()` it makes itself,
/// `DispatchQueue.main.asyncAfter`, `URLSession.shared` — runs on the run's clock, exactly
/// (docs/OWN-CODE.md, "Your code as it is").
///
/// While the model's code runs on the run's thread (a job, a Dispatch block the run took), the
/// thread captures (`CHostedRun`): `ContinuousClock.now`, `SuspendingClock.now` and
/// `DispatchTime.now()` read ``nanoseconds(atMs:)`` of the virtual instant, so a deadline computed
/// from them is a virtual instant to the nanosecond; a standard sleep reaches the run's executors
/// as a scheduled job (`SchedulingExecutor`), which ``schedule(_:at:clock:)`` puts on the
/// ``VirtualClock``; Dispatch blocks come to ``dispatched(_:when:)`` and run on the run's thread
/// when due; blocking waits are recorded as ``ClockEscape``s, and the run is refused.
///
/// One at a time, like the hosting itself (``active``).
package final class HostedTime: Sendable {
    let clock: VirtualClock
    let queue: DrainingExecutor
    /// What the monotonic clocks read at 0 ms on the capturing thread, in ns: the real monotonic
    /// time when the run began, so a model's timed wait on a real primitive stays near real time.
    let baseNs: Int64
    private let baseContinuous: ContinuousClock.Instant
    private let baseSuspending: SuspendingClock.Instant
    private struct State {
        var escapes: [ClockEscape] = []
        var laneNames: [String] = []
    }
    private let state = Mutex(State())

    /// The hosted run whose model code is running now, if any.
    static let active = Mutex<HostedTime?>(nil)

    /// Whether standard sleeps (`Task.sleep`, `ContinuousClock`, `SuspendingClock`) are moved onto
    /// the virtual clock. Always true in the product; a test turns it off to prove that a model
    /// which sleeps that way is then refused, never passed.
    package static let movesStandardSleeps = Atomic<Bool>(true)

    init(clock: VirtualClock, queue: DrainingExecutor) {
        self.clock = clock
        self.queue = queue
        let base = Int64(DispatchTime.now().uptimeNanoseconds)  // real: this thread does not capture yet
        self.baseNs = base
        let previous = fs_hosted_enter(base)
        self.baseContinuous = ContinuousClock.now
        self.baseSuspending = SuspendingClock.now
        fs_hosted_restore(previous)
    }

    /// What the monotonic clocks read at `ms` on the capturing thread, in ns.
    func nanoseconds(atMs ms: Int) -> Int64 { baseNs + Int64(ms) * 1_000_000 }

    /// Runs `body` as the model's code: capturing, the clocks reading the virtual now.
    func capturing<R>(_ body: () throws -> R) rethrows -> R {
        let previous = fs_hosted_enter(nanoseconds(atMs: clock.now.ms))
        defer { fs_hosted_restore(previous) }
        return try body()
    }

    /// Runs `body` as the model's code of the active run, if any (see ``capturing(_:)``).
    static func asModelCode<R>(_ body: () throws -> R) rethrows -> R {
        guard let time = active.withLock({ $0 }) else { return try body() }
        return try time.capturing(body)
    }

    /// Names the lanes (by ``ModelLaneTag`` index) for escapes.
    func nameLanes(_ names: [String]) { state.withLock { $0.laneNames = names } }

    /// The lanes' names, by ``ModelLaneTag`` index; empty for a bench of one model.
    var laneNames: [String] { state.withLock { $0.laneNames } }

    /// How many lanes the hosted bench has (0 for a bench of one model).
    var laneCount: Int { state.withLock { $0.laneNames.count } }

    /// The escapes so far, in the order the model's code made them.
    var escapes: [ClockEscape] { state.withLock { $0.escapes } }

    /// Records an escape at the current virtual instant, in the lane of the running code; the
    /// same escape again at the same instant (a blocking wait's loop) is recorded once.
    func escape(_ kind: ClockEscape.Kind) {
        let at = clock.now.ms
        let tag = Self.laneTag()
        state.withLock { state in
            if let last = state.escapes.last, last.kind == kind, last.atMs == at { return }
            let lane = state.laneNames.indices.contains(Int(tag)) ? state.laneNames[Int(tag)] : nil
            state.escapes.append(ClockEscape(kind: kind, atMs: at, lane: lane))
        }
    }

    /// The lane of the running code: the task's ``ModelLaneTag``, or the Dispatch block's.
    static func laneTag() -> Int32 {
        let task = ModelLaneTag.current
        return task >= 0 ? task : fs_hosted_item_lane()
    }

    // MARK: standard sleeps

    /// The virtual deadline (ms, truncated) of `instant` on `clock`; nil for a clock the run does
    /// not know. Instants of `ContinuousClock` and `SuspendingClock` count from what the
    /// capturing thread read at 0 ms.
    func deadlineMs<C: Clock>(at instant: C.Instant, clock: C) -> Int? {
        if let instant = instant as? ContinuousClock.Instant { return baseContinuous.duration(to: instant).wholeMilliseconds }
        if let instant = instant as? SuspendingClock.Instant { return baseSuspending.duration(to: instant).wholeMilliseconds }
        if let instant = instant as? VirtualClock.Instant { return instant.ms }
        return nil
    }

    /// Puts a standard sleep's wake-up job on the virtual clock at `instant`; returns false when
    /// the run does not take it (an unknown clock, or standard sleeps not moved), after recording
    /// the escape — the caller then leaves it to real time.
    func schedule<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) -> Bool {
        guard let deadline = deadlineMs(at: instant, clock: clock) else {
            escape(.unknownClock("\(C.self)"))
            return false
        }
        if !(clock is VirtualClock), !Self.movesStandardSleeps.load(ordering: .relaxed) {
            escape(.standardSleepNotMoved("\(C.self)"))
            return false
        }
        let queue = self.queue
        if deadline <= self.clock.now.ms {
            queue.enqueue(job, kind: .task)  // rule of time 4: due now, no advance
        } else {
            self.clock.schedule(ScheduledWork(fire: { queue.enqueue(job, kind: .task) }, discard: {}), atMs: deadline)
        }
        return true
    }

    // MARK: Dispatch

    /// Takes a Dispatch block the model's code handed to a queue: due now, it runs after the work
    /// already queued; with a deadline (`DispatchTime`, read on the virtual clock), when the
    /// virtual clock reaches it; never, never; a wall deadline is an escape.
    func dispatched(_ item: CapturedItem, when: UInt64) {
        let queue = self.queue
        if when == 0 { queue.enqueue(item); return }
        if when == UInt64.max { fs_item_discard(item.pointer); return }
        if Int64(bitPattern: when) < 0 {
            escape(.wallDeadline)
            fs_item_discard(item.pointer)
            return
        }
        let deadline = Int((Int64(bitPattern: when) - baseNs) / 1_000_000)
        if deadline <= clock.now.ms { queue.enqueue(item); return }
        clock.schedule(ScheduledWork(fire: { queue.enqueue(item) }, discard: { fs_item_discard(item.pointer) }), atMs: deadline)
    }
}

/// A Dispatch block or function the run took from the model's code (`fs_item`): run once by the
/// run's thread, or discarded when the run ends first.
struct CapturedItem: @unchecked Sendable {
    // Sendable by ownership: the C side hands the item over and never touches it again; the run
    // runs or discards it once, on its own thread.
    let pointer: OpaquePointer
}

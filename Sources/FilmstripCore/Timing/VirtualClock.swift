import Synchronization

/// A clock whose time moves only when the recorder advances it: the virtual clock of a capture.
///
/// It conforms to the standard `Clock` protocol, so bench code written against a `Clock`
/// runs on it unchanged. Time is an integer number of milliseconds since the start of the run
/// (docs/ARCHITECTURE.md, rules of time 1). Sleepers are woken in order of (deadline, sequence number),
/// the sequence number taken when the sleep was scheduled (rule 2); ``advance(to:wakeLimit:settle:)`` sets
/// ``now`` to each sleeper's deadline while it runs, then to the target (rule 5); sleeping until
/// a deadline at or before ``now`` returns without advancing time (rule 4).
///
/// ```swift
/// let clock = VirtualClock()
/// try clock.advance(to: 1_093) { try executor.drain() }
/// ```
public final class VirtualClock: Clock, Sendable {
    /// An instant: whole milliseconds since the start of the run.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Milliseconds since the start of the run.
        package var ms: Int

        /// The instant `ms` milliseconds after the start of the run.
        package init(ms: Int) {
            self.ms = ms
        }

        /// Moves by `duration`, truncated to whole milliseconds.
        public func advanced(by duration: Duration) -> Instant {
            Instant(ms: ms + duration.wholeMilliseconds)
        }

        /// The time from this instant to `other`, in whole milliseconds (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            .milliseconds(other.ms - ms)
        }

        /// Orders instants by their milliseconds.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.ms < rhs.ms }

        /// `<ms> ms`, e.g. `1093 ms`.
        public var description: String { "\(ms) ms" }
    }

    private struct Sleeper {
        var deadline: Int
        var sequence: Int
        var wake: Wake

        /// Ends the sleeper without waking it: a task's sleep throws `CancellationError`; a
        /// timer is discarded.
        func end() {
            switch wake {
            case .continuation(let continuation): continuation.resume(throwing: CancellationError())
            case .timer(let work): work.discard()
            }
        }
    }

    /// What a sleeper does at its deadline: a task asleep on this clock resumes; a timer a hosted
    /// model set through the standard library or Dispatch (``HostedTime``) fires.
    private enum Wake {
        case continuation(CheckedContinuation<Void, any Error>)
        case timer(ScheduledWork)
    }

    private struct State {
        var now = 0
        var nextSequence = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeSleeping: Set<Int> = []
        /// Sleepers woken so far by ``advance(to:wakeLimit:settle:)``, over the clock's life.
        var wakes = 0
    }

    /// The most sleepers one run may wake, over its whole length: a plan of 1 ms beats over an
    /// hour's window is stopped here, in about a second, instead of making millions of events,
    /// while the inbox's cycle started a day before its window (about 65,000 events) still runs.
    package static let eventLimit = 100_000

    private let state = Mutex(State())

    /// A clock at 0 ms with no sleepers.
    package init() {}

    /// The current instant: where the last ``advance(to:wakeLimit:settle:)`` left time (0 ms at first).
    public var now: Instant { Instant(ms: state.withLock { $0.now }) }

    /// One millisecond: the clock's unit.
    public var minimumResolution: Duration { .milliseconds(1) }

    /// The number of tasks asleep on this clock. A finished run must leave none.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline of any sleeper, in ms; nil when none sleeps.
    package var nextDeadline: Int? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends until ``now`` reaches `deadline`.
    ///
    /// A deadline at or before ``now`` returns at once without advancing time, after one
    /// `Task.yield()` so that a loop of such sleeps stays visible to the executor (rule 10).
    /// - Throws: `CancellationError` when the task is cancelled before or while asleep.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let sequence = state.withLock { state -> Int in
            defer { state.nextSequence += 1 }
            return state.nextSequence
        }
        if deadline.ms <= state.withLock({ $0.now }) {
            await Task.yield()
            try Task.checkCancellation()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if state.cancelledBeforeSleeping.remove(sequence) != nil { return true }
                    state.sleepers.append(Sleeper(deadline: deadline.ms, sequence: sequence, wake: .continuation(continuation)))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                if let index = state.sleepers.firstIndex(where: { $0.sequence == sequence }),
                    case .continuation(let continuation) = state.sleepers[index].wake
                {
                    state.sleepers.remove(at: index)
                    return continuation
                }
                state.cancelledBeforeSleeping.insert(sequence)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward to `target` ms, waking every sleeper whose deadline is at or before it.
    ///
    /// Sleepers wake one at a time in (deadline, sequence) order; before each is resumed, ``now``
    /// becomes its deadline, and `settle` runs (typically draining the executor the woken task
    /// runs on) so the woken work finishes, and may schedule more, before the next sleeper wakes.
    /// Finally ``now`` becomes `target`. A target before ``now`` leaves time where it is.
    ///
    /// - Parameter wakeLimit: the most wake-ups the clock makes over its whole life, across
    ///   every call (``eventLimit`` unless given).
    /// - Throws: ``RunawayWorkError`` when a wake-up before `target` would be beyond
    ///   `wakeLimit` (work scheduled without end, or a script too dense for its window); any
    ///   error `settle` throws.
    package func advance(to target: Int, wakeLimit: Int = VirtualClock.eventLimit, settle: () throws -> Void = {}) throws {
        while true {
            let next = state.withLock { state -> (sleeper: Sleeper, wakes: Int)? in
                guard let index = state.sleepers.indices.min(by: {
                    (state.sleepers[$0].deadline, state.sleepers[$0].sequence) < (state.sleepers[$1].deadline, state.sleepers[$1].sequence)
                }), state.sleepers[index].deadline <= target else { return nil }
                let sleeper = state.sleepers.remove(at: index)
                state.now = max(state.now, sleeper.deadline)
                state.wakes += 1
                return (sleeper, state.wakes)
            }
            guard let (next, wakes) = next else { break }
            if wakes > wakeLimit {
                next.end()
                throw RunawayWorkError(
                    atMs: next.deadline,
                    reason: "more than \(wakeLimit) events in the run (the limit of one run), before the frame at \(target) ms; lengthen the script's latencies or holds")
            }
            switch next.wake {
            case .continuation(let continuation): continuation.resume()
            case .timer(let work): work.fire()
            }
            try settle()
        }
        state.withLock { $0.now = max($0.now, target) }
    }
}

extension VirtualClock {
    /// Wakes every sleeper with `CancellationError`, in (deadline, sequence) order, without
    /// moving time: how a run ends tasks a model started and never cancelled. Returns how many.
    @discardableResult
    func cancelAllSleepers() -> Int {
        let woken = state.withLock { state -> [Sleeper] in
            defer { state.sleepers.removeAll() }
            return state.sleepers.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        }
        for sleeper in woken { sleeper.end() }
        return woken.count
    }

    /// Schedules `work` to fire when time reaches `deadlineMs`, in (deadline, sequence) order
    /// with the tasks asleep on the clock (rule of time 2); a deadline at or before ``now`` fires
    /// at the next ``advance(to:wakeLimit:settle:)``, at the current instant.
    func schedule(_ work: ScheduledWork, atMs deadlineMs: Int) {
        state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.sleepers.append(Sleeper(deadline: max(deadlineMs, state.now), sequence: sequence, wake: .timer(work)))
        }
    }
}

/// Work a hosted model scheduled for a virtual instant (a standard sleep's wake-up, a Dispatch
/// block): what to do when it is due, and what to do when the run ends first.
struct ScheduledWork: Sendable {
    /// Called at the deadline, on the recorder's thread, with ``VirtualClock/now`` at the deadline.
    let fire: @Sendable () -> Void
    /// Called instead when the run ends before the deadline.
    let discard: @Sendable () -> Void
}

extension Duration {
    /// The duration in whole milliseconds, truncated toward zero (integer arithmetic only).
    package var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

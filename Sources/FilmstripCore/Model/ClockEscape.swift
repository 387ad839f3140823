/// Something a hosted model did on the virtual clock that waits on real time and that the run
/// cannot move onto its clock: the kind, the instant of the model's code that did it, and its
/// lane. A run that meets one is refused (``RunError``, exit 2) with ``message``, the same text on
/// every run, because it is taken where the model's code made the call, never from a real timer
/// coming back (docs/OWN-CODE.md).
struct ClockEscape: Equatable, Sendable {
    /// What the model called.
    enum Kind: Equatable, Sendable {
        /// `Thread.sleep`, `usleep`, `nanosleep` or `sleep`: the main actor's thread blocked for real time.
        case blockingWait
        /// `DispatchQueue.asyncAfter(wallDeadline:)`: a deadline on the wall clock (`Date`).
        case wallDeadline
        /// A sleep on a clock the run does not know (its type's name).
        case unknownClock(String)
        /// `Task.sleep` or a standard clock's `sleep` (the clock's name) while the run does not
        /// move standard sleeps onto its clock (``HostedTime/movesStandardSleeps``).
        case standardSleepNotMoved(String)
        /// A `URLSession` made from the model's own `URLSessionConfiguration`: its requests go
        /// through libcurl on FoundationNetworking's own queues.
        case ownSession
        /// A `Timer` added to a run loop (`Timer.scheduledTimer`, `RunLoop.add`): no run turns a
        /// run loop, so it would never fire.
        case timer
        /// A run loop wait (`RunLoop.run`, `run(until:)`, `run(mode:before:)`, `acceptInput`).
        case runLoopWait
        /// A block given to a run loop (`RunLoop.perform`): it would never run.
        case runLoopBlock
        /// A Dispatch timer source scheduled (`DispatchSourceTimer.schedule`): it fires on
        /// Dispatch's real timers.
        case dispatchTimer
    }

    let kind: Kind
    /// The virtual instant (ms) of the model's code that made the call; nil on the real clock
    /// (``RealClockWatch``), whose measured instants differ from run to run.
    let atMs: Int?
    /// The lane whose code made the call; nil for a bench of one model, or when no lane can be told.
    let lane: String?

    /// One sentence: what, when, where, and the fix.
    var message: String {
        let place = (atMs.map { "at \($0) ms" } ?? "on the real clock") + (lane.map { " in lane \($0)" } ?? "")
        switch kind {
        case .blockingWait:
            return """
                a blocking wait (Thread.sleep, usleep, nanosleep or sleep) \(place) holds the main actor's thread for \
                real time, which the virtual clock cannot move: await a sleep instead (Task.sleep or the clock the \
                model is given), which the run puts on its clock (docs/OWN-CODE.md)
                """
        case .wallDeadline:
            return """
                DispatchQueue.asyncAfter(wallDeadline:) \(place) waits for a wall-clock (Date) deadline, which the \
                virtual clock cannot move: use asyncAfter(deadline: .now() + …), which the run puts on its clock \
                (docs/OWN-CODE.md)
                """
        case .unknownClock(let name):
            return """
                a sleep on the clock \(name) \(place) waits on a clock the run does not know: it moves sleeps on \
                ContinuousClock, SuspendingClock and the bench's clock; give the model the bench's clock \
                (docs/OWN-CODE.md)
                """
        case .ownSession:
            return """
                a URLSession made \(place) from the model's own URLSessionConfiguration sends its requests through \
                libcurl on FoundationNetworking's own queues, which the virtual clock cannot time and the plan's http \
                does not answer (none of them reached the network): fetch with URLSession.shared, or give the model a \
                transport, or record it on --clock real against a server (docs/OWN-CODE.md)
                """
        case .timer:
            return """
                a Timer scheduled \(place) (Timer.scheduledTimer or RunLoop.add) waits on a run loop, which no run \
                turns on either clock, so it would never fire: use Task.sleep or DispatchQueue.main.asyncAfter(deadline:), \
                which the run puts on its clock (docs/OWN-CODE.md)
                """
        case .runLoopWait:
            return """
                a run loop wait (RunLoop.run) \(place) waits on a run loop, which no run turns on either clock: await a \
                sleep instead (Task.sleep or the clock the model is given), which the run puts on its clock \
                (docs/OWN-CODE.md)
                """
        case .dispatchTimer:
            return """
                a DispatchSource timer scheduled \(place) (DispatchSourceTimer.schedule) waits on Dispatch's real timers, \
                which the virtual clock cannot move: use Task.sleep or DispatchQueue.main.asyncAfter(deadline:), which \
                the run puts on its clock (docs/OWN-CODE.md)
                """
        case .runLoopBlock:
            return """
                a block given to a run loop (RunLoop.perform) \(place) waits for the run loop to turn, which no run does \
                on either clock, so it would never run: use DispatchQueue.main.async or a Task, which the run puts on \
                its clock (docs/OWN-CODE.md)
                """
        case .standardSleepNotMoved(let name):
            return """
                a sleep on \(name) (Task.sleep or \(name)().sleep) \(place) waits on real time: this run does not move \
                standard sleeps onto its clock; give the model the bench's clock (docs/OWN-CODE.md)
                """
        }
    }
}

import FilmstripCore
import Foundation
import Testing

extension HostedMainActorSuites {
    /// Every way of waiting on real time that the run refuses is refused in one sentence, the same
    /// on five runs, whether the real wait is shorter than the run's wall time or far longer than
    /// it: the sentence is taken at the call, never from a timer coming back.
    @Suite struct EscapeWordsTests {
        static func sentence(_ kind: Escape.Kind) -> String {
            switch kind {
            case .threadSleep, .usleep:
                """
                the model waits on real time: a blocking wait (Thread.sleep, usleep, nanosleep or sleep) at 300 ms holds \
                the main actor's thread for real time, which the virtual clock cannot move: await a sleep instead \
                (Task.sleep or the clock the model is given), which the run puts on its clock (docs/OWN-CODE.md)
                """
            case .wallDeadline:
                """
                the model waits on real time: DispatchQueue.asyncAfter(wallDeadline:) at 300 ms waits for a wall-clock \
                (Date) deadline, which the virtual clock cannot move: use asyncAfter(deadline: .now() + …), which the run \
                puts on its clock (docs/OWN-CODE.md)
                """
            case .standardSleepNotMoved:
                """
                the model waits on real time: a sleep on ContinuousClock (Task.sleep or ContinuousClock().sleep) at 300 ms \
                waits on real time: this run does not move standard sleeps onto its clock; give the model the bench's \
                clock (docs/OWN-CODE.md)
                """
            case .scheduledTimer, .mainRunLoopTimer:
                """
                the model waits on real time: a Timer scheduled at 300 ms (Timer.scheduledTimer or RunLoop.add) waits \
                on a run loop, which no run turns on either clock, so it would never fire: use Task.sleep or \
                DispatchQueue.main.asyncAfter(deadline:), which the run puts on its clock (docs/OWN-CODE.md)
                """
            case .runLoopWait:
                """
                the model waits on real time: a run loop wait (RunLoop.run) at 300 ms waits on a run loop, which no run \
                turns on either clock: await a sleep instead (Task.sleep or the clock the model is given), which the run \
                puts on its clock (docs/OWN-CODE.md)
                """
            case .dispatchSourceTimer:
                """
                the model waits on real time: a DispatchSource timer scheduled at 300 ms (DispatchSourceTimer.schedule) \
                waits on Dispatch's real timers, which the virtual clock cannot move: use Task.sleep or \
                DispatchQueue.main.asyncAfter(deadline:), which the run puts on its clock (docs/OWN-CODE.md)
                """
            case .runLoopPerform:
                """
                the model waits on real time: a block given to a run loop (RunLoop.perform) at 300 ms waits for the run \
                loop to turn, which no run does on either clock, so it would never run: use DispatchQueue.main.async or \
                a Task, which the run puts on its clock (docs/OWN-CODE.md)
                """
            }
        }

        @Test(arguments: Escape.all)
        func anEscapeIsRefusedInOneSentenceOnEveryRun(_ escape: Escape) throws {
            let notMoved = escape.kind == .standardSleepNotMoved
            // The model's first sleep is moved; the switch is read when its second one starts.
            var messages: [String] = []
            let started = ContinuousClock.now
            for _ in 0..<5 {
                do {
                    try ModelStage.run { stage in
                        let model = stage.read { EscapingModel(escape) }
                        try stage.perform { model.start() }
                        try stage.advance(to: 299)
                        if notMoved { HostedTime.movesStandardSleeps.store(false, ordering: .relaxed) }
                        defer { HostedTime.movesStandardSleeps.store(true, ordering: .relaxed) }
                        try stage.advance(to: 1_000)
                    }
                    messages.append("the run passed")
                } catch let error as RunError {
                    messages.append(error.message)
                }
            }
            #expect(messages == Array(repeating: Self.sentence(escape.kind), count: 5))
            // Nothing the refused model scheduled stays on the run loop of the thread that ran it.
            #expect(RunLoop.current.limitDate(forMode: .default) == nil)
            // A refused wait is not waited for: five runs of a 60 s wait take far less than one.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }
}

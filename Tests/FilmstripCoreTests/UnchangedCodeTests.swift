import FilmstripCore
import Foundation
import Testing

extension HostedMainActorSuites {
    /// A model written without filmstrip, as app teams write it (`Task.sleep`, a clock it makes
    /// itself, `DispatchQueue.main.asyncAfter`), on a ``ModelStage``: every form of sleep wakes at
    /// its virtual instant, to the millisecond; what cannot be moved is refused in the same words
    /// on every run.
    @Suite struct UnchangedCodeTests {
        @Test(arguments: SpinnerDelay.allCases)
        func theSpinnerAppearsWhenItsSleepEndsNotAMillisecondBefore(_ delay: SpinnerDelay) throws {
            try ModelStage.run { stage in
                let model = stage.read { SpinnerDelayModel(delay: delay) }
                try stage.perform { model.appear() }
                try stage.advance(to: 199)
                #expect(stage.read { model.showsSpinner } == false)
                try stage.advance(to: 200)
                #expect(stage.read { model.showsSpinner } == true)
                #expect(stage.read { model.elapsedMs } == 200)
            }
        }

        @Test func aModelMixingItsClockAndTaskSleepKeepsOneTime() throws {
            try ModelStage.run { stage in
                let model = stage.read { MixedClockModel(clock: stage.clock) }
                try stage.perform { model.start() }
                try stage.advance(to: 199)
                #expect(stage.read { model.done } == false)
                try stage.advance(to: 200)
                #expect(stage.read { model.done } == true)
            }
        }

        @Test func aBlockingSleepIsRefusedInTheSameWordsOnEveryRun() throws {
            var messages: Set<String> = []
            for _ in 0..<5 {
                do {
                    try ModelStage.run { stage in
                        let model = stage.read { BlockingSleepModel() }
                        try stage.perform { model.start() }
                        try stage.advance(to: 1_000)
                    }
                    Issue.record("the run passed")
                } catch let error as RunError {
                    messages.insert(error.message)
                }
            }
            #expect(messages == [
                """
                the model waits on real time: a blocking wait (Thread.sleep, usleep, nanosleep or sleep) at 300 ms holds \
                the main actor's thread for real time, which the virtual clock cannot move: await a sleep instead \
                (Task.sleep or the clock the model is given), which the run puts on its clock (docs/OWN-CODE.md)
                """
            ])
        }

        @Test func withStandardSleepsLeftToRealTimeTheSpinnerModelIsRefusedNeverPassed() throws {
            HostedTime.movesStandardSleeps.store(false, ordering: .relaxed)
            defer { HostedTime.movesStandardSleeps.store(true, ordering: .relaxed) }
            for _ in 0..<3 {
                #expect(throws: RunError(message: """
                    the model waits on real time: a sleep on ContinuousClock (Task.sleep or ContinuousClock().sleep) at 0 ms \
                    waits on real time: this run does not move standard sleeps onto its clock; give the model the bench's \
                    clock (docs/OWN-CODE.md)
                    """)) {
                    try ModelStage.run { stage in
                        let model = stage.read { SpinnerDelayModel(delay: .taskSleepFor) }
                        try stage.perform { model.appear() }
                        try stage.advance(to: 1_000)
                    }
                }
            }
        }
    }
}

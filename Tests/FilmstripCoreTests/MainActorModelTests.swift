import FilmstripCore
import Foundation
import Testing

extension HostedMainActorSuites {
    /// A `@MainActor @Observable` model written without filmstrip, on a ``ModelStage``: exact to the
    /// millisecond at the debounce's edges, cancelled searches at the keystroke's instant, the same
    /// trace on every run. Serialised: the stage hosts the process's main actor.
    @Suite struct MainActorModelTests {
        @Test func keystrokeOneMillisecondBeforeTheDebounceEndsRestartsIt() throws {
            let trace = try SearchScenario.trace(keystrokes: [(0, "a"), (299, "ab")], latencyMs: 200, untilMs: 1_000)
            #expect(trace == [
                "0 waiting",
                "599 searching",
                "799 results ab0,ab1",
                "request ab sent 599 answered 799",
            ])
        }

        @Test func keystrokeOneMillisecondAfterTheDebounceEndsCancelsTheSearchAtItsInstant() throws {
            let trace = try SearchScenario.trace(keystrokes: [(0, "a"), (301, "ab")], latencyMs: 200, untilMs: 1_000)
            #expect(trace == [
                "0 waiting",
                "300 searching",
                "301 waiting",
                "601 searching",
                "801 results ab0,ab1",
                "request a sent 300 cancelled 301",
                "request ab sent 601 answered 801",
            ])
        }

        @Test func searchStartsExactlyWhenTheDebounceEnds() throws {
            let trace = try SearchScenario.trace(keystrokes: [(0, "a")], latencyMs: 200, untilMs: 299)
            #expect(trace == ["0 waiting"])
            let later = try SearchScenario.trace(keystrokes: [(0, "a")], latencyMs: 200, untilMs: 300)
            #expect(later == ["0 waiting", "300 searching"])
        }

        @Test func rerunsGiveTheSameTrace() throws {
            let keystrokes: [(ms: Int, text: String)] = [(0, "s"), (120, "sw"), (250, "swi"), (700, "swif"), (760, "swift")]
            let first = try SearchScenario.trace(keystrokes: keystrokes, latencyMs: 150, untilMs: 2_000)
            for _ in 0..<20 {
                #expect(try SearchScenario.trace(keystrokes: keystrokes, latencyMs: 150, untilMs: 2_000) == first)
            }
            #expect(first == [
                "0 waiting",
                "550 searching",
                "700 results swi0,swi1",
                "700 waiting",
                "1060 searching",
                "1210 results swift0,swift1",
                "request swi sent 550 answered 700",
                "request swift sent 1060 answered 1210",
            ])
        }

        @Test func theProcessMainActorIsBackAfterARun() async throws {
            _ = try SearchScenario.trace(keystrokes: [(0, "a")], latencyMs: 10, untilMs: 400)
            let value = await MainActor.run { 42 }
            #expect(value == 42)
        }
    }
}

import FilmstripCore
import FilmstripRaster
import FilmstripTestSupport
import Foundation
import Testing

extension HostedMainActorSuites {
    /// No run turns a run loop on the real clock either: a model that schedules a `Timer`, gives a
    /// block to a run loop or waits on one is refused in one sentence there too, the same on
    /// every run (it names the real clock, not an instant the real clock measures), never
    /// recorded as a screen that waits for something that cannot happen.
    @Suite struct RealClockEscapeTests {
        enum Phase: BenchPhase, Equatable {
            enum Name: String, CaseIterable, Sendable { case waiting, done }
            case waiting, done
            var name: Name { self == .waiting ? .waiting : .done }
        }

        struct Screen: Panel {
            var id = "screen"
            var title: String { "SCREEN" }
            var tint: Color { Palette.mint }
            func depiction(for phase: Phase, atMs timeMs: Int) -> Depiction { Depiction(phase.name.rawValue) }
            func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
            func draw(_ phase: Phase, atMs timeMs: Int, on painter: inout PanelPainter) {}
        }

        /// ``EscapingModel`` as a bench: it starts at the plan's first event.
        static func plan(_ escape: Escape) throws -> CapturePlan {
            let definition = BenchDefinition.model(
                name: "escaping", summary: "a model of the tests that waits on real time",
                phaseStyle: { (_: Phase.Name) in PhaseStyle(color: .white) },
                depictions: ["waiting", "done"].map { DepictionStyle($0, color: .white) },
                panels: [PanelEntry<Phase, ModelSettings>(Screen())],
                defaultExpectations: .init(), initialPhase: .waiting,
                make: { _, _ in EscapingModel(escape) },
                phase: { $0.done ? .done : .waiting },
                perform: { model, _ in model.start() })
            let settings = ModelSettings(events: [ModelEvent(atMs: 0, .appear)], http: HTTPScript(routes: []))
            return try CapturePlan(name: "escaping", bench: definition, settings: settings, windowMs: 1_000, frameIntervalMs: 100)
        }

        static let runLoopKinds: [Escape.Kind] = [.scheduledTimer, .mainRunLoopTimer, .runLoopWait, .runLoopPerform]

        static func sentence(_ kind: Escape.Kind) -> String {
            let virtual = EscapeWordsTests.sentence(kind)
            return "bench escaping was stopped: " + virtual.replacingOccurrences(of: "at 300 ms", with: "on the real clock")
        }

        /// Set in the process of its own that ``aRunLoopEscapeIsRefusedOnTheRealClock()`` runs in.
        static let solo = "FILMSTRIP_SOLO_REAL_CLOCK_ESCAPE_TEST"

        /// The real-clock runs in a test process of their own (docs/OWN-CODE.md, "The real clock").
        @Test func isRefusedOnTheRealClockInATestProcessOfItsOwn() throws {
            try TestSupport.expectPassInProcessOfItsOwn("aRunLoopEscapeIsRefusedOnTheRealClock", variable: Self.solo)
        }

        @Test(.enabled(if: ProcessInfo.processInfo.environment[solo] == "1", "runs in a process of its own"))
        func aRunLoopEscapeIsRefusedOnTheRealClock() throws {
            for kind in Self.runLoopKinds {
                var messages: [String] = []
                for _ in 0..<2 {
                    do {
                        _ = try Self.plan(Escape(kind: kind, waitMs: 1)).run(clock: .real)
                        messages.append("the run passed")
                    } catch let error as RunError {
                        messages.append(error.message)
                    }
                }
                #expect(messages == [Self.sentence(kind), Self.sentence(kind)], "\(kind)")
            }
            // Nothing the refused models scheduled stays on the run loop of the thread that hosted them.
            #expect(RunLoop.current.limitDate(forMode: .default) == nil)
        }
    }
}

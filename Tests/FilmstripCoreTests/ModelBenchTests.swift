import FilmstripCore
import FilmstripRaster
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Testing

extension HostedMainActorSuites {
    /// ``DebouncedSearchModel`` (written without filmstrip) recorded as a bench through the whole
    /// pipeline: phase changes at their exact instants (between frames too), requests in the loads,
    /// a superseded search's request cancelled at the keystroke's instant, identical reruns.
    @Suite struct ModelBenchTests {
        enum SearchPhase: BenchPhase, Equatable {
            enum Name: String, CaseIterable, Sendable { case idle, waiting, searching, results, failed }
            case idle, waiting, searching
            case results([String])
            case failed

            init(_ state: DebouncedSearchModel.State) {
                switch state {
                case .idle: self = .idle
                case .waiting: self = .waiting
                case .searching: self = .searching
                case .results(let rows): self = .results(rows)
                case .failed: self = .failed
                }
            }

            var name: Name {
                switch self {
                case .idle: .idle
                case .waiting: .waiting
                case .searching: .searching
                case .results: .results
                case .failed: .failed
                }
            }
        }

        struct ScreenPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
            var id = "screen"
            var title: String { id.uppercased() }
            var tint: Color { Palette.mint }
            func depiction(for phase: SearchPhase, atMs timeMs: Int) -> Depiction {
                Depiction(phase == .searching ? "spinner" : phase.name.rawValue)
            }
            func draw(_ phase: SearchPhase, atMs timeMs: Int, on painter: inout PanelPainter) {}
        }

        // The glue: how to make the model, which phase its state is, what each event calls.
        static let definition = BenchDefinition.model(
            name: "debounced", summary: "a debounced search model of the tests",
            phaseStyle: { (name: SearchPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .searching) },
            depictions: ["idle", "waiting", "spinner", "results", "failed"].map { DepictionStyle($0, color: .white) },
            panels: [PanelEntry<SearchPhase, ModelSettings>(ScreenPanel())],
            defaultExpectations: .init(), initialPhase: .idle,
            make: { clock, http in
                DebouncedSearchModel(clock: clock) { query in
                    let (data, _) = try await http.send(URLRequest(url: URL(string: "http://api.test/search?q=\(query)")!))
                    return [String(decoding: data, as: UTF8.self)]
                }
            },
            phase: { SearchPhase($0.state) },
            perform: { model, event in
                if case .type(_, let text) = event.action { model.query = text }
            })

        static func plan() throws -> CapturePlan {
            let settings = ModelSettings(
                events: [ModelEvent(atMs: 0, .type(field: "query", text: "s")), ModelEvent(atMs: 301, .type(field: "query", text: "sw")),
                         ModelEvent(atMs: 1_000, .type(field: "query", text: "swi"))],
                http: HTTPScript(routes: [HTTPScript.Route(method: "GET", path: "/search", answers: [.init(afterMs: 250, body: "hit")])]))
            return try CapturePlan(name: "debounced", bench: definition, settings: settings, windowMs: 2_000, frameIntervalMs: 500)
        }

        @Test func phaseChangesAndRequestsAreTimedExactly() throws {
            let run = try Self.plan().run(clock: .virtual)
            #expect(run.timeline.map { "\($0.tMs) \($0.kind.rawValue) \($0.text)" } == [
                "0 event type \"s\" into query",
                "0 phase waiting",
                "300 phase searching",
                "301 event type \"sw\" into query",
                "301 phase waiting",
                "601 phase searching",
                "851 phase results",
                "1000 event type \"swi\" into query",
                "1000 phase waiting",
                "1300 phase searching",
                "1550 phase results",
            ])
            #expect(run.loadTimings.map(\.label) == [
                "GET http://api.test/search?q=s sent 300 ms, cancelled at 301 ms",
                "GET http://api.test/search?q=sw sent 601 ms, 200 at 851 ms, last byte 851 ms",
                "GET http://api.test/search?q=swi sent 1300 ms, 200 at 1550 ms, last byte 1550 ms",
            ])
            #expect(Array(run.frames).map { $0.phase ?? "-" } == ["waiting", "waiting", "waiting", "searching"])
        }

        @Test func rerunsAreIdentical() throws {
            let first = try Self.plan().run(clock: .virtual)
            for _ in 0..<10 {
                let again = try Self.plan().run(clock: .virtual)
                #expect(again.timeline == first.timeline)
                #expect(Array(again.frames) == Array(first.frames))
                #expect(again.loadTimings == first.loadTimings)
            }
        }

        static func searching(_ http: ScriptedTransport) -> @Sendable (String) async throws -> [String] {
            { query in
                let (data, _) = try await http.send(URLRequest(url: URL(string: "http://api.test/search?q=\(query)")!))
                return [String(decoding: data, as: UTF8.self)]
            }
        }

        static let lanes = BenchDefinition.modelLanes(
            name: "lanes", summary: "the debounced and the eager search side by side",
            phaseStyle: { (name: SearchPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .searching) },
            depictions: ["idle", "waiting", "results", "failed"].map { DepictionStyle($0, color: .white) } + [DepictionStyle("spinner", color: .white, role: .loader)],
            lanes: [
                ModelLane(
                    panel: ScreenPanel(id: "debounced"), make: { clock, http in DebouncedSearchModel(clock: clock, search: searching(http)) },
                    phase: { SearchPhase($0.state) }, perform: { model, event in if case .type(_, let text) = event.action { model.query = text } }),
                ModelLane(
                    panel: ScreenPanel(id: "eager"), make: { _, http in EagerSearchModel(search: searching(http)) },
                    phase: { SearchPhase($0.state) }, perform: { model, event in if case .type(_, let text) = event.action { model.query = text } }),
            ],
            defaultExpectations: .init(), initialPhase: .idle)

        @Test func eachLaneHasItsOwnStateRequestsAndLoader() throws {
            let settings = ModelSettings(
                events: [ModelEvent(atMs: 0, .type(field: "query", text: "s")), ModelEvent(atMs: 100, .type(field: "query", text: "sw"))],
                http: HTTPScript(routes: [HTTPScript.Route(method: "GET", path: "/search", answers: [.init(afterMs: 250, body: "hit")])]))
            let run = try CapturePlan(name: "lanes", bench: Self.lanes, settings: settings, windowMs: 1_000, frameIntervalMs: 100).run(clock: .virtual)
            #expect(run.counters == ["requests.debounced": 1, "requests.eager": 2])
            #expect(run.loadTimings.map(\.label) == [
                "debounced: GET http://api.test/search?q=sw sent 400 ms, 200 at 650 ms, last byte 650 ms",
                "eager: GET http://api.test/search?q=s sent 0 ms, 200 at 250 ms, last byte 250 ms",
                "eager: GET http://api.test/search?q=sw sent 100 ms, 200 at 350 ms, last byte 350 ms",
            ])
            #expect(run.depictionSegments["debounced"]?.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == ["idle 0-0", "waiting 0-400", "spinner 400-650", "results 650-1000"].filter { !$0.hasSuffix("0-0") })
            #expect(run.depictionSegments["eager"]?.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == ["spinner 0-250", "results 250-1000"])
            // Each panel is analysed against its own lane's phases, not the first lane's.
            #expect(run.lanePhaseSegments["eager"]?.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == ["idle 0-0", "searching 0-250", "results 250-1000"])
            #expect(run.phaseSegments.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == ["idle 0-0", "waiting 0-400", "searching 400-650", "results 650-1000"])
            let loaders = Analysis(run).loaders.map { "\($0.panel) visible \($0.visibleMs) held \($0.heldBackMs)" }
            #expect(loaders == ["debounced visible 250 held 0", "eager visible 250 held 0"])
            // Read against the first lane's phases (one shared phase), the eager spinner would be
            // credited with 250 ms of held-back content it never held: the debounced lane was waiting.
            let shared = LoaderStats(
                panel: "eager", depictions: run.depictionSegments["eager"] ?? [], phases: run.phaseSegments, windowStartMs: 0, windowEndMs: 1_000,
                thresholdMs: 300, loaders: ["spinner"], blanks: [], loadingPhases: ["searching"])
            #expect(shared.heldBackMs == 250)
        }
    }
}

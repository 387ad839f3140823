import FilmstripTestSupport
import FilmstripCore
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLSession is part of Foundation
import FoundationNetworking
#endif
import Testing

extension HostedMainActorSuites {
    /// A model that fetches with `URLSession.shared` (or a session of its own) and waits with a
    /// `ContinuousClock` it makes itself records the same timeline, loads and frames as the same
    /// model given the bench's clock and `ScriptedTransport.send`.
    @Suite struct SharedSessionTests {
        enum Session: String, CaseIterable, Sendable {
            case shared

            func data(for request: URLRequest) async throws -> Data {
                try await URLSession.shared.data(for: request).0
            }
        }

        static func unchanged(_ session: Session) -> BenchDefinition {
            BenchDefinition.model(
                name: "debounced", summary: "the debounced search model fetching with URLSession",
                phaseStyle: { (name: ModelBenchTests.SearchPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .searching) },
                depictions: ["idle", "waiting", "spinner", "results", "failed"].map { DepictionStyle($0, color: .white) },
                panels: [PanelEntry<ModelBenchTests.SearchPhase, ModelSettings>(ModelBenchTests.ScreenPanel())],
                defaultExpectations: .init(), initialPhase: .idle,
                make: { _, _ in
                    DebouncedSearchModel(clock: ContinuousClock()) { query in
                        let data = try await session.data(for: URLRequest(url: URL(string: "http://api.test/search?q=\(query)")!))
                        return [String(decoding: data, as: UTF8.self)]
                    }
                },
                phase: { ModelBenchTests.SearchPhase($0.state) },
                perform: { model, event in
                    if case .type(_, let text) = event.action { model.query = text }
                })
        }

        static func plan(_ bench: BenchDefinition) throws -> CapturePlan {
            let injected = try ModelBenchTests.plan()
            return try CapturePlan(name: "debounced", bench: bench, settings: injected.settings, windowMs: 2_000, frameIntervalMs: 500)
        }

        static let solo = "FILMSTRIP_SOLO_SHARED_SESSION_TEST"

        /// `URLSession.shared` in a test process of its own: libcurl's state is process-wide,
        /// and the real requests other tests of this process make (ScriptedServerTests) finish
        /// tearing down on Dispatch's threads while a hosted run drives the shared session on
        /// the run's thread; that crashed the process inside libcurl in one of three runs
        /// (docs/OWN-CODE.md, the URLSession row).
        @Test func theSharedSessionRunsInATestProcessOfItsOwn() throws {
            let (status, text) = try TestSupport.runInProcessOfItsOwn("theSharedSessionGetsThePlansAnswersAtTheInjectedTransportsInstants", variable: Self.solo)
            #expect(status == 0, "\(text)")
            #expect(text.contains("theSharedSessionGetsThePlansAnswersAtTheInjectedTransportsInstants() passed"), "\(text)")
        }

        @Test(.enabled(if: ProcessInfo.processInfo.environment[solo] == "1", "runs in a process of its own"))
        func theSharedSessionGetsThePlansAnswersAtTheInjectedTransportsInstants() throws {
            let injected = try ModelBenchTests.plan().run(clock: .virtual)
            let unchanged = try Self.plan(Self.unchanged(.shared)).run(clock: .virtual)
            #expect(unchanged.loadTimings.map(\.label) == [
                "GET http://api.test/search?q=s sent 300 ms, cancelled at 301 ms",
                "GET http://api.test/search?q=sw sent 601 ms, 200 at 851 ms, last byte 851 ms",
                "GET http://api.test/search?q=swi sent 1300 ms, 200 at 1550 ms, last byte 1550 ms",
            ])
            #expect(unchanged.loadTimings == injected.loadTimings)
            // URLSession reports a cancelled task as URLError(.cancelled), not CancellationError,
            // and this model shows any other error as failed: so it does on a device, for the
            // instant until its next search starts.
            let phases = { (run: RecordedRun) in run.timeline.filter { $0.kind == .phase }.map { "\($0.tMs) \($0.text)" } }
            #expect(phases(unchanged) == [
                "0 waiting", "300 searching", "301 failed", "601 searching", "851 results", "1000 waiting", "1300 searching",
                "1550 results",
            ])
            #expect(phases(injected)[2] == "301 waiting")
        }
    }
}

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
            /// `URLSession.shared`.
            case shared
            /// A session made from the model's own configuration, as an app makes one.
            case ownConfiguration

            func data(for request: URLRequest) async throws -> Data {
                switch self {
                case .shared: try await URLSession.shared.data(for: request).0
                case .ownConfiguration: try await URLSession(configuration: .ephemeral).data(for: request).0
                }
            }
        }

        /// The model fetching from `host` (default: the plan's) through `session`.
        static func unchanged(_ session: Session, host: String = "api.test") -> BenchDefinition {
            BenchDefinition.model(
                name: "debounced", summary: "the debounced search model fetching with URLSession",
                phaseStyle: { (name: ModelBenchTests.SearchPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .searching) },
                depictions: ["idle", "waiting", "spinner", "results", "failed"].map { DepictionStyle($0, color: .white) },
                panels: [PanelEntry<ModelBenchTests.SearchPhase, ModelSettings>(ModelBenchTests.ScreenPanel())],
                defaultExpectations: .init(), initialPhase: .idle,
                make: { _, _ in
                    DebouncedSearchModel(clock: ContinuousClock()) { query in
                        let data = try await session.data(for: URLRequest(url: URL(string: "http://\(host)/search?q=\(query)")!))
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
            try TestSupport.expectPassInProcessOfItsOwn("theSharedSessionGetsThePlansAnswersAtTheInjectedTransportsInstants", variable: Self.solo)
        }

        static let soloOwnSession = "FILMSTRIP_SOLO_OWN_SESSION_TEST"

        /// A session of the model's own configuration in a test process of its own, for the reason above.
        @Test func aSessionOfItsOwnRunsInATestProcessOfItsOwn() throws {
            try TestSupport.expectPassInProcessOfItsOwn("aSessionOfItsOwnIsRefusedWhenItIsMadeInTheSameWords", variable: Self.soloOwnSession)
        }

        @Test(.enabled(if: ProcessInfo.processInfo.environment[soloOwnSession] == "1", "runs in a process of its own"))
        func aSessionOfItsOwnIsRefusedWhenItIsMadeInTheSameWords() throws {
            // A port that listens on this machine: no connection may reach it.
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0 }
            }
            try #require(bound)
            let port = UInt16(bigEndian: address.sin_port)
            var messages: [String] = []
            for _ in 0..<5 {
                do {
                    _ = try Self.plan(Self.unchanged(.ownConfiguration, host: "127.0.0.1:\(port)")).run(clock: .virtual)
                    messages.append("the run passed")
                } catch {
                    messages.append((error as? RunError)?.message ?? "\(error)")
                }
            }
            // The first keystroke's search is sent at 300 ms: the session is made then.
            #expect(messages == Array(repeating: """
                bench debounced was stopped: the model waits on real time: a URLSession made at 300 ms from the model's own \
                URLSessionConfiguration sends its requests through libcurl on FoundationNetworking's own queues, which the \
                virtual clock cannot time and the plan's http does not answer (none of them reached the network): fetch with \
                URLSession.shared, or give the model a transport, or record it on --clock real against a server (docs/OWN-CODE.md)
                """, count: 5))
            // Nothing connected to the port, though the model's requests were sent to it.
            Thread.sleep(forTimeInterval: 0.2)
            _ = fcntl(listener, F_SETFL, O_NONBLOCK)
            #expect(accept(listener, nil, nil) == -1)
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

import FilmstripCore
import FilmstripTestSupport
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Testing

extension HostedMainActorSuites {
    /// One plan recorded both ways: its `http` script answered by ``ScriptedTransport`` on the
    /// virtual clock, and served by `Tests/LiveServer/scripted_server.py --plan` to the same
    /// model on the real clock (`FILMSTRIP_SCRIPTED_SERVER`). Serialised with the hosted suites:
    /// it sets that variable for the process while it runs.
    @Suite(ExternalTool.python3.required) struct ScriptedServerTests {
        static let planJSON = """
            {"http": [{"method": "GET", "path": "/search", "answers": [{"status": 200, "headersAfterMs": 250, "body": "hit"}]}]}
            """

        static func plan() throws -> CapturePlan {
            guard case .object(let members) = try JSONValue.parse(Data(planJSON.utf8)), let http = members["http"] else {
                throw PlanError(path: "$", message: "the test's plan has no http member")
            }
            // Keystrokes far from the debounce's edges: the real clock is measured, not exact.
            let settings = ModelSettings(
                events: [ModelEvent(atMs: 0, .type(field: "query", text: "s")), ModelEvent(atMs: 500, .type(field: "query", text: "sw")),
                         ModelEvent(atMs: 1_200, .type(field: "query", text: "swi"))],
                http: try HTTPScript(json: http, path: "$.http"))
            return try CapturePlan(name: "debounced", bench: ModelBenchTests.definition, settings: settings, windowMs: 2_000, frameIntervalMs: 500)
        }

        /// Set in the process of its own that ``thePlansScriptServedOnTheRealClockGivesTheSamePhases()`` runs in.
        static let solo = "FILMSTRIP_SOLO_REAL_CLOCK_TEST"

        /// The real-clock run in a test process of its own (docs/OWN-CODE.md, "The real clock"): in
        /// a parallel `swift test` every thread of the cooperative pool may be blocked by other
        /// tests' synchronous waits, and the model's `Task {}`s would starve.
        @Test func recordsOnTheRealClockInATestProcessOfItsOwn() throws {
            try TestSupport.expectPassInProcessOfItsOwn("thePlansScriptServedOnTheRealClockGivesTheSamePhases", variable: Self.solo)
        }

        @Test(.enabled(if: ProcessInfo.processInfo.environment[solo] == "1", "runs in a process of its own"))
        func thePlansScriptServedOnTheRealClockGivesTheSamePhases() throws {
            let exact = try Self.plan().run(clock: .virtual)
            let phases = exact.timeline.filter { $0.kind == .phase }
            #expect(phases.map { "\($0.tMs) \($0.text)" } == [
                "0 waiting", "300 searching", "500 waiting", "800 searching", "1050 results",
                "1200 waiting", "1500 searching", "1750 results",
            ])

            let server = try PlanServer(plan: Self.planJSON)
            defer { server.stop() }
            setenv(ScriptedTransport.serverVariable, "http://127.0.0.1:\(server.port)", 1)
            defer { unsetenv(ScriptedTransport.serverVariable) }
            let real = try Self.plan().run(clock: .real)
            let measured = real.timeline.filter { $0.kind == .phase }
            #expect(measured.map(\.text) == phases.map(\.text))
            for (measured, virtual) in zip(measured, phases) {
                #expect(abs(measured.tMs - virtual.tMs) <= 250, "\(measured.text): real \(measured.tMs) ms, virtual \(virtual.tMs) ms")
            }
            // The requests went to the server: three sent, the superseded one hung up on.
            #expect(real.loadTimings.count == 3)
            #expect(real.loadTimings.map { $0.label.contains("cancelled at") } == [true, false, false])
            #expect(real.loadTimings.dropFirst().allSatisfy { $0.label.contains("200 at") })
            server.waitFor { $0.filter { $0["event"] as? String == "clientClosed" }.count == 1 }
            let events = server.log().map { "\($0["event"] as? String ?? "?") \($0["method"] as? String ?? "") \($0["path"] as? String ?? "")" }
            #expect(events.filter { $0.hasPrefix("request") } == Array(repeating: "request GET /search", count: 3))
            #expect(events.filter { $0.hasPrefix("answered") }.count == 2)
            #expect(events.filter { $0.hasPrefix("clientClosed") } == ["clientClosed GET /search"])
        }

        @Test func theVirtualClockNeverSendsToTheServer() throws {
            let script = HTTPScript(routes: [HTTPScript.Route(method: "GET", path: "/search", answers: [.init(afterMs: 0)])])
            let environment = [ScriptedTransport.serverVariable: "http://127.0.0.1:9"]
            let virtual = ScriptedTransport.forRun(script: script, clock: .virtual(VirtualClock()), environment: environment)
            let real = ScriptedTransport.forRun(script: script, clock: .continuous(startingAt: .now), environment: environment)
            #expect(virtual.server == nil)
            #expect(real.server == URL(string: "http://127.0.0.1:9"))
            #expect(ScriptedTransport.forRun(script: script, clock: .continuous(startingAt: .now), environment: [:]).server == nil)
        }

        @Test func theServersFailuresReachTheModelAsURLErrorsAndAreLogged() async throws {
            let server = try PlanServer(plan: """
                {"http": [{"method": "GET", "path": "/refused", "answers": [{"failure": "refused"}]},
                          {"method": "POST", "path": "/cut", "answers": [{"status": 200, "chunks": [{"afterMs": 50, "text": "half"}], "failure": "cutShort"}]}]}
                """)
            defer { server.stop() }
            let http = ScriptedTransport(script: HTTPScript(routes: []), clock: .continuous(startingAt: .now), server: URL(string: "http://127.0.0.1:\(server.port)"))
            await #expect(throws: URLError.self) { _ = try await http.send(URLRequest(url: URL(string: "http://api.test/refused")!)) }
            var post = URLRequest(url: URL(string: "http://api.test/cut")!)
            post.httpMethod = "POST"
            await #expect(throws: URLError.self) { _ = try await http.send(post) }
            #expect(http.exchanges.map { "\($0.method) \($0.url) \($0.status.map(String.init) ?? "-") \($0.failure ?? "-")" } == [
                "GET http://api.test/refused - cut short",
                "POST http://api.test/cut 200 cut short",
            ])
            #expect(server.log().compactMap { $0["event"] as? String } == ["request", "refused", "request", "cutShort"])
        }

        /// `scripted_server.py --plan` on 127.0.0.1 with an ephemeral port and a log.
        final class PlanServer: @unchecked Sendable {
            let folder: URL
            let port: Int
            private let process = Process()

            init(plan: String) throws {
                folder = CommandRunner.scratch.appendingPathComponent("plan-server-" + UUID().uuidString)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let planFile = folder.appendingPathComponent("plan.json")
                try Data(plan.utf8).write(to: planFile)
                let portFile = folder.appendingPathComponent("port")
                process.executableURL = URL(fileURLWithPath: try ExternalTool.python3.path())
                process.arguments = [
                    CommandRunner.root.appendingPathComponent("Tests/LiveServer/scripted_server.py").path, "--plan", planFile.path,
                    "--port", "0", "--port-file", portFile.path, "--log", folder.appendingPathComponent("log.jsonl").path,
                ]
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                let deadline = Date().addingTimeInterval(10)
                var found: Int?
                while found == nil, Date() < deadline, process.isRunning {
                    found = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                    if found == nil { Thread.sleep(forTimeInterval: 0.02) }
                }
                guard let found else {
                    if process.isRunning { process.terminate() }
                    throw PlanError(path: planFile.path, message: "the scripted server did not start within 10 s")
                }
                port = found
            }

            /// The log so far, one dictionary per line.
            func log() -> [[String: Any]] {
                let text = (try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            }

            /// Waits at most 10 s until `condition` holds for the log.
            func waitFor(_ condition: ([[String: Any]]) -> Bool) {
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline, !condition(log()) { Thread.sleep(forTimeInterval: 0.02) }
            }

            func stop() {
                if process.isRunning {
                    process.terminate()
                    process.waitUntilExit()
                }
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}

import FilmstripCore
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Testing

extension HostedMainActorSuites {
    /// The scripted HTTP transport on the bench's clock: delays to the headers and between chunks,
    /// answers served in turn, each failure, 404 for an unscripted path, and a cancelled request at
    /// the instant its task was cancelled — driven by a `@MainActor` model on a ``ModelStage``.
    @Suite struct ScriptedTransportTests {
        static let script = HTTPScript(routes: [
            HTTPScript.Route(method: "GET", path: "/search", answers: [
                .init(afterMs: 120, chunks: [.init(afterMs: 30, text: "sw"), .init(afterMs: 50, text: "ift")]),
                .init(status: 503, afterMs: 40, body: "busy"),
            ]),
            HTTPScript.Route(method: "GET", path: "/fail/*", answers: [.init(afterMs: 0, failure: .refused)]),
            HTTPScript.Route(method: "GET", path: "/slow", answers: [.init(afterMs: 0, failure: .timedOut(afterMs: 700))]),
            HTTPScript.Route(method: "GET", path: "/cut", answers: [.init(afterMs: 10, chunks: [.init(afterMs: 5, text: "x")], failure: .cutShort)]),
            HTTPScript.Route(method: "GET", path: "/never", answers: [.init(afterMs: 0, failure: .neverAnswers)]),
        ])

        /// Fetches each path in turn through the transport, on the stage; returns what each fetch
        /// gave (with its ms) and the transport's log.
        static func fetch(_ paths: [String], cancelAtMs: Int? = nil) throws -> (results: [String], log: [String]) {
            try ModelStage.run { stage in
                let http = ScriptedTransport(script: script, clock: .virtual(stage.clock))
                let clock = stage.clock
                let results = SearchScenario.Requests()
                let task = stage.read {
                    Task { @MainActor in
                        for path in paths {
                            do {
                                let (data, response) = try await http.send(URLRequest(url: URL(string: "http://api.test\(path)")!))
                                results.add("\(clock.now.ms) \(response.statusCode) \(String(decoding: data, as: UTF8.self))")
                            } catch let error as URLError {
                                results.add("\(clock.now.ms) URLError \(error.code.rawValue)")
                            } catch {
                                results.add("\(clock.now.ms) \(type(of: error))")
                            }
                        }
                    }
                }
                try stage.advance(to: 0)
                if let cancelAtMs {
                    try stage.advance(to: cancelAtMs)
                    task.cancel()
                }
                try stage.advance(to: 5_000)
                return (results.all, http.exchanges.map(\.summary))
            }
        }

        @Test func answersAreServedInTurnWithTheirDelaysAndTheLastRepeats() throws {
            let (results, log) = try Self.fetch(["/search?q=sw", "/search?q=swi", "/search?q=swif", "/missing"])
            #expect(results == ["200 200 swift", "240 503 busy", "280 503 busy", "280 404 "])
            #expect(log == [
                "GET http://api.test/search?q=sw sent 0 ms, 200 at 120 ms, last byte 200 ms",
                "GET http://api.test/search?q=swi sent 200 ms, 503 at 240 ms, last byte 240 ms",
                "GET http://api.test/search?q=swif sent 240 ms, 503 at 280 ms, last byte 280 ms",
                "GET http://api.test/missing sent 280 ms, 404 at 280 ms, last byte 280 ms",
            ])
        }

        @Test func failuresAreTransportErrorsAtTheirInstants() throws {
            let (results, log) = try Self.fetch(["/fail/now", "/slow", "/cut"])
            #expect(results == [
                "0 URLError \(URLError.Code.cannotConnectToHost.rawValue)",
                "700 URLError \(URLError.Code.timedOut.rawValue)",
                "715 URLError \(URLError.Code.networkConnectionLost.rawValue)",
            ])
            #expect(log == [
                "GET http://api.test/fail/now sent 0 ms, refused, last byte 0 ms",
                "GET http://api.test/slow sent 0 ms, timed out, last byte 700 ms",
                "GET http://api.test/cut sent 700 ms, 200 at 710 ms, cut short, last byte 715 ms",
            ])
        }

        @Test func cancellingTheTaskShowsTheRequestCancelledAtThatInstant() throws {
            let (results, log) = try Self.fetch(["/search?q=sw"], cancelAtMs: 150)
            #expect(results == ["150 CancellationError"])
            #expect(log == ["GET http://api.test/search?q=sw sent 0 ms, 200 at 120 ms, cancelled at 150 ms"])
            let never = try Self.fetch(["/never"], cancelAtMs: 4_321)
            #expect(never.log == ["GET http://api.test/never sent 0 ms, cancelled at 4321 ms"])
        }

        @Test func theScriptReadsFromAPlan() throws {
            let json = try JSONValue.parse(Data("""
                [{"method": "GET", "path": "/search", "answers": [
                  {"status": 200, "headers": {"Content-Type": "text/plain"}, "headersAfterMs": 120, "body": "swift"},
                  {"headersAfterMs": 80, "chunks": [{"afterMs": 50, "text": "sw"}]},
                  {"failure": "timedOut", "afterMs": 5000}]}]
                """.utf8))
            let script = try HTTPScript(json: json, path: "$.http")
            #expect(script == HTTPScript(routes: [HTTPScript.Route(method: "GET", path: "/search", answers: [
                .init(headers: ["Content-Type": "text/plain"], afterMs: 120, body: "swift"),
                .init(afterMs: 80, chunks: [.init(afterMs: 50, text: "sw")]),
                .init(afterMs: 0, failure: .timedOut(afterMs: 5_000)),
            ])]))
            let bad = try JSONValue.parse(Data(#"[{"path": "/a", "answers": [{"failure": "refused", "afterMs": 3}]}]"#.utf8))
            #expect(throws: PlanError(path: "$.http[0].answers[0].afterMs", message: "only a timedOut failure takes afterMs; use headersAfterMs for an answer's delay")) {
                try HTTPScript(json: bad, path: "$.http")
            }
        }
    }
}

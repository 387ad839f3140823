import FilmstripCore
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Testing

/// The plan's `http` vocabulary: a member that means nothing for its answer is refused at its JSON
/// path, and the device's network changes at exact instants, for requests and for a watching model.
@Suite struct HTTPVocabularyTests {
    static func read(_ json: String) throws(PlanError) -> HTTPScript { try HTTPScript(json: json) }

    @Test(arguments: [
        (#"[{"path": "/a", "answers": [{"failure": "refused", "headersAfterMs": 30}]}]"#,
         "$[0].answers[0].headersAfterMs", "a refused answer sends nothing back, so headersAfterMs means nothing there; remove it"),
        (#"[{"path": "/a", "answers": [{"failure": "refused", "status": 500}]}]"#,
         "$[0].answers[0].status", "a refused answer sends nothing back, so status means nothing there; remove it"),
        (#"[{"path": "/a", "answers": [{"failure": "neverAnswers", "body": "x"}]}]"#,
         "$[0].answers[0].body", "a neverAnswers answer sends nothing back, so body means nothing there; remove it"),
        (#"[{"path": "/a", "answers": [{"failure": "timedOut", "afterMs": 900, "headersAfterMs": 100}]}]"#,
         "$[0].answers[0].headersAfterMs",
         "a timedOut answer sends nothing back, so headersAfterMs means nothing there; remove it; afterMs gives when it times out"),
        (#"[{"path": "/a", "answers": [{"failure": "timedOut", "afterMs": 900, "headers": {"A": "b"}}]}]"#,
         "$[0].answers[0].headers", "a timedOut answer sends nothing back, so headers means nothing there; remove it"),
        (#"[{"path": "/a", "answers": [{"status": 204, "chunks": [{"afterMs": 5, "text": "x"}]}]}]"#,
         "$[0].answers[0].chunks", "a 204 answer has no body, so chunks means nothing there; remove it or use another status"),
        (#"[{"path": "/a", "answers": [{"status": 304, "body": "cached"}]}]"#,
         "$[0].answers[0].body", "a 304 answer has no body, so body means nothing there; remove it or use another status"),
        (#"[{"method": "HEAD", "path": "/a", "answers": [{"status": 200, "body": "x"}]}]"#,
         "$[0].answers[0].body", "a HEAD request's answer has no body; remove body or use GET"),
        (#"[{"atMs": 600, "network": "online"}]"#, "$[0].network", "the device is already online at 600 ms; expected \"offline\""),
        (#"[{"atMs": 900, "network": "offline"}, {"atMs": 600, "network": "offline"}]"#,
         "$[0].network", "the device is already offline at 900 ms; expected \"online\""),
        (#"[{"atMs": 600, "network": "offline"}, {"atMs": 600, "network": "online"}]"#,
         "$[1].atMs", "$[0] already changes the network at 600 ms; expected one change per instant"),
        (#"[{"atMs": 600, "network": "down"}]"#, "$[0].network", "expected \"offline\" or \"online\""),
        (#"[{"network": "offline"}]"#, "$[0].atMs", "required member is missing; expected the instant the network changes, in ms"),
        (#"{"bench": "x", "http": [{"path": "/a", "answers": [{"failure": "refused", "chunks": []}]}]}"#,
         "$.http[0].answers[0].chunks", "a refused answer sends nothing back, so chunks means nothing there; remove it"),
    ])
    func aMemberThatMeansNothingIsRefusedAtItsPath(json: String, path: String, message: String) {
        #expect(throws: PlanError(path: path, message: message)) { try Self.read(json) }
    }

    @Test func whatAnAnswerUsesIsStillAccepted() throws {
        let script = try Self.read("""
            {"http": [
              {"path": "/a", "answers": [{"failure": "cutShort", "status": 200, "headers": {"A": "b"}, "headersAfterMs": 10, "chunks": [{"afterMs": 5, "text": "x"}]},
                                         {"status": 204, "headersAfterMs": 7}, {"failure": "timedOut", "afterMs": 900}]},
              {"method": "HEAD", "path": "/b", "answers": [{"status": 200, "headers": {"Content-Length": "4"}}]},
              {"atMs": 1800, "network": "online"}, {"atMs": 600, "network": "offline"}]}
            """)
        #expect(script.routes.map(\.answers.count) == [3, 1])
        #expect(script.network == [HTTPScript.NetworkChange(atMs: 600, isOnline: false), HTTPScript.NetworkChange(atMs: 1800, isOnline: true)])
        #expect([0, 599, 600, 1799, 1800].map(script.isOnline(atMs:)) == [true, true, false, false, true])
    }
}

extension HostedMainActorSuites {
    /// Requests sent while the script has the device offline fail at once and take no turn of
    /// their route; a model watching ``ScriptedTransport/network`` hears each change at its instant.
    @Suite struct ScriptedNetworkTests {
        static let plan = """
            {"bench": "orders-model", "http": [
              {"path": "/orders", "answers": [{"headersAfterMs": 100, "body": "first"}, {"headersAfterMs": 100, "body": "second"}]},
              {"atMs": 600, "network": "offline"}, {"atMs": 1800, "network": "online"}]}
            """

        @Test func requestsWhileOfflineFailAtOnceAndTakeNoTurn() throws {
            let (results, log) = try ModelStage.run { stage in
                let http = try ScriptedTransport(json: Self.plan, clock: stage.clock)
                let clock = stage.clock
                let results = SearchScenario.Requests()
                let fetch: @MainActor @Sendable () -> Void = {
                    Task { @MainActor in
                        do {
                            let (data, _) = try await http.send(URLRequest(url: URL(string: "http://api.test/orders")!))
                            results.add("\(clock.now.ms) \(String(decoding: data, as: UTF8.self))")
                        } catch let error as URLError {
                            results.add("\(clock.now.ms) URLError \(error.code == .notConnectedToInternet ? "notConnectedToInternet" : "\(error.code)")")
                        } catch {
                            results.add("\(clock.now.ms) \(error)")
                        }
                    }
                }
                for atMs in [599, 600, 1799, 1800] {
                    try stage.advance(to: atMs)
                    try stage.perform { fetch() }
                }
                try stage.advance(to: 3_000)
                return (results.all, http.exchanges.map(\.summary))
            }
            #expect(results == ["600 URLError notConnectedToInternet", "699 first", "1799 URLError notConnectedToInternet", "1900 second"])
            #expect(log == [
                "GET http://api.test/orders sent 599 ms, 200 at 699 ms, last byte 699 ms",
                "GET http://api.test/orders sent 600 ms, offline, last byte 600 ms",
                "GET http://api.test/orders sent 1799 ms, offline, last byte 1799 ms",
                "GET http://api.test/orders sent 1800 ms, 200 at 1900 ms, last byte 1900 ms",
            ])
        }

        @Test func aWatchingModelHearsEachChangeAtItsInstant() throws {
            let heard = try ModelStage.run { stage in
                let http = try ScriptedTransport(json: Self.plan, clock: stage.clock)
                let clock = stage.clock
                let heard = SearchScenario.Requests()
                stage.read {
                    heard.add("0 \(http.network.isOnline)")
                    let updates = http.network.updates()
                    Task { @MainActor in
                        for await online in updates { heard.add("\(clock.now.ms) \(online) \(http.network.isOnline)") }
                        heard.add("\(clock.now.ms) ended")
                    }
                }
                try stage.advance(to: 599)
                heard.add("599 \(stage.read { http.network.isOnline })")
                try stage.advance(to: 5_000)
                return heard.all
            }
            #expect(heard == ["0 true", "599 true", "600 false false", "1800 true true", "1800 ended"])
        }
    }
}

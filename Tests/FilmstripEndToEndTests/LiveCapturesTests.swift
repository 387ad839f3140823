import FilmstripTestSupport
import Foundation
import Testing

/// The live plans of `captures/` through the built `filmstrip`, against the scripted server with
/// the captures script (what `.ci/run` does for every plan): their check passes within real-clock
/// tolerance, the accessibility fixture fails naming the silent panel, and a server that does not
/// answer fails the check naming the URL, without hanging.
@Suite(.serialized, ExternalTool.python3.required) struct LiveCapturesTests {
    static func capturesServer() throws -> LiveServer {
        let data = try Data(contentsOf: CommandRunner.root.appendingPathComponent("Tests/LiveServer/captures.json"))
        return try LiveServer(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    @Test func theLeaveAndReopenPlanMatchesItsRecordingAndTheServerSeesTheCancellation() throws {
        let server = try Self.capturesServer()
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["check", "captures/live/live-leave-reopen.json"], in: CommandRunner.root, environment: ["FILMSTRIP_LIVE_PORT": String(server.port)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("recorded outputs: the phases and words of 12 frames, the counters, the request log and the timeline's phase order match the recorded run, times within one frame interval (200 ms)"), "\(result.stdout)")
        #expect(result.stdout.contains("task.requestsCancelled: 1") && result.stdout.contains("onAppear.lateResultsDropped: 1"), "\(result.stdout)")
        #expect(server.wait { server.count("clientClosed", path: "/leave") == 1 }, "\(server.log())")
    }

    @Test func theControlsSilenceFailsThePlanNamingThePanelAndThePhases() throws {
        let server = try Self.capturesServer()
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["check", "Tests/FilmstripEndToEndTests/Fixtures/live-announce-control.json", "--no-compare"], in: CommandRunner.root,
            environment: ["FILMSTRIP_LIVE_PORT": String(server.port)])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let verdict = try #require(result.stdout.split(separator: "\n").first { $0.contains("verdict:") })
        #expect(verdict.contains("verdict: failed: loadedOnly exposed no semantic element during loading ("), "\(verdict)")
        #expect(verdict.contains(") and failed ("), "\(verdict)")
        #expect(!verdict.contains("allFour"), "\(verdict)")
    }

    @Test func aServerThatDoesNotAnswerFailsTheCheckNamingTheURL() throws {
        let server = try LiveServer([:])
        let port = server.port
        server.stop()
        let started = Date()
        let result = try CommandRunner.run(["check", "captures/live/live-announce.json"], in: CommandRunner.root, environment: ["FILMSTRIP_LIVE_PORT": String(port)])
        #expect(Date().timeIntervalSince(started) < 20, "bounded: the window is 2 s")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("note: GET http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/announce: could not connect to the server (connection refused)"), "\(result.stdout)")
        #expect(result.stdout.contains("difference(s) beyond real-clock tolerance (the notes above may say why)"), "\(result.stdout)")
    }
}

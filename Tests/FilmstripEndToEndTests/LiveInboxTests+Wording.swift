import FilmstripTestSupport
import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// Answers that read as what they are, against the scripted server on the real clock: a 206
/// covering the whole representation, and a redirect without `Location` in the request log.
extension LiveInboxTests {
    @Test func aPartialContentCoveringTheWholeBodyLoadsAndARedirectWithoutLocationIsLoggedAsOne() throws {
        let body = #"[{"title": "2.4.0 (118)", "detail": "Ready for Review"}, {"title": "2.3.2 (117)", "detail": "In Review"}]"#
        let length = body.utf8.count
        let server = try LiveServer([
            "/whole": ["status": 206, "body": body, "headers": ["Content-Type": "application/json", "Content-Range": "bytes 0-\(length - 1)/\(length)"], "delayMs": 50],
            "/nowhere": ["status": 301, "body": "", "delayMs": 50],
        ])
        defer { server.stop() }
        let whole = try Self.run(server.url("/whole"), [], ["allFour"], 1200, 100, 3000, "ASC")
        #expect(Self.end(whole).phase == "loaded" && Self.end(whole).words == Self.loadedWords, "\(Self.end(whole).words)")

        let nowhere = try Self.run(server.url("/nowhere"), [], ["allFour"], 1200, 100, 3000, "ASC")
        let ended = nowhere.timeline.filter { $0.kind == .event && $0.text.hasPrefix("task request 1: ") && $0.text.contains("ended after") }
            .map { $0.text.replacing(#/[0-9][0-9,]* ms/#, with: "# ms") }
        #expect(ended == ["task request 1: first byte after # ms, ended after # ms: status 301 without Location, 0 bytes"])
        #expect(nowhere.loadTimings.map { $0.firstByteMs != nil } == [true])
    }

    /// The first answer has no validators, so the refresh at 500 ms sends none; the server
    /// answers it 304 anyway. The rows stay under a plain note (no error), and the refresh at
    /// 1,000 ms, answered 200, shows them as loaded again.
    @Test func aNotModifiedToARefreshWithoutValidatorsKeepsTheRowsWithANote() throws {
        let server = try LiveServer([
            "/inbox": [["json": Self.rows, "delayMs": 50], ["status": 304, "delayMs": 50], ["json": Self.rows, "delayMs": 50]],
        ])
        defer { server.stop() }
        let run = try Self.run(
            server.url("/inbox"), [LiveInboxEvent(atMs: 500, kind: .refresh), LiveInboxEvent(atMs: 1000, kind: .refresh)], ["allFour"], 1500, 100, 3000, "ASC")
        let noted = try #require(run.frames.last { !$0.dropped && $0.tMs >= 800 && $0.tMs < 1000 })
        #expect(noted.phase == "stale")
        #expect(Self.elements(run, noted, "allFour") == ["row: 2.4.0 (118)", "text: Ready for Review", "row: 2.3.2 (117)", "text: In Review", "text: no newer inbox: the server says nothing changed"])
        #expect(noted.panels.first { $0.panel == "allFour" }?.depiction == .rows)
        #expect(Self.end(run).phase == "loaded" && Self.end(run).words == Self.loadedWords, "\(Self.end(run).words)")
        #expect(run.timeline.contains { $0.text == "task request 2: not modified, though no validators were sent; the rows stay" })
        #expect(!run.depictionSegments["allFour"]!.map(\.name).contains("rowsError"))
    }
}

import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// Seed 000's challenge 1, without a network: how a finished request becomes a screen.
@Suite struct LiveInboxReplyTests {
    func screen(_ status: Int, _ body: String, service: String = "ASC") -> LiveInboxPhase.Screen {
        LiveInboxReply.screen(for: .answer(status: status, body: Data(body.utf8)), service: service)
    }

    @Test func twoHundredsBecomeRowsOrEmpty() {
        #expect(screen(200, #"[{"title": "2.4.0 (118)", "detail": "Ready for Review"}, {"title": "2.3.2 (117)"}]"#)
            == .loaded([ManifestRow(title: "2.4.0 (118)", detail: "Ready for Review"), ManifestRow(title: "2.3.2 (117)", detail: "")]))
        #expect(screen(200, "[]") == .empty)
        #expect(screen(204, " [ ] ") == .empty)
    }

    @Test func anUnreadableTwoHundredIsAFailureNotACrash() {
        for body in ["", "<html>", #"{"rows": []}"#, #"[{"name": "x"}]"#, #"[{"title": 3}]"#, #"[{"title": "a", "detail": 4}]"#] {
            #expect(screen(200, body) == .failed("the server sent something unreadable"), "\(body)")
        }
    }

    @Test func errorStatusesCarryTheStatusAndTheServersWords() {
        #expect(screen(409, #"{"message": "version already exists"}"#) == .failed("ASC 409 · version already exists"))
        #expect(screen(500, #"{"error": "database offline"}"#, service: "HTTP") == .failed("HTTP 500 · database offline"))
        #expect(screen(503, "try again later\n") == .failed("ASC 503 · try again later"))
        // A 404 reads as not found, never as a decoding error.
        #expect(screen(404, "") == .failed("ASC 404 · not found"))
        #expect(screen(404, "<html><body>Not Found</body></html>") == .failed("ASC 404 · not found"))
        #expect(screen(404, #"{"detail": 1}"#) == .failed("ASC 404 · not found"))
        #expect(screen(302, "") == .failed("ASC 302 · redirected"))
    }

    @Test func transportProblemsAreFailuresInPlainWords() {
        let cases: [(LiveInboxReply.TransportProblem, String)] = [
            (.refused, "could not connect to the server (connection refused)"),
            (.timedOut(afterMs: 2000), "the server did not answer within 2,000 ms"),
            (.cutShort, "the connection closed before the reply was complete"),
            (.unknownHost, "could not find the server"),
        ]
        for (problem, words) in cases {
            #expect(LiveInboxReply.screen(for: .transport(problem), service: "ASC") == .failed(words))
        }
    }

    @Test func progressIsWholePercentOrIndeterminate() {
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 40, expectedBytes: 160).percent == 25)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 159, expectedBytes: 160).percent == 99)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 200, expectedBytes: 160).percent == 100)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 40).percent == nil)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 0, expectedBytes: 0).percent == nil)
    }
}

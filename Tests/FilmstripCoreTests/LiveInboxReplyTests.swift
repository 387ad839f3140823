import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// Status codes and bodies, without a network: how a finished request becomes a screen.
@Suite struct LiveInboxReplyTests {
    func screen(_ status: Int, _ body: String, service: String = "ASC") -> LiveInboxPhase.Screen {
        LiveInboxReply.screen(for: .answer(status: status, body: Data(body.utf8)), service: service)
    }

    @Test func twoHundredsBecomeRowsOrEmpty() {
        #expect(screen(200, #"[{"title": "2.4.0 (118)", "detail": "Ready for Review"}, {"title": "2.3.2 (117)"}]"#)
            == .loaded([ManifestRow(title: "2.4.0 (118)", detail: "Ready for Review"), ManifestRow(title: "2.3.2 (117)", detail: "")]))
        #expect(screen(200, "[]") == .empty)
        #expect(screen(204, " [ ] ") == .empty)
        // Other members are ignored; a UTF-8 byte order mark is skipped.
        #expect(screen(200, "\u{FEFF}" + #"[{"title": "2.4.0 (118)", "build": 118, "detail": "In Review"}]"#) == .loaded([ManifestRow(title: "2.4.0 (118)", detail: "In Review")]))
    }

    @Test func anUnreadableTwoHundredIsAFailureNotACrash() {
        for body in ["<html>", #"{"rows": []}"#, #"[{"name": "x"}]"#, #"[{"title": 3}]"#, #"[{"title": "a", "detail": 4}]"#, #"[{"title": "a", "detail": null}]"#, "[1]"] {
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
        #expect(screen(302, "") == .failed("ASC 302 · redirected without saying where to"))
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

    func answer(_ status: Int, _ headers: [String: String], _ body: String) -> LiveInboxPhase.Screen {
        LiveInboxReply.screen(for: .answer(status: status, headers: headers, body: Data(body.utf8)), service: "ASC")
    }

    @Test func noContentIsEmptyWhateverItsBody() {
        #expect(answer(204, [:], "") == .empty)
        #expect(answer(205, ["content-length": "0"], "") == .empty)
        #expect(answer(200, [:], "") == .failed("the server's answer was empty"))
    }

    @Test func markupIsStrippedAndTheWaitIsSaid() {
        #expect(answer(503, ["content-type": "text/html"], "Service <b>down</b> for maintenance &amp; repair") == .failed("ASC 503 · Service down for maintenance & repair"))
        #expect(answer(429, ["retry-after": "30"], "") == .failed("ASC 429 · too many requests · try again in 30 s"))
        #expect(answer(429, ["retry-after": "119"], "") == .failed("ASC 429 · too many requests · try again in 119 s"))
        #expect(answer(429, ["retry-after": "120"], "") == .failed("ASC 429 · too many requests · try again in 2 min"))
        #expect(answer(503, ["retry-after": "7200"], "") == .failed("ASC 503 · service unavailable · try again in 2 h"))
        #expect(answer(503, ["retry-after": "Tue, 01 Dec 2026 10:05:00 GMT", "date": "Tue, 01 Dec 2026 10:00:00 GMT"], "") == .failed("ASC 503 · service unavailable · try again in 5 min"))
        #expect(answer(503, ["retry-after": "soon"], "") == .failed("ASC 503 · service unavailable"))
        // Retry-After on another status is not a wait the screen names.
        #expect(answer(500, ["retry-after": "30"], "") == .failed("ASC 500 · server error"))
    }

    @Test func charsetsAndCodings() {
        let latin1 = Data([0x5B, 0x7B, 0x22, 0x74, 0x69, 0x74, 0x6C, 0x65, 0x22, 0x3A, 0x22, 0x63, 0x61, 0x66, 0xE9, 0x22, 0x7D, 0x5D])  // [{"title":"café"}] in ISO-8859-1
        #expect(LiveInboxReply.screen(for: .answer(status: 200, headers: ["content-type": "application/json; charset=ISO-8859-1"], body: latin1), service: "ASC")
            == .loaded([ManifestRow(title: "café", detail: "")]))
        #expect(answer(200, ["content-type": "application/json; charset=koi8-r"], "[]") == .failed("the server's answer is in a character set this app cannot read"))
        #expect(answer(200, ["content-encoding": "gzip"], "[]") == .empty)
        #expect(answer(200, ["content-encoding": "x-snappy"], "[]") == .failed("the server packed its answer in a way this app cannot read (x-snappy)"))
    }

    @Test func transportWordsCarryNoLibraryCodes() {
        let tls = LiveInboxReply.TransportProblem.tls("SSL certificate problem: self-signed certificate (NSURLErrorDomain error -1202.)")
        #expect(LiveInboxReply.screen(for: .transport(tls), service: "ASC") == .failed("could not make a secure connection to the server"))
        #expect(tls.detail == "could not make a secure connection to the server (SSL certificate problem: self-signed certificate (NSURLErrorDomain error -1202.))")
        #expect(LiveInboxReply.TransportProblem.other("The operation could not be completed. (NSURLErrorDomain error -1000.)").message == "the request could not be completed")
        #expect(LiveInboxReply.TransportProblem.incomplete(afterMs: 2000).message == "the answer began but did not finish within 2,000 ms")
        let malformed = LiveInboxReply.TransportProblem.malformed("Header without colon")
        #expect(malformed.message == "the server's answer is not valid HTTP" && malformed.detail == "the server's answer is not valid HTTP (Header without colon)")
        #expect(LiveInboxReply.TransportProblem.damagedCoding("Error while processing content unencoding").message == "the server's compressed answer is damaged")
    }

    @Test func progressIsWholePercentOrIndeterminate() {
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 40, expectedBytes: 160).percent == 25)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 159, expectedBytes: 160).percent == 99)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 160, expectedBytes: 160).percent == 100)
        // More bytes than announced: the total was wrong, so the bar is indeterminate, never 125%.
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 200, expectedBytes: 160).percent == nil)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 40).percent == nil)
        #expect(LiveInboxPhase.Progress(startedAtMs: 0, receivedBytes: 0, expectedBytes: 0).percent == nil)
    }
}

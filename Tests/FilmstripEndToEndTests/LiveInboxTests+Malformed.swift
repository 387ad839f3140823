import FilmstripTestSupport
import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// docs/LIVE-NETWORK.md's "No complete answer" rows that need a server misbehaving on purpose:
/// TLS (the scripted server's `--tls`, a self-signed certificate; and HTTPS asked of a port
/// speaking plain HTTP), answers that are not HTTP (the server's `raw` answers), a damaged gzip
/// body, and a header block too large for libcurl, which still reads as "the request could not
/// be completed". The library's own words stay in the notes and the timeline, never on screen.
extension LiveInboxTests {
    /// Checks that `run` of `url` failed with `words` on screen after a spinner and never a bar or
    /// a percentage, that its one note is `words` followed by the library's text in parentheses,
    /// which contains `library`, that the timeline says the same, and that no frame shows the
    /// library's text. Returns the library's text.
    @discardableResult
    static func expectFailure(_ run: RecordedRun, _ url: URL, _ words: String, library: String) -> String {
        let end = Self.end(run)
        #expect(end.phase == "failed" && end.words == Self.failedWords(words), "\(url): \(end.words)")
        #expect(run.depictionSegments["allFour"]!.map(\.name) == ["spinner", "errorRetry"], "\(url): \(run.depictionSegments["allFour"]!.map(\.name))")
        let prefix = "GET \(url.absoluteString): \(words) ("
        let note = run.notes.first ?? ""
        #expect(run.notes.count == 1 && note.hasPrefix(prefix) && note.hasSuffix(")"), "\(url): \(run.notes)")
        let text = String(note.dropFirst(prefix.count).dropLast())
        #expect(text.contains(library), "\(url): \(text)")
        #expect(run.timeline.contains { $0.text.hasPrefix("task request 1: ") && $0.text.hasSuffix(": \(words) (\(text))") }, "\(url): \(run.timeline.map(\.text))")
        for frame in run.frames where !frame.dropped {
            let shown = Self.elements(run, frame, "allFour")
            #expect(!shown.contains { $0.contains(text) || $0.contains("%") }, "\(url): \(shown)")
        }
        #expect(run.counters["task.requestsStarted"] == 1 && run.counters["task.requestsCompleted"] == 1, "\(url): \(run.counters)")
        Self.expectProgress(run, url.absoluteString, [Self.spinner])
        return text
    }

    @Test(ExternalTool.openssl.required) func aFailedTLSConnectionIsWordedAndTheLibraryTextStaysInTheNotes() throws {
        let secure = try LiveServer(["/inbox": ["json": Self.rows, "delayMs": 50]], tls: true)
        defer { secure.stop() }
        // The certificate: self-signed, so the client refuses it after the handshake began. A
        // 3 s window: alone the refusal comes after about 40 ms, beside other suites after up to
        // 1.4 s (measured); a hang until the 6 s timeout would still end the window loading.
        let certificate = try Self.run(secure.url("/inbox"), [], ["allFour"], 3000, 100, 6000, "ASC")
        print("TLS certificate refused after \(certificate.loadTimings.first.map { $0.lastByteMs - $0.startMs } ?? -1) ms")
        Self.expectFailure(certificate, secure.url("/inbox"), "could not make a secure connection to the server", library: "self-signed certificate")
        #expect(secure.count("request", path: "/inbox") == 0, "no request passes a refused certificate")
        // The handshake: HTTPS asked of a port that speaks plain HTTP (it answers the
        // ClientHello with a plain 400, which is no TLS record).
        let plain = try LiveServer(["/inbox": ["json": Self.rows, "delayMs": 50]])
        defer { plain.stop() }
        var components = URLComponents(url: plain.url("/inbox"), resolvingAgainstBaseURL: false)!
        components.scheme = "https"
        let handshake = try Self.run(components.url!, [], ["allFour"], 3000, 100, 6000, "ASC")
        Self.expectFailure(handshake, components.url!, "could not make a secure connection to the server", library: "wrong version number")
    }

    @Test func answersThatAreNotHTTPAreNamedAndAnOversizeHeaderBlockIsNot() throws {
        let server = try LiveServer([
            "/no-status-line": ["raw": "HELLO WORLD\r\n\r\n", "delayMs": 50],
            "/bad-status": ["raw": "HTTP/1.1 abc OK\r\nContent-Length: 2\r\n\r\n[]", "delayMs": 50],
            "/bad-version": ["raw": "HTTP/2.5 200 OK\r\nContent-Length: 2\r\n\r\n[]", "delayMs": 50],
            "/status-99": ["raw": "HTTP/1.1 099 Early\r\nContent-Length: 2\r\n\r\n[]", "delayMs": 50],
            "/no-colon": ["raw": "HTTP/1.1 200 OK\r\nthis is not a field\r\nContent-Length: 2\r\n\r\n[]", "delayMs": 50],
            "/bare-lf": ["raw": "HTTP/1.1 200 OK\nContent-Length: 2\n\n[]", "delayMs": 50],
            "/bad-chunk": ["raw": "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n[]\r\n0\r\n\r\n", "delayMs": 50],
            "/damaged-gzip": ["body": "0123456789", "headers": ["Content-Type": "application/json", "Content-Encoding": "gzip"], "delayMs": 50],
            "/huge-headers": ["json": Self.rows, "headers": ["X-Padding": String(repeating: "a", count: 200_000)], "delayMs": 50],
        ])
        defer { server.stop() }
        let cases = [
            ("/no-status-line", "the server's answer is not valid HTTP", "HTTP/0.9"),
            ("/bad-status", "the server's answer is not valid HTTP", "Unsupported HTTP version"),
            ("/bad-version", "the server's answer is not valid HTTP", "Unsupported HTTP version (2.5)"),
            ("/status-99", "the server's answer is not valid HTTP", "Unsupported response code"),
            ("/no-colon", "the server's answer is not valid HTTP", "Header without colon"),
            ("/bare-lf", "the server's answer is not valid HTTP", "Failed writing header"),
            ("/bad-chunk", "the server's answer is not valid HTTP", "chunked-encoding"),
            ("/damaged-gzip", "the server's compressed answer is damaged", "content unencoding"),
            // libcurl says only "Out of memory" for a header block over its 100 KiB, as it would
            // for a real lack of memory: the one answer here that reaches "anything else".
            ("/huge-headers", "the request could not be completed", "Out of memory"),
        ]
        for (path, words, library) in cases {
            let run = try Self.run(server.url(path), [], ["allFour"], 1200, 100, 3000, "ASC")
            Self.expectFailure(run, server.url(path), words, library: library)
        }
    }
}

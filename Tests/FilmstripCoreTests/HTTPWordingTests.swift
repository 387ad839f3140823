import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// The live bench's words for answers that are what they say, read with their headers.
@Suite struct HTTPWordingTests {
    static let rows = #"[{"title": "2.4.0 (118)", "detail": "Ready for Review"}]"#

    func screen(_ status: Int, _ headers: [String: String]) -> LiveInboxPhase.Screen {
        LiveInboxReply.screen(for: .answer(status: status, headers: headers, body: Data(Self.rows.utf8)), service: "ASC")
    }

    /// A 206 whose `Content-Range` covers the whole representation (RFC 9110 §14.4, §15.3.7) is
    /// the whole answer: its rows load. A part, a range of unknown length, or no range at all
    /// is still only part of the answer.
    @Test func aPartialContentCoveringTheWholeRepresentationIsTheWholeAnswer() {
        let loaded = LiveInboxPhase.Screen.loaded([ManifestRow(title: "2.4.0 (118)", detail: "Ready for Review")])
        let part = LiveInboxPhase.Screen.failed("ASC 206 · the server sent only part of the answer")
        #expect(screen(206, ["content-range": "bytes 0-52/53"]) == loaded)
        #expect(screen(206, ["content-range": " BYTES 0-52/53 "]) == loaded)
        #expect(screen(206, ["content-range": "bytes 0-51/53"]) == part)
        #expect(screen(206, ["content-range": "bytes 1-52/53"]) == part)
        #expect(screen(206, ["content-range": "bytes 0-53/53"]) == part)
        #expect(screen(206, ["content-range": "bytes 0-52/*"]) == part)
        #expect(screen(206, ["content-range": "bytes */53"]) == part)
        #expect(screen(206, [:]) == part)
    }
}

import FilmstripCore
import Testing

/// ``URLRedaction``: user information removed, query and fragment values elided, everything
/// else kept as written; URLs found inside text.
@Suite struct URLRedactionTests {
    @Test func userInformationGoesAndQueryValuesAreElided() {
        #expect(URLRedaction.redacted("http://alice:s3cret@127.0.0.1:8080/inbox?token=abc&page=2") == "http://127.0.0.1:8080/inbox?token=…&page=…")
        #expect(URLRedaction.redacted("https://token@example.com/a#access_token=xyz") == "https://example.com/a#access_token=…")
        #expect(URLRedaction.redacted("http://example.com/p?abc123&empty=&=v") == "http://example.com/p?…&empty=&=…")
        #expect(URLRedaction.redacted("http://example.com/a@b/c") == "http://example.com/a@b/c", "an @ in the path is not user information")
        #expect(URLRedaction.redacted("http://www.w3.org/2000/svg") == "http://www.w3.org/2000/svg")
        #expect(URLRedaction.redacted("no url here") == "no url here")
    }

    @Test func urlsInsideTextAreFoundAndTheirTrailingPunctuationKept() {
        #expect(URLRedaction.redactingURLs(in: "note: GET http://u:p@h:1/x?k=v: refused") == "note: GET http://h:1/x?k=…: refused")
        #expect(URLRedaction.redactingURLs(in: "(see https://a:b@c/d?e=f), then \"ftp://g@h/\".") == "(see https://c/d?e=…), then \"ftp://h/\".")
        #expect(URLRedaction.redactingURLs(in: "ratio 3://4 and x-y+z.w://q@r") == "ratio 3://4 and x-y+z.w://r")
    }

    @Test func aNotedVariableValueIsNamedWhereverItLands() {
        // A value no other test prints: the noted values last for the process.
        URLRedaction.noteSecret("zq-unit%2Dsecret-77", name: "FILMSTRIP_UNIT_TOKEN")
        #expect(URLRedaction.redacted("http://h:1/api/zq-unit%2Dsecret-77/rows") == "http://h:1/api/${FILMSTRIP_UNIT_TOKEN}/rows")
        #expect(URLRedaction.redacted("/api/zq-unit-secret-77/rows") == "/api/${FILMSTRIP_UNIT_TOKEN}/rows", "the decoded form of a path too")
        #expect(URLRedaction.redactingURLs(in: "GET http://zq-unit-secret-77.example/x: refused") == "GET http://${FILMSTRIP_UNIT_TOKEN}.example/x: refused")
    }

    @Test func aURLThatCannotBeParsedShowsItsSchemeAndHostAtMost() {
        #expect(URLRedaction.unparsable("http://alice:pw@example.com:80a/x/y?z=1") == "http://example.com/…")
        #expect(URLRedaction.unparsable("https://exa mple.com/a") == "https://…", "a host that is not a host name is left out")
        #expect(URLRedaction.unparsable("no scheme at all, password") == "…")
        #expect(URLRedaction.unparsable("ht tp://example.com/") == "…")
    }
}


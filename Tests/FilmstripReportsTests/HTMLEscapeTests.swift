import Testing

@testable import FilmstripReports

/// ``HTML/escape(_:)`` replaces exactly the five characters, byte for byte, whatever surrounds them.
@Suite struct HTMLEscapeTests {
    @Test func replacesTheFiveAndNothingElse() {
        #expect(HTML.escape(#"a <b> & "c" 'd'"#) == "a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;")
        #expect(HTML.escape("plain text · 1,200 ms") == "plain text · 1,200 ms")
        #expect(HTML.escape("") == "")
        #expect(HTML.escape("&&") == "&amp;&amp;")
    }

    @Test func aQuoteJoinedToACombiningMarkIsEscapedToo() {
        // One Character (a quote and U+0301), which a Character-wise escape left whole: the quote
        // would then close an attribute.
        let text = "x\"\u{301}y"
        #expect(text.count == 3)
        #expect(HTML.escape(text) == "x&quot;\u{301}y")
        #expect(HTML.escape("<\u{20DD}") == "&lt;\u{20DD}")
    }

    @Test func multibyteTextAroundTheFiveKeepsItsBytes() {
        let text = "é<😀>\u{2028}'"
        #expect(Array(HTML.escape(text).utf8) == Array("é&lt;😀&gt;\u{2028}&#39;".utf8))
    }
}

@testable import FilmstripReports
import Testing

/// The JUnit document: exact bytes, counts, and XML 1.0 escaping of every character.
@Suite struct JUnitReportTests {
    @Test func aPassingAFailingAndABadInputCaseGiveTheseExactBytes() {
        let xml = JUnitReport.xml(suite: "filmstrip check", cases: [
            .init(name: "a", classname: "filmstrip.inbox", failures: [], timeMs: 5),
            .init(name: "b", classname: "filmstrip.inbox", failures: [.init(type: "coverage.empty", message: "empty: 0 frames"), .init(type: "dominance.loading", message: "loading filled 6 of 6 frames")], output: ["line 1", "line 2"], timeMs: 1_234),
            .init(name: "input", classname: "filmstrip.badInput", failures: [], error: .init(type: "badInput", message: "bad.json: $: expected an object")),
        ], timestamp: "2026-12-01T23:05:00")
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- written by filmstrip -->
            <testsuites>
              <testsuite name="filmstrip check" package="filmstrip" id="0" tests="3" failures="1" errors="1" time="1.239" timestamp="2026-12-01T23:05:00" hostname="localhost">
                <properties/>
                <testcase name="a" classname="filmstrip.inbox" time="0.005"/>
                <testcase name="b" classname="filmstrip.inbox" time="1.234">
                  <failure type="coverage.empty" message="empty: 0 frames (and 1 more failure)">coverage.empty: empty: 0 frames
            dominance.loading: loading filled 6 of 6 frames</failure>
                </testcase>
                <testcase name="input" classname="filmstrip.badInput" time="0.000">
                  <error type="badInput" message="bad.json: $: expected an object">badInput: bad.json: $: expected an object</error>
                </testcase>
                <system-out>line 1
            line 2
            </system-out>
                <system-err/>
              </testsuite>
            </testsuites>

            """)
    }

    @Test func aURLInAnyTextLosesItsCredentials() {
        #expect(JUnitReport.content("GET http://u:p@h:1/x?token=s#k=v: refused") == "GET http://h:1/x?token=…#k=…: refused")
    }

    @Test func markupQuotesAndControlCharactersAreEscapedForXML10() {
        let text = "a&b<c>d\"e'f\tg\nh\ri\u{1B}[31mj\u{0}k\u{FFFF}l\u{202E}m"
        #expect(JUnitReport.attribute(text) == "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i\\u{1B}[31mj\\u{0}k\\u{FFFF}l\u{202E}m")
        #expect(JUnitReport.content(text) == "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i\\u{1B}[31mj\\u{0}k\\u{FFFF}l\u{202E}m")
    }
}

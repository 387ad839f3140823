@testable import FilmstripReports
import Testing

/// The JUnit document: exact bytes, counts, and XML 1.0 escaping of every character.
@Suite struct JUnitReportTests {
    @Test func aPassingAndAFailingCaseGiveTheseExactBytes() {
        let xml = JUnitReport.xml(suite: "filmstrip check", cases: [
            .init(name: "a", classname: "filmstrip.inbox", failures: []),
            .init(name: "b", classname: "filmstrip.inbox", failures: [.init(type: "coverage.empty", message: "empty: 0 frames")], output: ["line 1", "line 2"]),
        ])
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="filmstrip check" tests="2" failures="1" errors="0">
              <testsuite name="filmstrip check" tests="2" failures="1" errors="0" skipped="0">
                <testcase name="a" classname="filmstrip.inbox"/>
                <testcase name="b" classname="filmstrip.inbox">
                  <failure type="coverage.empty" message="empty: 0 frames">empty: 0 frames</failure>
                  <system-out>line 1
            line 2
            </system-out>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test func markupQuotesAndControlCharactersAreEscapedForXML10() {
        let text = "a&b<c>d\"e'f\tg\nh\ri\u{1B}[31mj\u{0}k\u{FFFF}l\u{202E}m"
        #expect(JUnitReport.attribute(text) == "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i\\u{1B}[31mj\\u{0}k\\u{FFFF}l\u{202E}m")
        #expect(JUnitReport.content(text) == "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i\\u{1B}[31mj\\u{0}k\\u{FFFF}l\u{202E}m")
    }
}

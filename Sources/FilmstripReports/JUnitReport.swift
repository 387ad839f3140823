import FilmstripCore

/// A JUnit XML report, the format CI systems display test results from (Jenkins, GitLab,
/// GitHub Actions' test reporters): `<testsuites>` holding one `<testsuite>` of test cases, valid
/// under both the Jenkins xUnit plugin's schema `junit-10.xsd` (jenkinsci/xunit-plugin,
/// `src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd`) and the Apache
/// Ant JUnit schema (windyroad/JUnit-Schema, `JUnit.xsd`), which allows at most one `<failure>`
/// or `<error>` per test case and no `<system-out>` inside one.
///
/// `filmstrip check --junit FILE` writes one test case per plan, with one failure when any check
/// failed (its first failure's type, every failure in its text), an error for bad input:
///
/// ```xml
/// <!-- written by filmstrip -->
/// <testsuites>
///   <testsuite name="filmstrip check" package="filmstrip" id="0" tests="2" failures="1" errors="0" time="0.412" timestamp="2026-12-01T23:05:00" hostname="localhost">
///     <properties/>
///     <testcase name="seed-failing" classname="filmstrip.inbox" time="0.031">
///       <failure type="coverage.empty" message="empty: 0 frames (0 ms), at least 1 frame required (and 3 more failures)">…</failure>
/// ```
///
/// Times are seconds with three decimals (`time` on the suite is the sum of its cases'); the
/// timestamp is given by the caller (UTC, `yyyy-MM-ddTHH:mm:ss`, as the Ant schema requires);
/// the host name is `localhost`, so the report says nothing about the machine. The second line
/// is ``marker``, by which filmstrip knows a report it may replace. Every case's terminal lines
/// go to the suite's `<system-out>`. Text is escaped for XML 1.0: `& < > " '` as entities, tab
/// and line feed in attributes and carriage return anywhere as character references, and every
/// other character XML 1.0 cannot carry (C0 controls, U+FFFE, U+FFFF) as the visible text `\u{1B}`.
package enum JUnitReport {
    /// The comment on the report's second line: a file holding it is one filmstrip wrote, which
    /// `check --junit` may replace (any other file is left alone).
    package static let marker = "<!-- written by filmstrip -->"

    /// How every report filmstrip writes starts: the XML declaration, ``marker`` as the
    /// document's first node, then `<testsuites>`. A file that starts otherwise is not one
    /// filmstrip wrote, whatever it holds further on.
    package static let documentStart = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(marker)\n<testsuites>\n"

    /// One failure of a test case.
    package struct Failure: Hashable, Sendable {
        /// What failed, e.g. `coverage.empty` or `recordedOutputs`: the `type` attribute.
        package var type: String
        /// One sentence: the `message` attribute and the element's text.
        package var message: String

        /// A failure of kind `type` saying `message`.
        package init(type: String, message: String) {
            self.type = type
            self.message = message
        }
    }

    /// One test case: a plan, or a finding about the output folder.
    package struct Case: Hashable, Sendable {
        /// The `name` attribute, e.g. the plan's name.
        package var name: String
        /// The `classname` attribute, e.g. `filmstrip.inbox`.
        package var classname: String
        /// Its failures, in order; empty when it passed. Written as one `<failure>`: the first
        /// one's type, its message with how many more followed, every one in the text.
        package var failures: [Failure]
        /// Lines for the suite's `<system-out>` (the plan's terminal table); nothing when empty.
        package var output: [String]
        /// Bad input that stopped the run (an `<error>`, counted in `errors`, written instead of
        /// any failure); nil when the case ran.
        package var error: Failure?
        /// How long the case took, in ms (the `time` attribute, in seconds).
        package var timeMs: Int

        /// A case named `name` in `classname`, failing with `failures`, with `output` as its
        /// terminal lines, stopped by `error` (bad input) when given, taking `timeMs` ms.
        package init(name: String, classname: String, failures: [Failure], output: [String] = [], error: Failure? = nil, timeMs: Int = 0) {
            self.name = name
            self.classname = classname
            self.failures = failures
            self.output = output
            self.error = error
            self.timeMs = timeMs
        }
    }

    /// The document: an XML declaration, ``marker``, then `<testsuites>` with one
    /// `<testsuite name="suite">` of `cases`, with their counts (`tests`; `failures`: cases with
    /// a failure and no error; `errors`: cases with an error), its total `time`, `timestamp` (UTC,
    /// `yyyy-MM-ddTHH:mm:ss`) and `hostname` `localhost`; empty `<properties/>`, the cases, every
    /// case's lines in `<system-out>`, an empty `<system-err/>`. UTF-8 text ending in a newline.
    package static func xml(suite: String, cases: [Case], timestamp: String = "1970-01-01T00:00:00") -> String {
        let errors = cases.count { $0.error != nil }
        let failed = cases.count { $0.error == nil && !$0.failures.isEmpty }
        let total = cases.reduce(0) { $0 + max(0, $1.timeMs) }
        var text = documentStart
        text += "  <testsuite name=\"\(attribute(suite))\" package=\"filmstrip\" id=\"0\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"\(errors)\" time=\"\(seconds(total))\" timestamp=\"\(attribute(timestamp))\" hostname=\"localhost\">\n"
        text += "    <properties/>\n"
        for item in cases {
            let open = "    <testcase name=\"\(attribute(item.name))\" classname=\"\(attribute(item.classname))\" time=\"\(seconds(max(0, item.timeMs)))\""
            let element: (name: String, failures: [Failure])? = item.error.map { ("error", [$0]) } ?? (item.failures.isEmpty ? nil : ("failure", item.failures))
            guard let element else {
                text += open + "/>\n"
                continue
            }
            let first = element.failures[0]
            let more = element.failures.count - 1
            let message = more == 0 ? first.message : "\(first.message) (and \(more) more failure\(more == 1 ? "" : "s"))"
            let body = element.failures.map { "\($0.type): \($0.message)" }.joined(separator: "\n")
            text += open + ">\n"
            text += "      <\(element.name) type=\"\(attribute(first.type))\" message=\"\(attribute(message))\">\(content(body))</\(element.name)>\n"
            text += "    </testcase>\n"
        }
        let output = cases.flatMap(\.output)
        text += output.isEmpty ? "    <system-out/>\n" : "    <system-out>\(content(output.joined(separator: "\n") + "\n"))</system-out>\n"
        text += "    <system-err/>\n"
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }

    /// `ms` as seconds with three decimals: `1234` → `1.234`.
    static func seconds(_ ms: Int) -> String {
        let fraction = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `text` escaped for an attribute value in double quotes.
    static func attribute(_ text: String) -> String {
        escape(URLRedaction.redactingURLs(in: text), inAttribute: true)
    }

    /// `text` escaped for element content.
    static func content(_ text: String) -> String {
        escape(URLRedaction.redactingURLs(in: text), inAttribute: false)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += inAttribute ? "&quot;" : "\""
            case "'": result += inAttribute ? "&apos;" : "'"
            // Attribute-value normalisation turns a raw tab or line break into a space: keep them as references.
            case "\t", "\n": result += inAttribute ? "&#\(scalar.value);" : String(scalar)
            // A raw carriage return is read as a line feed anywhere.
            case "\r": result += "&#13;"
            default:
                // XML 1.0, production [2] Char: no other C0 control, no U+FFFE or U+FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

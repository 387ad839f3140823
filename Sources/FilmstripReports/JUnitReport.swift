/// A JUnit XML report, the format CI systems display test results from (Jenkins, GitLab,
/// GitHub Actions' test reporters): `<testsuites>` holding one `<testsuite>` of test cases,
/// each with its `<failure>` elements and an optional `<system-out>`, as the Jenkins xUnit
/// plugin's schema `junit-10.xsd` defines them (jenkinsci/xunit-plugin,
/// `src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd`).
///
/// `filmstrip check --junit FILE` writes one test case per plan, one failure per failed check:
///
/// ```xml
/// <testcase name="seed-failing" classname="filmstrip.inbox">
///   <failure type="coverage.empty" message="empty: 0 frames (0 ms), at least 1 frame required">…</failure>
/// ```
///
/// No times and no dates: the same results give the same bytes. Text is escaped for XML 1.0:
/// `& < > " '` as entities, tab and line feed in attributes and carriage return anywhere as
/// character references, and every other character XML 1.0 cannot carry (C0 controls, U+FFFE, U+FFFF) as
/// the visible text `\u{1B}`.
package enum JUnitReport {
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
        /// Its failures, in order; empty when it passed.
        package var failures: [Failure]
        /// Lines for `<system-out>` (the plan's terminal table); nothing written when empty.
        package var output: [String]

        /// A case named `name` in `classname`, failing with `failures`, with `output` as its system-out lines.
        package init(name: String, classname: String, failures: [Failure], output: [String] = []) {
            self.name = name
            self.classname = classname
            self.failures = failures
            self.output = output
        }
    }

    /// The document: an XML declaration, then `<testsuites>` with one `<testsuite name="suite">`
    /// of `cases`, with their counts (`tests`, `failures`: cases with at least one failure,
    /// `errors` 0, `skipped` 0); UTF-8 text ending in a newline.
    package static func xml(suite: String, cases: [Case]) -> String {
        let failed = cases.count { !$0.failures.isEmpty }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\""
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"\(attribute(suite))\" \(counts)>\n"
        text += "  <testsuite name=\"\(attribute(suite))\" \(counts) skipped=\"0\">\n"
        for item in cases {
            let open = "    <testcase name=\"\(attribute(item.name))\" classname=\"\(attribute(item.classname))\""
            guard !item.failures.isEmpty || !item.output.isEmpty else {
                text += open + "/>\n"
                continue
            }
            text += open + ">\n"
            for failure in item.failures {
                text += "      <failure type=\"\(attribute(failure.type))\" message=\"\(attribute(failure.message))\">\(content(failure.message))</failure>\n"
            }
            if !item.output.isEmpty {
                text += "      <system-out>\(content(item.output.joined(separator: "\n") + "\n"))</system-out>\n"
            }
            text += "    </testcase>\n"
        }
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }

    /// `text` escaped for an attribute value in double quotes.
    static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    /// `text` escaped for element content.
    static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
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

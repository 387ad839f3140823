import FilmstripTestSupport
import Foundation
import Testing

/// End to end: a CI step that reads `check --json` or `--junit` still gets a document when a
/// plan is bad (exit 2): the JSON names the error with `exitCode` 2, the JUnit report holds one
/// failed case for it and validates against the Jenkins xUnit schema.
@Suite struct CheckBadInputReportTests {
    /// `check --json --junit junit.xml` of a good plan and a bad one, in a fresh workspace.
    static func checkWithABadPlan() throws -> (result: CommandRunner.Result, workspace: URL) {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")])
        try Data(#"{"bench": "inbox"}"#.utf8).write(to: workspace.appendingPathComponent("captures/bad.json"))
        let result = try CommandRunner.run(["check", "captures/inbox-pinned-loaded.json", "captures/bad.json", "--json", "--junit", "junit.xml"], in: workspace)
        return (result, workspace)
    }

    @Test func aBadPlanStillGivesTheJSONDocumentAndAJUnitReport() throws {
        let (result, workspace) = try Self.checkWithABadPlan()
        #expect(result.status == 2)
        let message = "captures/bad.json: $.windowMs: required member is missing; expected the recording window's length in ms"
        #expect(result.stderr.hasSuffix("error: \(message)\n"), "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["error"] as? String == message)
        #expect(document["exitCode"] as? Int == 2)
        #expect(document["passed"] as? Bool == false)
        #expect((document["plans"] as? [Any])?.isEmpty == true)

        let junit = workspace.appendingPathComponent("junit.xml")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        // Bad input is an error, not a failure.
        #expect(xml.contains(#"tests="1" failures="0" errors="1""#), "\(xml)")
        #expect(xml.contains(#"<testcase name="input" classname="filmstrip.badInput" time="0.000">"#), "\(xml)")
        #expect(xml.contains(#"<error type="badInput" message="captures/bad.json: $.windowMs: required member is missing; expected the recording window&apos;s length in ms">"#), "\(xml)")
    }

    @Test(ExternalTool.xmllint.required)
    func aBadPlansJUnitReportValidatesAgainstTheJenkinsSchema() throws {
        let (result, workspace) = try Self.checkWithABadPlan()
        #expect(result.status == 2)
        #expect(try CheckGateTests.validate(workspace.appendingPathComponent("junit.xml").path, schema: "junit-ant.xsd").status == 0)
        let validation = try CheckGateTests.validate(workspace.appendingPathComponent("junit.xml").path)
        #expect(validation.status == 0, "\(validation.output)")
    }
}

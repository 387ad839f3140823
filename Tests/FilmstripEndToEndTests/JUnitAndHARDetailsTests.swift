import FilmstripTestSupport
import Foundation
import Testing

/// End to end: JUnit `time` attributes, one failure per case, stable short
/// case names for stray folders, both schemas; HAR 1.2's null response and -1 timings, and one
/// negative time skipped rather than rejecting the file; re-record hints that run when pasted.
@Suite struct JUnitAndHARDetailsTests {
    @Test(ExternalTool.xmllint.required)
    func aStrayFolderIsACaseNamedByItsPathAndTheReportValidatesAgainstBothSchemas() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        try FileManager.default.moveItem(at: workspace.appendingPathComponent("captures/inbox-pinned-loaded.json"), to: workspace.appendingPathComponent("captures/renamed.json"))
        let result = try CommandRunner.run(["check", "--allow-unrecorded", "--junit", "junit.xml"], in: workspace)
        #expect(result.status == 1)
        let report = workspace.appendingPathComponent("junit.xml").path
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"<testcase name="captures/inbox-pinned-loaded" classname="filmstrip.strayFolder" time="0.000">"#), "\(xml)")
        #expect(xml.contains(#"<failure type="strayFolder" message="captures/inbox-pinned-loaded/ was recorded from captures/inbox-pinned-loaded.json, which no longer exists; remove the folder, or record the plan again under its new name">"#), "\(xml)")
        // Every case and the suite have a time in seconds with three decimals.
        let cases = xml.components(separatedBy: "<testcase ").count - 1
        let timed = try NSRegularExpression(pattern: #"<testcase [^>]* time="[0-9]+\.[0-9]{3}""#).numberOfMatches(in: xml, range: NSRange(xml.startIndex..., in: xml))
        #expect(cases == 2 && timed == cases, "\(xml)")
        #expect(xml.range(of: #"<testsuite name="filmstrip check" [^>]*time="[0-9]+\.[0-9]{3}" timestamp="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}""#, options: .regularExpression) != nil, "\(xml)")
        for schema in ["junit-10.xsd", "junit-ant.xsd"] {
            let validation = try CheckGateTests.validate(report, schema: schema)
            #expect(validation.output == "\(report) validates\n", "\(schema): \(validation.output)")
        }
    }

    /// `sweep FILE` in a fresh workspace: the result, and `sweep.json`'s latencies.
    static func sweep(_ har: String) throws -> (result: CommandRunner.Result, latencies: [Int]?) {
        let workspace = try CommandRunner.workspace(plans: [])
        try Data(har.utf8).write(to: workspace.appendingPathComponent("samples.har"))
        let result = try CommandRunner.run(["sweep", "samples.har"], in: workspace)
        let document = (try? Data(contentsOf: workspace.appendingPathComponent("sweep/sweep.json"))).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return (result, document?["latenciesMs"] as? [Int])
    }

    static func entry(_ fields: String) -> String {
        #"{"request": {"url": "http://x/"}, \#(fields)}"#
    }

    static let ok = entry(#""response": {"status": 200}, "time": 120"#)

    @Test func aNullOrMissingResponseIsAFailedRequestNotALoad() throws {
        let (result, latencies) = try Self.sweep(#"{"log": {"entries": [\#(Self.ok), \#(Self.entry(#""response": null, "time": 50"#)), \#(Self.entry(#""time": 900"#))]}}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(latencies == [120])
        #expect(result.stdout.contains("  read 3 entries; skipped 2 failed requests\n"), "\(result.stdout)")
    }

    @Test func noTimeWithEveryTimingMinusOneIsUnknownNotZero() throws {
        let unknown = Self.entry(#""response": {"status": 200}, "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": -1, "wait": -1, "receive": -1}"#)
        let (result, latencies) = try Self.sweep(#"{"log": {"entries": [\#(Self.ok), \#(unknown)]}}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(latencies == [120])
        #expect(result.stdout.contains("  read 2 entries; skipped 1 entry of unknown time (no time, every timing -1)\n"), "\(result.stdout)")
    }

    @Test func oneNegativeTimeIsSkippedWithANoteAndTheRestIsRead() throws {
        let negative = Self.entry(#""response": {"status": 200}, "time": -5"#)
        let (result, latencies) = try Self.sweep(#"{"log": {"entries": [\#(Self.ok), \#(negative), \#(Self.ok)]}}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(latencies == [120, 120])
        #expect(result.stderr == "warning: samples.har: 1 entry has a negative time (the first: $.log.entries[1].time, -5); skipped, the other entries are read\n", "\(result.stderr)")
        #expect(result.stdout.contains("  read 3 entries; skipped 1 entry with a negative time\n"), "\(result.stdout)")
    }

    /// The hint after `record them with: ` in `check`'s output, run by bash as pasted (the
    /// tool's name replaced by the built binary's path).
    static func runHint(in workspace: URL, plan: String) throws -> (hint: String, status: Int32) {
        let check = try CommandRunner.run(["check", "--", plan], in: workspace)
        #expect(check.status == 1)
        let line = try #require(check.stdout.split(separator: "\n").first { $0.contains("record them with: ") }, "\(check.stdout)")
        let hint = String(line[line.range(of: "record them with: ")!.upperBound...].prefix { $0 != "(" }.dropLast())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", CommandRunner.binary.path + hint.dropFirst("filmstrip".count)]
        process.currentDirectoryURL = workspace
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (hint, process.terminationStatus)
    }

    @Test func reRecordHintsRunWhenPastedForALeadingDashAndAControlCharacter() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let source = try Data(contentsOf: CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json"))
        try source.write(to: workspace.appendingPathComponent("-x.json"))
        let dash = try Self.runHint(in: workspace, plan: "-x.json")
        #expect(dash.hint == "filmstrip record ./-x.json")
        #expect(dash.status == 0)
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/-x/report.json").path))

        try source.write(to: workspace.appendingPathComponent("tab\there.json"))
        let tab = try Self.runHint(in: workspace, plan: "tab\there.json")
        #expect(tab.hint == "filmstrip record $'tab\\there.json'")
        #expect(tab.status == 0)
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/tab\there/report.json").path))
    }
}

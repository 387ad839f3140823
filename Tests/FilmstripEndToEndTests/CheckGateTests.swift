import FilmstripTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// End to end: `check` as a CI gate: nothing recorded fails, stray
/// plan folders and files are named, the re-record hint repeats the options, the verdict line
/// says when only the recorded outputs failed, shards partition the plans, the index across
/// plans is written for full runs and rebuilt by `filmstrip index`, `--junit` validates against
/// the Jenkins xUnit schema, `--json` parses, and `check` waits for the output lock.
@Suite(.serialized) struct CheckGateTests {
    /// Small shipped plans: 4, 12 and 12 frames.
    static let small = ["inbox-pinned-loaded", "inbox-pinned-failed", "scenes-fast-load"]

    static func workspace(_ names: [String] = small) throws -> URL {
        try CommandRunner.workspace(plans: names.map { CommandRunner.root.appendingPathComponent("captures/\($0).json") })
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func aPlanWithNothingRecordedFailsUnlessAllowed() throws {
        let workspace = try Self.workspace(["inbox-pinned-loaded"])
        let unrecorded = try CommandRunner.run(["check"], in: workspace)
        #expect(unrecorded.status == 1, "\(unrecorded.stderr)")
        let lines = unrecorded.stdout.split(separator: "\n").map(String.init)
        #expect(lines.suffix(3) == [
            "  verdict: failed: nothing recorded to compare (the checks passed)",
            "  recorded outputs: none in captures/inbox-pinned-loaded/; record them with: filmstrip record captures/inbox-pinned-loaded.json (or pass --allow-unrecorded)",
            "1 plan(s) checked: 1 failed",
        ])
        let allowed = try CommandRunner.run(["check", "--allow-unrecorded"], in: workspace)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.split(separator: "\n").suffix(3) == [
            "  verdict: passed",
            "  recorded outputs: none in captures/inbox-pinned-loaded/ (allowed by --allow-unrecorded)",
            "1 plan(s) checked: all passed",
        ])
        #expect(CommandRunner.snapshot(workspace).keys.sorted() == ["captures/inbox-pinned-loaded.json"], "check writes nothing, not even a lock file")
    }

    @Test func aStrayPlanFolderIsReportedByCheckAndLeftOutOfTheIndexByRecord() throws {
        let workspace = try Self.workspace(["inbox-pinned-loaded", "inbox-pinned-failed"])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let captures = workspace.appendingPathComponent("captures")
        #expect(try Self.text(captures.appendingPathComponent("index.html")).contains("./inbox-pinned-failed/index.html"))
        // The plan is renamed: its old folder has no plan behind it.
        try FileManager.default.moveItem(at: captures.appendingPathComponent("inbox-pinned-failed.json"), to: captures.appendingPathComponent("failed-renamed.json"))
        let check = try CommandRunner.run(["check", "captures/inbox-pinned-loaded.json"], in: workspace)
        #expect(check.status == 1)
        // The index across plans still lists the renamed plan: it differs from the page record would write now.
        #expect(check.stdout.split(separator: "\n").suffix(3) == [
            "stray: captures/inbox-pinned-failed/ was recorded from captures/inbox-pinned-failed.json, which no longer exists; remove the folder, or record the plan again under its new name",
            "index: mismatch: captures/index.html differs from a fresh render; re-record with: filmstrip record",
            "1 plan(s) checked: all passed; 1 stray plan folder(s); the index across plans differs",
        ])
        let record = try CommandRunner.run(["record", "captures/inbox-pinned-loaded.json"], in: workspace)
        #expect(record.status == 0)
        #expect(record.stdout.contains("index: left out captures/inbox-pinned-failed/ was recorded from captures/inbox-pinned-failed.json, which no longer exists\n"))
        let index = try Self.text(captures.appendingPathComponent("index.html"))
        #expect(!index.contains("inbox-pinned-failed") && index.contains("./inbox-pinned-loaded/index.html"))
        #expect(index.contains("1 plan · all passed"))
        #expect(FileManager.default.fileExists(atPath: captures.appendingPathComponent("inbox-pinned-failed/report.json").path), "record removes no folder it was not asked to")

        // A file in a plan folder that its report does not list fails check; dot-files do not.
        try Data("x".utf8).write(to: captures.appendingPathComponent("inbox-pinned-loaded/frames/9999.png"))
        try Data("x".utf8).write(to: captures.appendingPathComponent("inbox-pinned-loaded/.DS_Store"))
        try FileManager.default.removeItem(at: captures.appendingPathComponent("inbox-pinned-failed"))
        let unlisted = try CommandRunner.run(["check", "captures/inbox-pinned-loaded.json"], in: workspace)
        #expect(unlisted.status == 1)
        #expect(unlisted.stdout.contains("""
              verdict: failed: the recorded outputs differ from a fresh run (the checks passed)
              recorded outputs: 1 mismatch(es); re-record with: filmstrip record captures/inbox-pinned-loaded.json
                time unchanged: every dwell, flash, held-back and blank time is as recorded
                mismatch: captures/inbox-pinned-loaded/frames/9999.png: not written by filmstrip (the recorded report does not list it); remove it
            index: captures/index.html matches a fresh render
            1 plan(s) checked: 1 failed

            """), "\(unlisted.stdout)")
    }

    @Test func theReRecordHintRepeatsOutFontAndClockAndTheVerdictSaysOnlyOutputsFailed() throws {
        let workspace = try Self.workspace(["inbox-pinned-loaded"])
        let font = CommandRunner.root.appendingPathComponent("Sources/FilmstripOutputs/Resources/Fonts/6x13.bdf").path
        let options = ["--out", "out dir", "--font", font, "--clock", "virtual"]
        #expect(try CommandRunner.run(["record", "captures/inbox-pinned-loaded.json"] + options, in: workspace).status == 0)
        #expect(try CommandRunner.run(["check", "captures/inbox-pinned-loaded.json"] + options, in: workspace).status == 0)
        // One recorded frame is replaced by another: pixels differ, checks still pass.
        let frames = workspace.appendingPathComponent("out dir/inbox-pinned-loaded/frames")
        try FileManager.default.removeItem(at: frames.appendingPathComponent("0001.png"))
        try FileManager.default.copyItem(at: frames.appendingPathComponent("0000.png"), to: frames.appendingPathComponent("0001.png"))
        let result = try CommandRunner.run(["check", "captures/inbox-pinned-loaded.json"] + options, in: workspace)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.contains("  verdict: passed"))
        #expect(lines.contains("  verdict: failed: the recorded outputs differ from a fresh run (the checks passed)"))
        #expect(lines.contains("  recorded outputs: 1 mismatch(es); re-record with: filmstrip record captures/inbox-pinned-loaded.json --out 'out dir' --clock virtual --font \(font)"), "\(result.stdout)")
        let verdict = try #require(lines.firstIndex { $0.hasPrefix("  verdict: ") })
        #expect(lines[verdict + 1].hasPrefix("  recorded outputs: "), "the verdict comes right above the comparison")
    }

    @Test func theContactSheetFooterAndIndexRowNameTheRealPlanPath() throws {
        let workspace = try Self.workspace([])
        let nested = workspace.appendingPathComponent("captures/nested")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json"), to: nested.appendingPathComponent("inbox-pinned-loaded.json"))
        #expect(try CommandRunner.run(["record", "./captures/nested/inbox-pinned-loaded.json"], in: workspace).status == 0)
        let folder = workspace.appendingPathComponent("captures/inbox-pinned-loaded")
        #expect(try Self.text(folder.appendingPathComponent("index.html")).contains(
            "<p class=\"facts\">Made by filmstrip from captures/nested/inbox-pinned-loaded.json; report.json holds the same figures.</p>"))
        #expect(try Self.text(folder.appendingPathComponent("index-row.json")).contains("\"planFile\" : \"captures/nested/inbox-pinned-loaded.json\""))
        // The same plan named another way, from another folder: the same bytes, so check passes.
        let other = try CommandRunner.run(["check", workspace.appendingPathComponent("captures/nested/inbox-pinned-loaded.json").path, "--out", ".."], in: nested)
        #expect(other.status == 0, "\(other.stdout)")
    }

    @Test func shardsPartitionThePlansAndBadSpecsExitTwo() throws {
        let workspace = try CommandRunner.workspace()
        let all = try FileManager.default.contentsOfDirectory(atPath: workspace.appendingPathComponent("captures").path).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(all.count >= 10)
        var seen: [String] = []
        for index in 1...3 {
            let result = try CommandRunner.run(["check", "--no-compare", "--json", "--shard", "\(index)/3"], in: workspace)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let plans = try #require(document["plans"] as? [[String: Any]]).compactMap { $0["plan"] as? String }
            // Sorted by name, dealt round-robin.
            #expect(plans == all.enumerated().filter { $0.offset % 3 == index - 1 }.map(\.element))
            #expect(document["shard"] as? String == "\(index)/3")
            #expect(result.stderr.contains("\(plans.count) plan(s) checked: all passed (shard \(index)/3)"))
            seen += plans
        }
        #expect(seen.sorted() == all, "every plan exactly once")
        for spec in ["0/3", "4/3", "1/0", "2", "1/3/1", "a/b", "-1/3", "1/1001", ""] {
            let bad = try CommandRunner.run(["check", "--no-compare", "--shard", spec], in: workspace)
            #expect(bad.status == 2, "\(spec)")
            let expected = spec.isEmpty ? "error: check: --shard needs a non-empty value" : "error: check: --shard expects i/n with whole numbers 1 ≤ i ≤ n ≤ 1000, e.g. --shard 2/3; found '\(spec)'"
            #expect(bad.stderr.hasPrefix(expected), "\(spec): \(bad.stderr)")
            #expect(bad.stdout.isEmpty)
        }
    }

    @Test func theIndexIsWrittenOnlyForAFullRunAndFilmstripIndexRebuildsItIdentically() throws {
        let workspace = try Self.workspace()
        let captures = workspace.appendingPathComponent("captures")
        let index = captures.appendingPathComponent("index.html")
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let full = try Data(contentsOf: index)
        try FileManager.default.removeItem(at: index)
        for shard in ["1/2", "2/2"] {
            let result = try CommandRunner.run(["record", "--shard", shard], in: workspace)
            #expect(result.status == 0)
            #expect(result.stdout.contains("index: not written for shard \(shard); once every shard has run: filmstrip index captures\n"))
            #expect(!FileManager.default.fileExists(atPath: index.path))
            let check = try CommandRunner.run(["check", "--shard", shard], in: workspace)
            #expect(check.status == 0 && !check.stdout.contains("index:"), "a shard does not compare the index")
        }
        let rebuilt = try CommandRunner.run(["index", "captures"], in: workspace)
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stdout == "wrote captures/index.html: 3 plan(s)\n")
        #expect(try Data(contentsOf: index) == full)
        let check = try CommandRunner.run(["check"], in: workspace)
        #expect(check.status == 0)
        #expect(check.stdout.contains("index: captures/index.html matches a fresh render\n"))
        #expect(try CommandRunner.run(["index", "missing"], in: workspace).status == 2)
        #expect(try CommandRunner.run(["index"], in: workspace).stderr.hasPrefix("error: index: expects one output folder (filmstrip index OUTDIR), found 0 arguments"))
    }

    /// Every shipped plan and the loading-dominated inbox plan, as `--junit`'s plans.
    static func junitPlans() throws -> [String] {
        let shipped = try FileManager.default.contentsOfDirectory(atPath: CommandRunner.root.appendingPathComponent("captures").path).filter { $0.hasSuffix(".json") }.sorted().map { "captures/\($0)" }
        return shipped + ["Tests/FilmstripEndToEndTests/Fixtures/seed-failing.json"]
    }

    /// `check --no-compare --junit` of ``junitPlans`` into a fresh workspace: the exit status and the report's path.
    static func junitOfEveryPlan() throws -> (status: Int32, report: String) {
        let report = try Self.workspace([]).appendingPathComponent("junit.xml").path
        let result = try CommandRunner.run(["check", "--no-compare", "--junit", report] + junitPlans(), in: CommandRunner.root)
        return (result.status, report)
    }

    @Test func theJUnitReportListsSeedFailingsReasons() throws {
        let workspace = try Self.workspace([])
        let plans = try Self.junitPlans()
        let (status, report) = try Self.junitOfEveryPlan()
        #expect(status == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        // Times vary from run to run: compare with them masked.
        let masked = xml.replacingOccurrences(of: #"time="[0-9]+\.[0-9]{3}""#, with: #"time="T""#, options: .regularExpression)
            .replacingOccurrences(of: #"timestamp="[0-9T:-]{19}""#, with: #"timestamp="S""#, options: .regularExpression)
        #expect(masked.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- written by filmstrip -->\n<testsuites>\n  <testsuite name=\"filmstrip check\" package=\"filmstrip\" id=\"0\" tests=\"\(plans.count)\" failures=\"1\" errors=\"0\" time=\"T\" timestamp=\"S\" hostname=\"localhost\">\n    <properties/>\n"), "\(masked)")
        // One failure per case: the first check's type, every failed check in its text.
        #expect(masked.contains("""
                <testcase name="seed-failing" classname="filmstrip.inbox" time="T">
                  <failure type="coverage.empty" message="empty: 0 frames (0.0 s), at least 1 frame required (and 3 more failures)">coverage.empty: empty: 0 frames (0.0 s), at least 1 frame required
            coverage.failed: failed: 0 frames (0.0 s), at least 1 frame required
            coverage.loaded: loaded: 0 frames (0.0 s), at least 1 frame required
            dominance.loading: loading filled 6 of 6 frames (12.0 s of 12.0 s, limit 50%)</failure>
                </testcase>
            """), "\(masked)")
        #expect(masked.components(separatedBy: "<failure ").count == 2, "one failure element in all")
        #expect(masked.contains("    <testcase name=\"inbox-cycle\" classname=\"filmstrip.inbox\" time=\"T\"/>\n"))
        // The plans' tables go to the suite's output, once each.
        #expect(masked.contains("seed-failing · inbox · cycle · virtual clock · window 12,000 ms · 6 frames every 2,000 ms · slow motion 1.5\n"))
        #expect(masked.hasSuffix("</system-out>\n    <system-err/>\n  </testsuite>\n</testsuites>\n"))
        // '-' is not a file: --json is the standard-output form.
        #expect(try CommandRunner.run(["check", "--junit", "-"], in: workspace).status == 2)
    }

    @Test(ExternalTool.xmllint.required)
    func theJUnitReportOfEveryPlanValidatesAgainstTheJenkinsSchema() throws {
        let (status, report) = try Self.junitOfEveryPlan()
        #expect(status == 1)
        let validation = try Self.validate(report)
        #expect(validation.status == 0, "\(validation.output)")
        #expect(validation.output == "\(report) validates\n", "\(validation.output)")
        let ant = try Self.validate(report, schema: "junit-ant.xsd")
        #expect(ant.status == 0, "\(ant.output)")
        #expect(ant.output == "\(report) validates\n", "\(ant.output)")
    }

    @Test func jsonPrintsOneDocumentWithTheVerdictsAndTheTablesGoToStandardError() throws {
        let workspace = try Self.workspace(["inbox-pinned-loaded"])
        let seed = CommandRunner.fixtures.appendingPathComponent("seed-failing.json").path
        let result = try CommandRunner.run(["check", "--json", "--allow-unrecorded", "captures/inbox-pinned-loaded.json", seed], in: workspace)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["passed"] as? Bool == false)
        #expect(document["exitCode"] as? Int == 1)
        #expect(document["index"] as? String == "notCompared")
        #expect(document["strayFolders"] as? [String] == [])
        let plans = try #require(document["plans"] as? [[String: Any]])
        #expect(plans.map { $0["plan"] as? String } == ["inbox-pinned-loaded", "seed-failing"])
        #expect(plans.map { $0["passed"] as? Bool } == [true, false])
        #expect(plans[0]["verdict"] as? String == "passed")
        #expect(plans[1]["verdict"] as? String == "failed: loading filled 6 of 6 frames (12.0 s of 12.0 s, limit 50%); empty, failed and loaded were never captured.")
        #expect(plans[1]["reasons"] as? [String] == ["loading filled 6 of 6 frames (12.0 s of 12.0 s, limit 50%)", "empty, failed and loaded were never captured"])
        let outputs = try #require(plans[0]["recordedOutputs"] as? [String: Any])
        #expect(outputs["state"] as? String == "allowedUnrecorded")
        #expect(outputs["mismatches"] as? [String] == [])
        #expect(result.stderr.contains("  verdict: passed\n  recorded outputs: none in captures/inbox-pinned-loaded/ (allowed by --allow-unrecorded)\n"))
        #expect(result.stderr.contains("2 plan(s) checked: 1 failed\n"))
    }

    @Test func checkWaitsForTheOutputLockOrStopsWithNoWait() throws {
        let workspace = try Self.workspace(["inbox-pinned-loaded"])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let lockFile = workspace.appendingPathComponent("captures/.filmstrip-lock").path
        let descriptor = open(lockFile, O_RDWR)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let result = try CommandRunner.run(["check", "--no-wait"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr == "error: captures: another filmstrip run is writing here (it holds captures/.filmstrip-lock); wait for it, or run again without --no-wait to wait\n", "\(result.stderr)")
        flock(descriptor, LOCK_UN)
        #expect(try CommandRunner.run(["check", "--no-wait"], in: workspace).status == 0)
    }

    /// `xmllint --schema` (libxml2-utils, found on `PATH`) on `file` with the committed Jenkins
    /// xUnit schema. Throws ``ExternalTool/Missing`` without xmllint (a test calling it is
    /// ``ExternalTool/required``).
    static func validate(_ file: String, schema: String = "junit-10.xsd") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.xmllint.path())
        process.arguments = ["--noout", "--schema", CommandRunner.fixtures.appendingPathComponent(schema).path, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

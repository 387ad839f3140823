import FilmstripTestSupport
import Foundation
import Testing

/// When a committed recording differs from a fresh run, `filmstrip check` says first what changed
/// in time — dwell per phase and depiction (ms and share, recorded → fresh), flashes removed and
/// added with their instants, held-back and blank time, the first differing frame — and only then
/// the files, on the terminal, in `--json` (a `timing` object per plan) and in JUnit's failure.
@Suite(.serialized) struct CheckTimingTests {
    /// The scenes plan whose one reply lands after 300 ms, recorded, then answered after 1,200 ms.
    static func slowedWorkspace() throws -> URL {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let plan = workspace.appendingPathComponent("captures/scenes-fast-load.json")
        let text = try String(contentsOf: plan, encoding: .utf8)
        #expect(text.contains("\"latencyMs\": 300"))
        try Data(text.replacingOccurrences(of: "\"latencyMs\": 300", with: "\"latencyMs\": 1200").utf8).write(to: plan)
        return workspace
    }

    /// The timing lines for 300 → 1,200 ms in a 2,000 ms window: the immediate spinner is no
    /// longer a flash (1,200 ms ≥ 500 ms), the 1 s delayed loader now shows for 200 ms from
    /// 1,000 ms (a flash), the 500 ms delayed one with its 500 ms minimum from 500 to 1,200 ms;
    /// frame 3 (300 ms) is the first to show loading instead of the rows.
    static let timing = [
        "time changed (recorded → fresh):",
        "  phases: loading 300 ms (15.0%) → 1,200 ms (60.0%), +900 ms",
        "  phases: loaded 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms",
        "  panel immediate: spinner 300 ms (15.0%) → 1,200 ms (60.0%), +900 ms",
        "  panel immediate: rows 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms",
        "  panel immediate: flash removed: 300 ms at 0 ms",
        "  panel delayed: blank 300 ms (15.0%) → 1,000 ms (50.0%), +700 ms",
        "  panel delayed: spinner 0 ms (0.0%) → 200 ms (10.0%), +200 ms",
        "  panel delayed: rows 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms",
        "  panel delayed: flash added: 200 ms at 1,000 ms",
        "  panel delayed: blank time 300 ms → 1,000 ms, +700 ms",
        "  panel delayedMinimum: blank 300 ms (15.0%) → 500 ms (25.0%), +200 ms",
        "  panel delayedMinimum: spinner 0 ms (0.0%) → 700 ms (35.0%), +700 ms",
        "  panel delayedMinimum: rows 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms",
        "  panel delayedMinimum: blank time 300 ms → 500 ms, +200 ms",
        "  first differing frame: 3 at 300 ms (phase loaded → loading)",
    ]

    @Test func aLongerReplyIsDescribedInTimeBeforeTheFilesOnTheTerminal() throws {
        let result = try CommandRunner.run(["check"], in: try Self.slowedWorkspace())
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let summary = try #require(lines.firstIndex { $0.hasPrefix("  recorded outputs: ") }, "\(result.stdout)")
        #expect(lines[summary].hasSuffix("re-record with: filmstrip record captures/scenes-fast-load.json"))
        #expect(Array(lines[(summary + 1)...].prefix(Self.timing.count)) == Self.timing.map { "    \($0)" }, "\(result.stdout)")
        // Then the files: the first mismatch line follows the timing lines, and none comes before them.
        #expect(lines[summary + 1 + Self.timing.count].hasPrefix("    mismatch: captures/scenes-fast-load/"), "\(result.stdout)")
        #expect(!lines[..<summary].contains { $0.contains("mismatch:") })
    }

    @Test func comparePageLeadsWithTheSameLinesAsCheck() throws {
        let workspace = try Self.slowedWorkspace()
        // A: the recording (300 ms), B: the plan as it is now (1,200 ms).
        let result = try CommandRunner.run(["compare", "captures/scenes-fast-load", "captures/scenes-fast-load.json", "--out", "compare"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: workspace.appendingPathComponent("compare/compare.html"), encoding: .utf8)
        let section = "<section aria-labelledby=\"time\"><h2 id=\"time\">Time changed (A → B)</h2>\n<ul>"
            + Self.timing.dropFirst().map { "<li>\($0.dropFirst(2))</li>" }.joined() + "</ul></section>\n"
        let start = try #require(html.range(of: section), "\(html)").lowerBound
        #expect(try #require(html.range(of: "<div class=\"verdict")).upperBound < start)
        #expect(start < (try #require(html.range(of: "<table>"))).lowerBound)
        #expect(start < (try #require(html.range(of: "<img class=\"strip\""))).lowerBound)
    }

    @Test func theJSONDocumentCarriesATimingObjectPerPlan() throws {
        let result = try CommandRunner.run(["check", "--json"], in: try Self.slowedWorkspace())
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let plan = try #require((document["plans"] as? [[String: Any]])?.first)
        let timing = try #require(plan["timing"] as? [String: Any], "\(result.stdout)")
        #expect(timing["lines"] as? [String] == Self.timing)
        #expect(timing["unchanged"] as? Bool == false)
        let first = try #require(timing["firstDifferingFrame"] as? [String: Any])
        #expect(first["index"] as? Int == 3)
        #expect(first["tMs"] as? Int == 300)
        #expect(first["what"] as? String == "phase loaded → loading")
        let sections = try #require(timing["sections"] as? [[String: Any]])
        #expect(sections.map { "\($0["kind"] as? String ?? "?") \($0["name"] as? String ?? "-")" } == ["lane -", "panel immediate", "panel delayed", "panel delayedMinimum"])
        let delayed = sections[2]
        #expect((delayed["flashesAdded"] as? [[String: Int]]) == [["startMs": 1000, "durationMs": 200]])
        #expect((delayed["blank"] as? [String: Int]) == ["beforeMs": 300, "afterMs": 1000])
        let loading = try #require((sections[0]["dwell"] as? [[String: Any]])?.first)
        #expect(loading["name"] as? String == "loading")
        #expect(loading["beforeMs"] as? Int == 300)
        #expect(loading["afterMs"] as? Int == 1200)
        #expect(loading["beforeShare"] as? String == "15.0%")
        #expect(loading["afterShare"] as? String == "60.0%")
        // A plan that matches has no timing to tell: `null`, never a missing key.
        let clean = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")])
        #expect(try CommandRunner.run(["record"], in: clean).status == 0)
        let passed = try CommandRunner.run(["check", "--json"], in: clean)
        #expect(passed.status == 0)
        let passedPlan = try #require(((try JSONSerialization.jsonObject(with: Data(passed.stdout.utf8)) as? [String: Any])?["plans"] as? [[String: Any]])?.first)
        #expect(passedPlan["timing"] is NSNull)
    }

    @Test func theJUnitFailureLeadsWithTheTiming() throws {
        let workspace = try Self.slowedWorkspace()
        let result = try CommandRunner.run(["check", "--junit", "junit.xml"], in: workspace)
        #expect(result.status == 1)
        let xml = try String(contentsOf: workspace.appendingPathComponent("junit.xml"), encoding: .utf8)
        // The failure's message attribute starts with the timing (line breaks as &#10;) ...
        let attribute = Self.timing.joined(separator: "&#10;")
        #expect(xml.contains("<failure type=\"timing\" message=\"\(attribute) (and "), "\(xml)")
        // ... and its text gives the timing before the failed check and any file.
        let body = try #require(xml.range(of: "timing: time changed (recorded → fresh):\n"), "\(xml)")
        let text = xml[body.lowerBound...]
        #expect(text.hasPrefix("timing: " + Self.timing.joined(separator: "\n") + "\nflashes.delayed: "), "\(xml)")
        let firstFile = try #require(text.range(of: "captures/scenes-fast-load/"))
        #expect(text.distance(from: text.startIndex, to: firstFile.lowerBound) > Self.timing.joined(separator: "\n").count)
    }
}

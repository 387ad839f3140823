import FilmstripTestSupport
import Foundation
import Testing

/// `filmstrip check --summary FILE` (and `GITHUB_STEP_SUMMARY` when set) appends a Markdown
/// summary for the pull request: a row per plan with its verdict, what changed in time and its
/// strip, then each failure with its rule and instant. GitHub's own renderer (cmark-gfm, through
/// PyPI's cmarkgfm) reads it as a table and lists.
@Suite(.serialized) struct CheckSummaryTests {
    static let plans = ["scenes-fast-load", "scenes-just-after-delay"].map { CommandRunner.root.appendingPathComponent("captures/\($0).json") }

    /// Both scenes plans recorded; with `slowed`, the fast one's reply then moved from 300 to 1,200 ms.
    static func workspace(slowed: Bool) throws -> URL {
        let workspace = try CommandRunner.workspace(plans: plans)
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        if slowed {
            let plan = workspace.appendingPathComponent("captures/scenes-fast-load.json")
            let text = try String(contentsOf: plan, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\"latencyMs\": 300", with: "\"latencyMs\": 1200").utf8).write(to: plan)
        }
        return workspace
    }

    static let passing = """
        <!-- written by filmstrip check -->
        ## filmstrip check: all 2 plans passed

        | | plan | verdict | what changed in time | strip |
        |---|---|---|---|---|
        | ✅ | `scenes-fast-load` | passed | — | `captures/scenes-fast-load/filmstrip.png` |
        | ✅ | `scenes-just-after-delay` | passed | — | `captures/scenes-just-after-delay/filmstrip.png` |


        """

    static let failing = """
        <!-- written by filmstrip check -->
        ## filmstrip check: 1 of 2 plans failed

        | | plan | verdict | what changed in time | strip |
        |---|---|---|---|---|
        | ❌ | `scenes-fast-load` | failed | phases: loading 300 → 1,200 ms (+900); phases: loaded 1,700 → 800 ms (-900); panel immediate: flash removed, 300 ms at 0 ms; panel delayed: flash added, 200 ms at 1,000 ms; first differing frame 3 at 300 ms | `captures/scenes-fast-load/filmstrip.png` |
        | ✅ | `scenes-just-after-delay` | passed | — | `captures/scenes-just-after-delay/filmstrip.png` |

        ### ❌ `scenes-fast-load`

        - `flashes.delayed` at 1,000–1,200 ms (frames 10–11): delayed: 1 flash (200 ms at 1,000 ms) under 500 ms, at most 0 allowed
        - recorded outputs at 300 ms (frame 3): 14 mismatch(es); re-record with: filmstrip record captures/scenes-fast-load.json

        Time changed (recorded → fresh):

        - phases: loading 300 ms (15.0%) → 1,200 ms (60.0%), +900 ms
        - phases: loaded 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms
        - panel immediate: spinner 300 ms (15.0%) → 1,200 ms (60.0%), +900 ms
        - panel immediate: rows 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms
        - panel immediate: flash removed: 300 ms at 0 ms
        - panel delayed: blank 300 ms (15.0%) → 1,000 ms (50.0%), +700 ms
        - panel delayed: spinner 0 ms (0.0%) → 200 ms (10.0%), +200 ms
        - panel delayed: rows 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms
        - panel delayed: flash added: 200 ms at 1,000 ms
        - panel delayed: blank time 300 ms → 1,000 ms, +700 ms
        - panel delayedMinimum: blank 300 ms (15.0%) → 500 ms (25.0%), +200 ms
        - panel delayedMinimum: spinner 0 ms (0.0%) → 700 ms (35.0%), +700 ms
        - panel delayedMinimum: rows 1,700 ms (85.0%) → 800 ms (40.0%), -900 ms
        - panel delayedMinimum: blank time 300 ms → 500 ms, +200 ms
        - first differing frame: 3 at 300 ms (phase loaded → loading)

        If the change is intended, re-record with `filmstrip record captures/scenes-fast-load.json`.

        - index: the index across plans differs from a fresh render


        """

    @Test func aPassingSetIsOneRowPerPlanWithItsStrip() throws {
        let workspace = try Self.workspace(slowed: false)
        let result = try CommandRunner.run(["check", "--summary", "summary.md"], in: workspace)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try String(contentsOf: workspace.appendingPathComponent("summary.md"), encoding: .utf8) == Self.passing)
    }

    @Test func aFailingSetNamesEachFailureWithItsInstantAndTheTimingChanges() throws {
        let workspace = try Self.workspace(slowed: true)
        let result = try CommandRunner.run(["check", "--summary", "summary.md"], in: workspace)
        #expect(result.status == 1)
        let summary = try String(contentsOf: workspace.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.split(separator: "\n", omittingEmptySubsequences: false) == Self.failing.split(separator: "\n", omittingEmptySubsequences: false))
    }

    @Test func githubsStepSummaryIsAppendedToByDefault() throws {
        let workspace = try Self.workspace(slowed: false)
        let file = workspace.appendingPathComponent("step-summary.md")
        try Data("## an earlier step\n\n".utf8).write(to: file)
        for _ in 0..<2 {
            #expect(try CommandRunner.run(["check"], in: workspace, environment: ["GITHUB_STEP_SUMMARY": file.path]).status == 0)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "## an earlier step\n\n" + Self.passing + Self.passing)
        // --summary names another file: GitHub's is left alone.
        #expect(try CommandRunner.run(["check", "--summary", "mine.md"], in: workspace, environment: ["GITHUB_STEP_SUMMARY": file.path]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "## an earlier step\n\n" + Self.passing + Self.passing)
        #expect(try String(contentsOf: workspace.appendingPathComponent("mine.md"), encoding: .utf8) == Self.passing)
    }

    @Test func aSummaryThatIsNotAFileIsBadInputNamingIt() throws {
        let workspace = try Self.workspace(slowed: false)
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(["check", "--summary", "folder.md"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("folder.md"), "\(result.stderr)")
        #expect(result.stderr.contains("not a regular file") || result.stderr.contains("not one"), "\(result.stderr)")
    }

    /// cmark-gfm, GitHub's renderer: the summary is a table of one row per plan (five cells each)
    /// and the failure is a list item whose code spans and escaped text survive as written.
    @Test(ExternalTool.cmarkgfm.required) func githubsRendererReadsATableAndTheFailureList() throws {
        let workspace = try Self.workspace(slowed: true)
        #expect(try CommandRunner.run(["check", "--summary", "summary.md"], in: workspace).status == 1)
        let html = try Self.render(workspace.appendingPathComponent("summary.md"))
        #expect(html.contains("<h2>filmstrip check: 1 of 2 plans failed</h2>"), "\(html)")
        #expect(html.components(separatedBy: "<tr>").count - 1 == 3, "\(html)")
        #expect(html.components(separatedBy: "<td>").count - 1 == 10, "\(html)")
        #expect(html.contains("<td><code>scenes-fast-load</code></td>\n<td>failed</td>\n<td>phases: loading 300 → 1,200 ms (+900); "), "\(html)")
        #expect(html.contains("<td><code>captures/scenes-fast-load/filmstrip.png</code></td>"), "\(html)")
        #expect(html.contains("<li><code>flashes.delayed</code> at 1,000–1,200 ms (frames 10–11): delayed: 1 flash (200 ms at 1,000 ms) under 500 ms, at most 0 allowed</li>"), "\(html)")
        #expect(html.contains("<li>first differing frame: 3 at 300 ms (phase loaded → loading)</li>"), "\(html)")
        // Nothing of the Markdown leaks as text: no stray pipes, backslashes or backticks.
        let text = html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
        #expect(!text.contains("\\") && !text.contains("`") && !text.contains("|"), "\(html)")
    }

    /// `file` rendered by cmarkgfm as GitHub renders it (tables, strikethrough, autolinks).
    static func render(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.cmarkgfm.path())
        process.arguments = ["-c", "import sys, cmarkgfm; sys.stdout.write(cmarkgfm.github_flavored_markdown_to_html(open(sys.argv[1], encoding='utf-8').read()))", file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}

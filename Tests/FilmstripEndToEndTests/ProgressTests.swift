import FilmstripTestSupport
import Foundation
import Testing

/// Long work says so before it starts, and `record` shows its progress in
/// place on a terminal, and nothing of it on a pipe or with `--quiet`; `check`, which draws the
/// same images to compare them, announces long work the same way and takes the same `--quiet`.
@Suite(.serialized, ExternalTool.python3.required) struct ProgressTests {
    /// 200 frames at scale 1 (13 batches of images on two cores), under the long-work thresholds.
    static let plan = """
        {"bench": "scenes", "panels": ["immediate"], "mode": "pinned", "windowMs": 20000, "frameIntervalMs": 100, "scale": 1,
         "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 300}]}
        """

    struct Run: Decodable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func workspace(_ plans: [String: String]) throws -> URL {
        let workspace = try CommandRunner.workspace(plans: [])
        for (name, text) in plans {
            try Data(text.utf8).write(to: workspace.appendingPathComponent("captures/\(name).json"))
        }
        return workspace
    }

    /// `filmstrip arguments…` with its standard error on a pseudo-terminal (Python's `pty`).
    static func onTerminal(_ arguments: [String], in workspace: URL) throws -> Run {
        let helper = CommandRunner.fixtures.appendingPathComponent("pty_run.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.python3.path())
        process.arguments = [helper, workspace.path, CommandRunner.binary.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let json = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode(Run.self, from: json)
    }

    /// The progress updates written in place: the pieces of standard error between carriage returns
    /// that hold a count of images.
    static func updates(_ stderr: String) -> [String] {
        stderr.split(separator: "\r").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains(" images (") }
    }

    @Test func onATerminalRecordShowsProgressThatUpdatesInPlace() throws {
        let workspace = try Self.workspace(["long-a": Self.plan, "long-b": Self.plan])
        let run = try Self.onTerminal(["record"], in: workspace)
        #expect(run.status == 0, "\(run.stderr)")
        let updates = Self.updates(run.stderr)
        #expect(updates.count >= 3, "\(run.stderr.debugDescription)")
        // Per plan and overall; each plan's last update is its whole count.
        #expect(updates.contains("recording 1/2 long-a: 201 of 201 images (100%) · all plans 50%"), "\(updates)")
        #expect(updates.contains("recording 2/2 long-b: 201 of 201 images (100%) · all plans 100%"), "\(updates)")
        #expect(updates.allSatisfy { $0.hasPrefix("recording 1/2 long-a: ") || $0.hasPrefix("recording 2/2 long-b: ") })
        // The line is blanked before the tables: standard error ends with a carriage return.
        #expect(run.stderr.hasSuffix("\r"))
        #expect(!run.stderr.contains("\n"), "no notice: the plans are under the thresholds")
        #expect(run.stdout.contains("2 plan(s) recorded in captures/: all passed"))
    }

    @Test func pipedRecordPrintsNoProgress() throws {
        let workspace = try Self.workspace(["long-a": Self.plan])
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(!result.stdout.contains("\r"))
    }

    @Test func quietShowsNoProgressOnATerminal() throws {
        let workspace = try Self.workspace(["long-a": Self.plan])
        let run = try Self.onTerminal(["record", "--quiet"], in: workspace)
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    /// One frame at scale 8 with three panels: 5,344 × 1,496 px, past the 4-megapixel threshold.
    static let bigFrame = """
        {"bench": "scenes", "mode": "pinned", "windowMs": 100, "frameIntervalMs": 100, "scale": 8,
         "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 50}], "expect": {"minFrames": {"loading": 1}}}
        """

    @Test func longWorkIsAnnouncedBeforeItStartsOnAPipeToo() throws {
        let workspace = try Self.workspace(["big-frame": Self.bigFrame])
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "captures/big-frame.json: 1 frame of 5,344 × 1,496 px (scale 8), about 242 KB on disk; this will take a while\n")
        let quiet = try CommandRunner.run(["record", "--quiet"], in: workspace)
        #expect(quiet.status == 0 && quiet.stderr == "")
    }

    @Test func checkAnnouncesLongWorkLikeRecordAndQuietSilencesItTheSameWay() throws {
        let workspace = try Self.workspace(["big-frame": Self.bigFrame])
        let record = try CommandRunner.run(["record", "--quiet"], in: workspace)
        #expect(record.status == 0, "\(record.stderr)")
        let check = try CommandRunner.run(["check"], in: workspace)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr == "captures/big-frame.json: 1 frame of 5,344 × 1,496 px (scale 8), about 242 KB on disk; this will take a while\n")
        let quiet = try CommandRunner.run(["check", "--quiet"], in: workspace)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == check.stdout)
        // Judging without comparing draws nothing: nothing to announce.
        let judged = try CommandRunner.run(["check", "--no-compare"], in: workspace)
        #expect(judged.status == 0 && judged.stderr == "", "\(judged.stderr)")
    }
}

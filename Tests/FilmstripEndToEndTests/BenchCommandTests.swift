import FilmstripTestSupport
import Foundation
import Testing

/// `filmstrip bench`, end to end. Speed is what the benchmark measures; these tests check only
/// that it measures and reports it (no timing assertions).
@Suite(.serialized) struct BenchCommandTests {
    @Test func benchPrintsOneJSONObjectWithTheRequiredFigures() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-cycle.json")])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let result = try CommandRunner.run(["bench", "--runs", "2", "--frames", "6", "--json"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["frames", "wallMs", "zlibOnlyMs", "ratioToZlib", "realTimeFactor", "bytesWritten", "peakRSSBytes", "runs"] {
            #expect(json[key] != nil, "bench JSON has \(key)")
        }
        #expect(json["frames"] as? Int == 6)
        #expect(json["frameIntervalMs"] as? Int == 100, "the reference plan is sampled every 100 ms")
        #expect(json["windowMs"] as? Int == 600)
        #expect((json["runs"] as? [Any])?.count == 2)
        #expect((json["wallMs"] as? Double ?? 0) > 0 && (json["zlibOnlyMs"] as? Double ?? 0) > 0)
        #expect((json["bytesWritten"] as? Int ?? 0) > 0 && (json["peakRSSBytes"] as? Int ?? 0) > 0)
        // The summary values are medians, and the second floor is creating the same files.
        #expect(json["summary"] as? String == "median")
        #expect((json["fileCreationMs"] as? Double ?? 0) > 0 && (json["ratioToFileCreation"] as? Double ?? 0) > 0)
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.map { $0["filesWritten"] as? Int } == [11, 11], "6 frames, the strip, the animation, the report, the index row and the contact sheet")
        let range = try #require(json["wallMsRange"] as? [Double])
        #expect(range.count == 2 && range[0] <= (json["wallMs"] as? Double ?? -1) && (json["wallMs"] as? Double ?? .infinity) <= range[1])
        #expect(json["peer"] == nil, "no peer unless --peer is given")
        // Its outputs went to a temporary folder, not to the workspace.
        #expect(CommandRunner.snapshot(workspace.appendingPathComponent("captures")).keys.sorted() == ["inbox-cycle.json"])
    }

    @Test func benchTableHasARowPerRunAndTheMedians() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let result = try CommandRunner.run(["bench", "--plan", "captures/inbox-pinned-empty.json", "--runs", "1"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("bench · captures/inbox-pinned-empty.json · 8 frames every 250 ms · window 2,000 ms") == true, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("1 ") } && lines.contains { $0.hasPrefix("median ") })
        #expect(result.stdout.contains("floor: zlib "))
        // Units say what they measure (MiB, not MB) and the summary row says it holds medians.
        #expect(lines[1].contains("peak RSS MiB") && !result.stdout.contains(" MB"), "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("median: the middle of the 1 run(s) in each column") })
        #expect(result.stdout.contains("memory: ") && result.stdout.contains(" MiB resident before the first run"))
        #expect(lines.contains { $0.hasPrefix("files: creating the 14 files the recording wrote") }, "8 frames, 1 still, strip, animation, report, index row, contact sheet")
    }

    @Test func benchRefusesBadCounts() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let result = try CommandRunner.run(["bench", "--runs", "0"], in: workspace)
        #expect(result.status == 2 && result.stderr.contains("bench: --runs expects a whole number from 1 to 100, found '0'"))
        // Int.max trapped on overflow when the window was stretched; a huge count ran for hours.
        for (count, shown) in [("9223372036854775807", "9223372036854775807"), ("99999999999999999999", "99999999999999999999"), ("100001", "100001")] {
            let huge = try CommandRunner.run(["bench", "--frames", count], in: workspace)
            #expect(huge.status == 2 && huge.stderr.contains("--frames expects a whole number from 1 to 100000, found '\(shown)'"), "\(huge.stderr)")
        }
        let inline = try CommandRunner.run(["bench", "--frames=100001"], in: workspace)
        #expect(inline.status == 2 && inline.stderr.contains("from 1 to 100000"))
        #expect(try CommandRunner.run(["bench", "--help"], in: workspace).stdout.contains("zlib-only ms"))
        // The peer script must exist before anything is recorded.
        let peer = try CommandRunner.run(["bench", "--peer", "no-such-peer.py"], in: workspace)
        #expect(peer.status == 2 && peer.stderr.contains("no-such-peer.py") && peer.stderr.contains("--peer expects a readable Python script"), "\(peer.stderr)")
    }
}

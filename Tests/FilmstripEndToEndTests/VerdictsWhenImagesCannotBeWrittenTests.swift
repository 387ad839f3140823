import FilmstripTestSupport
import FilmstripPNG
import Foundation
import Testing

/// End to end: when `check` cannot write its failure images (a read-only or
/// full folder; here a file where `.failures/` goes, since the tests run as root, for whom a
/// read-only mode is no obstacle), the verdict, the findings, `--json` and `--junit` still say
/// what differed, with a note that the images could not be written, and the exit code is the
/// verdict's: 1, not 2.
@Suite(.serialized) struct VerdictsWhenImagesCannotBeWrittenTests {
    @Test func aDifferenceIsStillReportedWhenItsImagesCannotBeWritten() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-failed.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let reference = workspace.appendingPathComponent("captures/inbox-pinned-failed/frames/0003.png")
        var changed = try PNGCodec.decode(Array(try Data(contentsOf: reference)))
        changed.setPixel(x: 5, y: 7, to: .white)
        try Data(try PNGCodec.encode(changed)).write(to: reference)
        let blocker = workspace.appendingPathComponent("captures/inbox-pinned-failed/.failures")
        try Data("in the way\n".utf8).write(to: blocker)
        let before = CommandRunner.snapshot(workspace)

        let result = try CommandRunner.run(["check", "--json", "--junit", "junit.xml"], in: workspace)
        #expect(result.status == 1, "\(result.stderr)")
        let why = "captures/inbox-pinned-failed/.failures: cannot write output: captures/inbox-pinned-failed/.failures is a file, not a folder"
        #expect(result.stderr.contains("""
              recorded outputs: 1 mismatch(es); re-record with: filmstrip record captures/inbox-pinned-failed.json; the failure images could not be written
                time unchanged: every dwell, flash, held-back and blank time is as recorded
                first differing frame: 3 at 750 ms (its image; phase and depictions as recorded)
                mismatch: captures/inbox-pinned-failed/frames/0003.png: 1 pixels differ from a fresh render, within x 5…5, y 7…7
                note: the failure images could not be written (\(why)); every difference is listed above

            """), "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["exitCode"] as? Int == 1)
        #expect(document["error"] == nil)
        let plans = try #require(document["plans"] as? [[String: Any]])
        #expect(plans.count == 1)
        let outputs = try #require(plans.first?["recordedOutputs"] as? [String: Any])
        #expect(outputs["state"] as? String == "mismatched")
        #expect(outputs["mismatches"] as? [String] == ["captures/inbox-pinned-failed/frames/0003.png: 1 pixels differ from a fresh render, within x 5…5, y 7…7"])
        #expect(outputs["imagesNotWritten"] as? String == why)
        let junit = try String(contentsOf: workspace.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="2" failures="1" errors="0""#), "\(junit)")
        #expect(junit.contains("recordedOutputs: captures/inbox-pinned-failed/frames/0003.png: 1 pixels differ from a fresh render, within x 5…5, y 7…7"), "\(junit)")
        #expect(!junit.contains("badInput"))
        // Nothing else changed: the file in the way is as it was.
        var after = CommandRunner.snapshot(workspace)
        after["junit.xml"] = nil
        #expect(after == before)
    }
}

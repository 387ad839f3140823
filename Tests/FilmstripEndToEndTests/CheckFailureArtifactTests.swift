import FilmstripTestSupport
import FilmstripPNG
import FilmstripRaster
import Foundation
import Testing

/// `filmstrip check` writes, for each recorded image that no longer matches, the fresh render and
/// a difference image into `DIR/<plan>/.failures/`, prints their paths, and clears them again
/// once everything matches.
@Suite(.serialized) struct CheckFailureArtifactTests {
    @Test func aChangedPixelLeavesTheFreshAndDifferenceImagesAndPrintsTheirPaths() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-failed.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let reference = workspace.appendingPathComponent("captures/inbox-pinned-failed/frames/0003.png")
        let original = try PNGCodec.decode(Array(try Data(contentsOf: reference)))
        var changed = original
        changed.setPixel(x: 5, y: 7, to: .white)
        try Data(try PNGCodec.encode(changed)).write(to: reference)
        // The report records the drifted pixels too (as an old recording of other code would):
        // check compares pixelsSHA256 first and decodes an image only when the digests differ.
        let report = workspace.appendingPathComponent("captures/inbox-pinned-failed/report.json")
        let digest = try #require(String(decoding: try Data(contentsOf: report), as: UTF8.self).firstMatch(of: try Regex(#""file" : "frames/0003.png",\s*"index" : 3,\s*"panels" : \[[^\]]*\],\s*"phase" : "[a-z]+",\s*(?:"phaseDetail" : "[^"]*",\s*)?"pixelsSHA256" : "([0-9a-f]{64})""#))?.output[1].substring)
        let recordedReport = try Data(contentsOf: report)
        let edited = String(decoding: recordedReport, as: UTF8.self).replacingOccurrences(of: String(digest), with: PixelDigest.sha256(of: changed, scale: 1))
        try Data(edited.utf8).write(to: report)

        let drifted = try CommandRunner.run(["check"], in: workspace)
        #expect(drifted.status == 1)
        #expect(drifted.stdout.contains("""
                mismatch: captures/inbox-pinned-failed/frames/0003.png: 1 pixels differ from a fresh render, within x 5…5, y 7…7
                  fresh: captures/inbox-pinned-failed/.failures/frames/0003.fresh.png
                  difference: captures/inbox-pinned-failed/.failures/frames/0003.difference.png
            """), "\(drifted.stdout)")
        let failures = workspace.appendingPathComponent("captures/inbox-pinned-failed/.failures")
        let fresh = try PNGCodec.decode(Array(try Data(contentsOf: failures.appendingPathComponent("frames/0003.fresh.png"))))
        #expect(fresh == original)
        let difference = try PNGCodec.decode(Array(try Data(contentsOf: failures.appendingPathComponent("frames/0003.difference.png"))))
        #expect(difference.pixel(x: 5, y: 7) == Color(hex: 0xFF00FF))
        #expect(difference.pixel(x: 3, y: 5) == Color(hex: 0xFFFF00))

        // Accept the fresh render: the next check passes, removes the artifacts, and writes nothing else.
        try FileManager.default.removeItem(at: reference)
        try FileManager.default.copyItem(at: failures.appendingPathComponent("frames/0003.fresh.png"), to: reference)
        try recordedReport.write(to: report)
        let clean = try CommandRunner.run(["check"], in: workspace)
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(!FileManager.default.fileExists(atPath: failures.path))
        let before = CommandRunner.snapshot(workspace)
        #expect(try CommandRunner.run(["check"], in: workspace).status == 0)
        #expect(CommandRunner.snapshot(workspace) == before)
    }
}

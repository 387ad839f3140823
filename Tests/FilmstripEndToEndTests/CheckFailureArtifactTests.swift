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

        // Accept the fresh render by recording again: the next check passes, the artifacts are
        // gone, and a further check writes nothing.
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let clean = try CommandRunner.run(["check"], in: workspace)
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(!FileManager.default.fileExists(atPath: failures.path))
        let before = CommandRunner.snapshot(workspace)
        #expect(try CommandRunner.run(["check"], in: workspace).status == 0)
        #expect(CommandRunner.snapshot(workspace) == before)
    }
}

/// A hostile run found that a `.failures` folder replaced by a symbolic link let `check` and
/// `record` remove (and write) files outside the output folder, through the link.
@Suite(.serialized) struct FailureFolderLinkTests {
    @Test func aLinkedFailuresFolderIsRefusedAndNothingOutsideIsTouched() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let victim = workspace.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try Data("precious\n".utf8).write(to: victim.appendingPathComponent("important.txt"))
        try Data("important.txt\n".utf8).write(to: victim.appendingPathComponent(".filmstrip-failures"))
        let link = workspace.appendingPathComponent("captures/inbox-pinned-empty/.failures")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../victim")
        for command in ["check", "record"] {
            let result = try CommandRunner.run([command], in: workspace)
            #expect(result.status == 2, "\(command): \(result.stdout)")
            #expect(result.stderr.contains("captures/inbox-pinned-empty/.failures is a symbolic link"), "\(command): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: victim.appendingPathComponent("important.txt").path), "\(command) removed a file outside")
            #expect(FileManager.default.fileExists(atPath: victim.appendingPathComponent(".filmstrip-failures").path), "\(command) removed a file outside")
        }
    }
}

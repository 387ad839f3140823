import FilmstripCore
import FilmstripSeedBenches
import FilmstripPNG
import FilmstripRaster
import FilmstripTestSupport
import Foundation
import Testing

/// The optimised recording path (1× palette indexing, parallel batches, repeats written from
/// bytes already encoded) against the straightforward one, end to end through the built binary.
@Suite(.serialized) struct OptimisedOutputTests {
    static let plan = CommandRunner.fixtures.appendingPathComponent("repeated-stills.json")

    static let font = TestSupport.font

    /// One `filmstrip record` of the plan, made by the first test that needs it and only read
    /// (never changed) by the tests that share it: a recording of this plan costs seconds.
    struct Recording: Sendable {
        var workspace: URL
        var result: CommandRunner.Result
        var files: [String: Data]
    }

    static let sharedRecording = Result { () throws -> Recording in
        let workspace = try CommandRunner.workspace(plans: [plan])
        let result = try CommandRunner.run(["record"], in: workspace)
        return Recording(workspace: workspace, result: result, files: CommandRunner.snapshot(workspace.appendingPathComponent("captures")))
    }

    static func recording() throws -> Recording {
        let recording = try sharedRecording.get()
        #expect(recording.result.status == 0, "\(recording.result.stderr)")
        return recording
    }

    @Test func everyWrittenFrameHasThePixelsOfTheStraightforwardRGBAEncoding() throws {
        let folder = try Self.recording().workspace.appendingPathComponent("captures/repeated-stills")

        let plan = try CapturePlan(json: try Data(contentsOf: Self.plan), name: "repeated-stills", benches: [.inbox, .scenes, .orders])
        let run = try (plan).run(clock: .virtual)
        let images = run.frames.map { (OutputLayoutName.frame($0.index), $0) } + run.stills.map { (OutputLayoutName.still($0.name), $0.frame) }
        #expect(images.count == 64)
        for (path, frame) in images {
            let written = try Data(contentsOf: folder.appendingPathComponent(path))
            #expect(written[25] == 3, "\(path) is a palette PNG")
            // The straightforward encoding: the 2× RGBA canvas, no filter, level 6, no palette.
            let canvas = try #require(run.render(frame, font: Self.font)?.canvas)
            let plain = try PNGCodec.encode(canvas, settings: .plainRGBA)
            #expect(plain[25] == 6)
            let expected = try PNGCodec.decode(plain)
            #expect(try PNGCodec.decode(Array(written)) == expected, "\(path): identical pixels")
        }
    }

    @Test func recordingIsByteIdenticalFromRunToRunWithParallelEncodingAndRepeats() throws {
        // Three recordings: the shared one and two of this test's own.
        var snapshots: [[String: Data]] = [try Self.recording().files]
        for _ in 0..<2 {
            let workspace = try CommandRunner.workspace(plans: [Self.plan])
            defer { try? FileManager.default.removeItem(at: workspace) }
            let result = try CommandRunner.run(["record"], in: workspace)
            #expect(result.status == 0, "\(result.stderr)")
            snapshots.append(CommandRunner.snapshot(workspace.appendingPathComponent("captures")))
        }
        #expect(snapshots[0].count == 60 + 4 + 1 + 1 + 1 + 1 + 2 + 1 + 1, "frames, stills, strip, animation, report, index row, two pages, plan, the lock file")
        for snapshot in snapshots.dropFirst() {
            #expect(snapshot.keys.sorted() == snapshots[0].keys.sorted())
            for (path, bytes) in snapshots[0] { #expect(snapshot[path] == bytes, "\(path) changed between runs") }
        }
        // Stills taken at frame instants are those frames: written from the same bytes.
        let files = snapshots[0]
        #expect(files["repeated-stills/stills/first.png"] == files["repeated-stills/frames/0000.png"])
        #expect(files["repeated-stills/stills/empty.png"] == files["repeated-stills/frames/0025.png"])
        #expect(files["repeated-stills/stills/last.png"] == files["repeated-stills/frames/0059.png"])

        // bench counts them: three repeats, on every run.
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let bench = try CommandRunner.run(["bench", "--plan", "captures/repeated-stills.json", "--runs", "2", "--json"], in: workspace)
        #expect(bench.status == 0, "\(bench.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bench.stdout.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.map { $0["repeatedImages"] as? Int } == [3, 3])
        #expect(runs.map { $0["paletteImages"] as? Int } == [62, 62], "61 distinct frames and stills, and the strip")
    }

    @Test func checkDrawsNoPixelsUnlessACheckNeedsThem() throws {
        // A font with one glyph: drawing anything with it reports the code points it lacks, so the
        // warning shows exactly when something was drawn.
        let font = CommandRunner.fixtures.appendingPathComponent("only-a.bdf").path
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let unrecorded = try CommandRunner.run(["check", "--font", font, "--allow-unrecorded"], in: workspace)
        #expect(unrecorded.status == 0, "nothing recorded to compare: \(unrecorded.stderr)")
        #expect(unrecorded.stdout.contains("recorded outputs: none in captures/repeated-stills/ (allowed by --allow-unrecorded)"))
        #expect(!unrecorded.stderr.contains("has no glyph"), "nothing was drawn")

        // As `record` leaves it: the shared recording's outputs, copied in.
        let recorded = try Self.recording().workspace.appendingPathComponent("captures")
        for name in try FileManager.default.contentsOfDirectory(atPath: recorded.path) where !name.hasSuffix(".json") {
            try FileManager.default.copyItem(at: recorded.appendingPathComponent(name), to: workspace.appendingPathComponent("captures/\(name)"))
        }
        let judged = try CommandRunner.run(["check", "--no-compare", "--font", font], in: workspace)
        #expect(judged.status == 0, "coverage and dominance need no pixels: \(judged.stderr)")
        #expect(!judged.stderr.contains("has no glyph"), "nothing was drawn")
        let compared = try CommandRunner.run(["check", "--font", font], in: workspace)
        #expect(compared.status == 1, "comparing recorded images does draw, and with this font they differ")
        #expect(compared.stderr.contains("only-a.bdf has no glyph for"))
    }
}

/// Output file names, spelled out here so the test does not lean on the code it checks.
enum OutputLayoutName {
    static func frame(_ index: Int) -> String { String(format: "frames/%04d.png", index) }
    static func still(_ name: String) -> String { "stills/\(name).png" }
}

@testable import FilmstripOutputs
import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import FilmstripSeedBenches
import Foundation
import Testing

/// The library API under `record`, `check` and `assertFilmstrip`: a plan recorded into a folder
/// and compared with a fresh run, with typed mismatches.
@Suite struct PlanOutputsTests {
    /// Four frames at 1×: loading at 0 and 250 ms, the rows at 500 and 750 ms; seven files.
    static func plan() throws -> CapturePlan {
        try CapturePlan(
            name: "tiny", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: 400, holdMs: 1000)]),
            mode: .pinned, windowMs: 1000, frameIntervalMs: 250, scale: 1, expect: CapturePlan.Expectations(minFrames: ["loaded": 1]))
    }

    static func root() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-outputs-\(ProcessInfo.processInfo.processIdentifier)/\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    @Test func theBundledFontIsMiscFixedSixByThirteen() throws {
        let font = try BitmapFont.bundled()
        #expect(font.width(of: "PAID") == 24)
        #expect(BitmapFont.bundledFile?.lastPathComponent == "6x13.bdf")
        #expect(throws: FilmstripError.self) { try BitmapFont.bdf(file: "/nonexistent/font.bdf") }
    }

    @Test func nothingRecordedIsSaidSoAndNothingIsWritten() throws {
        let root = try Self.root()
        let comparison = try PlanOutputs(plan: try Self.plan(), root: root, font: .bundled()).compare()
        #expect(comparison.recorded == .nothing)
        #expect(comparison.mismatches.isEmpty)
        #expect(!comparison.matches)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }

    @Test func aRecordingMatchesAndAChangedPixelIsOneTypedMismatchWithItsArtifacts() throws {
        let root = try Self.root()
        let outputs = PlanOutputs(plan: try Self.plan(), root: root, font: try .bundled())
        let recording = try outputs.record()
        #expect(recording.passed)
        #expect(recording.fileCount == 9)
        // A recording from code writes only the plan's folder: the index across plans is the
        // command line's, which knows every bench of the root.
        #expect(!FileManager.default.fileExists(atPath: "\(root)/index.html"))
        #expect(try outputs.compare().matches)

        let frame = URL(fileURLWithPath: "\(outputs.folder)/frames/0002.png")
        var canvas = try PNGCodec.decode(Array(try Data(contentsOf: frame)))
        let fresh = canvas.pixel(x: 40, y: 60)!
        canvas.setPixel(x: 40, y: 60, to: .white)
        try Data(try PNGCodec.encode(canvas)).write(to: frame)

        let comparison = try outputs.compare()
        #expect(comparison.recorded == .files(9))
        #expect(comparison.mismatches.count == 1)
        let mismatch = try #require(comparison.mismatches.first)
        #expect(mismatch.file == "frames/0002.png")
        #expect(mismatch.source == .frame(index: 2, tMs: 500))
        #expect(mismatch.moment == "frame 2 at 500 ms")
        #expect(mismatch.problem == .pixelsDiffer(OutputMismatch.PixelMismatch(
            count: 1, first: Point(x: 40, y: 60), recordedColor: .white, freshColor: fresh, bounds: Rect(x: 40, y: 60, width: 1, height: 1))))
        #expect(mismatch.description == "\(outputs.folder)/frames/0002.png: 1 pixels differ from a fresh render, within x 40…40, y 60…60")
        #expect(mismatch.artifacts == OutputMismatch.Artifacts(
            reference: "\(outputs.folder)/frames/0002.png",
            fresh: "\(outputs.failuresFolder)/frames/0002.fresh.png",
            difference: "\(outputs.failuresFolder)/frames/0002.difference.png"))
        #expect(FileManager.default.fileExists(atPath: "\(outputs.failuresFolder)/frames/0002.difference.png"))

        // Recording again makes the failure images obsolete: they go, with their folder.
        try outputs.record()
        #expect(!FileManager.default.fileExists(atPath: outputs.failuresFolder))
        #expect(try outputs.compare().matches)
    }

    @Test func aChangedReportIsADocumentMismatchNamingTheLine() throws {
        let root = try Self.root()
        let outputs = PlanOutputs(plan: try Self.plan(), root: root, font: try .bundled())
        try outputs.record()
        let report = "\(outputs.folder)/report.json"
        var lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[5].hasPrefix("      \"message\" : "))
        lines[5] = "      \"message\" : \"edited by hand\","
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: report))
        let mismatches = try outputs.compare(writingFailures: false).mismatches
        #expect(mismatches.map(\.file) == ["report.json"])
        #expect(mismatches.first?.source == .other)
        guard case .documentDiffers(let line, _)? = mismatches.first?.problem else {
            Issue.record("expected a document mismatch, found \(mismatches)")
            return
        }
        #expect(line == 6)
        #expect(mismatches.first?.artifacts == nil)
    }
}

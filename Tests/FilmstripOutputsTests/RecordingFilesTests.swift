@testable import FilmstripOutputs
import FilmstripCore
import FilmstripReports
import FilmstripSeedBenches
import Foundation
import Testing

/// The files a recording writes and an earlier one wrote, named without listing a long run's
/// frames in memory (flat memory to 100,000 frames).
@Suite struct RecordingFilesTests {
    static func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func frameFilesAreParsedExactly() {
        #expect(RecordingFiles.frameIndex("frames/0000.png") == 0)
        #expect(RecordingFiles.frameIndex("frames/0042.png") == 42)
        #expect(RecordingFiles.frameIndex("frames/99999.png") == 99_999)
        #expect(RecordingFiles.frameIndex("frames/42.png") == nil, "not zero-padded as filmstrip names it")
        #expect(RecordingFiles.frameIndex("frames/00042.png") == nil)
        #expect(RecordingFiles.frameIndex("frames/-001.png") == nil)
        #expect(RecordingFiles.frameIndex("frames/0001.png.bak") == nil)
        #expect(RecordingFiles.frameIndex("stills/0001.png") == nil)
    }

    @Test func aRecordingsFilesAreItsReportsWrittenFiles() throws {
        let plan = try CapturePlan(json: Data("""
            {"bench":"inbox","windowMs":2000,"frameIntervalMs":500,"stills":[{"name":"after","atMs":1500,"scales":[1,2]}],
             "script":[{"reply":"loaded","latencyMs":700}]}
            """.utf8), name: "files", benches: [.inbox])
        let run = try plan.run(clock: .virtual)
        let analysis = Analysis(run)
        let whole = RunReport(run: run, analysis: analysis, lint: [], renderedStills: [], withFiles: true)
        let files = RecordingFiles(run: run, skeleton: RunReport(run: run, analysis: analysis, lint: [], renderedStills: [], withFiles: true, frameRows: false))
        #expect(Array(files) == whole.writtenFiles)
        #expect(Array(files).prefix(4) == ["frames/0000.png", "frames/0001.png", "frames/0002.png", "frames/0003.png"])
        for path in whole.writtenFiles { #expect(files.contains(path), "\(path)") }
        #expect(!files.contains("frames/0004.png"), "one frame past the run")
        #expect(!files.contains("stills/other.png"))
    }

    @Test func anEarlierReportsFilesAreReadRowByRowOrWholeWhenCompact() throws {
        let folder = try Self.folder("file-list")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = try CapturePlan(json: Data("""
            {"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"stills":[{"name":"half_way-2","atMs":500,"scales":[1,2]}],
             "script":[{"reply":"empty","latencyMs":300}]}
            """.utf8), name: "list", benches: [.inbox])
        let run = try plan.run(clock: .virtual)
        let report = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: true)
        let path = "\(folder)/report.json"
        try report.jsonData().write(to: URL(fileURLWithPath: path))
        func listed() -> [String]? { ((try? RecordedReport.open(path: path)) ?? nil).map { Array($0.writtenFiles) } }
        #expect(listed() == report.writtenFiles)
        #expect(report.writtenFiles.contains("stills/half_way-2@2x.png"))
        // Rewritten compactly by another tool: small, so decoded whole.
        let object = try JSONSerialization.jsonObject(with: report.jsonData())
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        #expect(listed() == report.writtenFiles)
        // Not a report: nothing named, so nothing removed on its word.
        try Data("{\"file\" : \"frames/0000.png\"}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(listed() == nil)
        #expect(try RecordedReport.open(path: "\(folder)/missing.json") == nil)
    }

    @Test func repeatsAreRememberedForTheLastDistinctImagesOnly() {
        var recent = FrameWriter.RecentImages()
        for key in 0..<FrameWriter.rememberedImages { recent.remember(key, path: "frames/\(key).png") }
        #expect(recent.path(of: 0) == "frames/0.png")
        recent.remember(0, path: "frames/again.png")
        #expect(recent.path(of: 0) == "frames/0.png", "the first image with a key keeps it")
        recent.remember(FrameWriter.rememberedImages, path: "frames/new.png")
        #expect(recent.path(of: 0) == nil, "the oldest is forgotten")
        #expect(recent.path(of: 1) == "frames/1.png")
        #expect(recent.path(of: FrameWriter.rememberedImages) == "frames/new.png")
        recent.remember(FrameWriter.rememberedImages + 1, path: "frames/newer.png")
        #expect(recent.path(of: 1) == nil)
        #expect(recent.path(of: 2) == "frames/2.png")
    }
}

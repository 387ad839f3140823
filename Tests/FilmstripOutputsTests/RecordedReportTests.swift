@testable import FilmstripOutputs
import FilmstripCore
import FilmstripReports
import FilmstripSeedBenches
import Foundation
import Testing

/// A recorded report read in pieces by `check`: the skeleton, the rows one at a time, the files,
/// and the digests of the frames as they are asked for (memory stays flat).
@Suite struct RecordedReportTests {
    static func report(windowMs: Int = 3000, frames: Bool = true) throws -> RunReport {
        let plan = try CapturePlan(json: Data("""
            {"bench":"inbox","windowMs":\(windowMs),"frameIntervalMs":250,"stills":[{"name":"after","atMs":500,"scales":[1,2]}],
             "script":[{"reply":"failed","latencyMs":700,"message":"timed out"},{"reply":"empty","latencyMs":400}]}
            """.utf8), name: "recorded", benches: [.inbox])
        let run = try plan.run(clock: .virtual)
        let digest = { (index: Int, salt: Int) in String(repeating: String((index + salt) % 10), count: 64) }
        return RunReport(
            run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: true,
            pixelDigests: Dictionary(uniqueKeysWithValues: run.frames.map { ($0.index, digest($0.index, 0)) }),
            fileDigests: Dictionary(uniqueKeysWithValues: run.frames.map { (OutputLayout.framePath($0.index), digest($0.index, 3)) }))
    }

    static func write(_ data: Data, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-recorded-\(getpid())-\(name)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Lines across the reader's 64 KiB reads, an empty line, and a last line without a newline,
    /// each with the byte offset of the line after it.
    @Test func theLineReaderGivesEveryLineAndItsOffsetAcrossReads() throws {
        let long = String(repeating: "x", count: 70_000)
        let text = "first\n\n\(long)\nshort\nlast"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("line-reader-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let reader = try #require(LineReader(path: file, offset: 0))
        var lines: [(String, UInt64)] = []
        while let line = reader.next() { lines.append((String(decoding: line, as: UTF8.self), reader.offset)) }
        #expect(lines.map(\.0) == ["first", "", long, "short", "last"])
        #expect(lines.map(\.1) == [6, 7, 70_008, 70_014, 70_018])
        let resumed = try #require(LineReader(path: file, offset: 70_008))
        #expect(resumed.next().map { String(decoding: $0, as: UTF8.self) } == "short")
    }

    @Test func aReportInFilmstripsLayoutIsReadRowByRow() throws {
        let report = try Self.report()
        let path = try Self.write(report.jsonData(), "pretty.json")
        defer { unlink(path) }
        let recorded = try #require(try RecordedReport.open(path: path))
        var skeleton = report
        skeleton.frames = []
        #expect(recorded.skeleton == skeleton)
        #expect(recorded.frameCount == 12)
        #expect(Array(recorded.rows()) == report.frames.map(RecordedReport.RowDigests.init(of:)))
        #expect(Array(recorded.writtenFiles) == report.writtenFiles)
        #expect(recorded.writtenFileCount == report.writtenFiles.count)
        for file in report.writtenFiles { #expect(recorded.lists(file), "\(file)") }
        #expect(!recorded.lists("frames/0012.png"))
        #expect(!recorded.lists("notes.txt"))
    }

    /// Rows whose files need escapes in JSON (a quote, a backslash, a control character) or are
    /// not ASCII are read as a JSON decoder reads them, whichever way each row is taken.
    @Test func rowsWithOddFileNamesReadAsTheDecoderReadsThem() throws {
        var report = try Self.report()
        let names = ["frames/\"quoted\".png", "frames\\back.png", "frames/tab\t.png", "frames/é😀.png", "frames/a/b.png", "frames/\u{2028}.png"]
        for (offset, name) in names.enumerated() { report.frames[offset].file = name }
        report.frames[names.count].file = nil
        report.frames[names.count + 1].pixelsSHA256 = nil
        let path = try Self.write(report.jsonData(), "odd-names.json")
        defer { unlink(path) }
        let recorded = try #require(try RecordedReport.open(path: path))
        #expect(Array(recorded.rows()) == report.frames.map(RecordedReport.RowDigests.init(of:)))
    }

    /// The lines read without decoding: what each gives, and nil (decode the row instead) for
    /// anything written otherwise than filmstrip writes it.
    @Test func aRowsPlainKeyLinesAreReadOrRefused() {
        func plain(_ lines: [String]) -> RecordedReport.RowDigests? {
            RecordedReport.RowDigests.plain(keyLines: lines.map { Data($0.utf8) })
        }
        let hex = String(repeating: "ab", count: 32)
        let row = plain(["      \"dropped\" : false,", "      \"file\" : \"frames/0007.png\",", "      \"index\" : 7,", "      \"pixelsSHA256\" : \"\(hex)\",", "      \"tMs\" : 70"])
        #expect(row?.index == 7)
        #expect(row?.file == "frames/0007.png")
        #expect(row?.pixelsSHA256 == hex)
        #expect(row?.fileSHA256 == nil)
        #expect(plain(["      \"index\" : 0"])?.index == 0)
        #expect(plain(["      \"index\" : 12345"])?.index == 12345)
        // Refused: no index; a number JSON does not allow or filmstrip does not write; a key twice;
        // null; an escape; a string not closed.
        #expect(plain(["      \"file\" : \"frames/0000.png\""]) == nil)
        for index in ["01", "-1", "1.0", "1e3", "", "x", "99999999999999999999"] {
            #expect(plain(["      \"index\" : \(index),"]) == nil, "\(index)")
        }
        #expect(plain(["      \"index\" : 1,", "      \"index\" : 2,"]) == nil)
        #expect(plain(["      \"index\" : 1,", "      \"file\" : null,"]) == nil)
        #expect(plain(["      \"index\" : 1,", "      \"file\" : \"a\\/b\","]) == nil)
        #expect(plain(["      \"index\" : 1,", "      \"file\" : \"a,"]) == nil)
        #expect(plain(["      \"index\" : 1,", "      \"file\" : \"a\"b\","]) == nil)
        #expect(plain(["      \"index\" : 1,", "      \"fileSHA256\" : \"x\",", "      \"fileSHA256\" : \"y\""]) == nil)
        // A key line with no key before its separator (it crashed the first version of the reader).
        #expect(plain(["      \" : 1,", "      \"index\" : 1,"]) == nil)
        #expect(plain(["      \"index\" : 1,", "      \"\" : 2,"])?.index == 1)
    }

    @Test func aCompactReportIsDecodedWholeAndGarbageIsNoReport() throws {
        let report = try Self.report()
        let object = try JSONSerialization.jsonObject(with: report.jsonData())
        let path = try Self.write(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), "compact.json")
        defer { unlink(path) }
        let recorded = try #require(try RecordedReport.open(path: path))
        #expect(Array(recorded.rows()) == report.frames.map(RecordedReport.RowDigests.init(of:)))
        #expect(recorded.frameCount == report.frames.count)
        try Data("{\"frames\" : [\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try RecordedReport.open(path: path) == nil)
        #expect(try RecordedReport.open(path: "\(path).missing") == nil)
    }

    @Test func aReportWithoutFramesHasNoRows() throws {
        var report = try Self.report()
        report.frames = []
        let path = try Self.write(report.jsonData(), "empty.json")
        defer { unlink(path) }
        let recorded = try #require(try RecordedReport.open(path: path))
        #expect(recorded.frameCount == 0)
        #expect(Array(recorded.rows()).isEmpty)
        #expect(recorded.skeleton == report)
    }

    /// Frames are asked for in order by batch and in any order within one; a frame the report
    /// lacks gives no digests; rows read ahead wait only until asked for.
    @Test func digestsAreGivenAsFramesAreAskedFor() throws {
        let report = try Self.report(windowMs: 6000)
        let path = try Self.write(report.jsonData(), "digests.json")
        defer { unlink(path) }
        let digests = RecordedDigests(report: try #require(try RecordedReport.open(path: path)))
        for batch in [[2, 0, 1], [5, 3, 4], [9, 6], [10, 11, 12, 13]] {
            for index in batch {
                let row = report.frames[index]
                let given = digests.digests(of: OutputLayout.framePath(index))
                #expect(given.pixels == row.pixelsSHA256 && given.file == row.fileSHA256, "frame \(index)")
            }
        }
        let late = digests.digests(of: OutputLayout.framePath(7))
        #expect(late.pixels == report.frames[7].pixelsSHA256 && late.file == report.frames[7].fileSHA256, "read ahead, waiting until asked for")
        #expect(digests.digests(of: OutputLayout.framePath(24)).pixels == nil, "past the last row")
        #expect(digests.digests(of: "stills/after.png").pixels == nil)
    }
}

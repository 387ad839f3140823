@testable import FilmstripOutputs
import FilmstripPNG
import FilmstripRaster
import Foundation
import Testing

/// `record`'s image sink: an image identical to one already written is written again from its
/// encoded bytes, within a batch and across batches, and only then.
@Suite struct FrameWriterTests {
    /// A fresh folder under the temporary directory; each test removes it when done.
    static func folder() throws -> OutputFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-writer-\(UUID().uuidString)")
        let folder = OutputFolder(path: url.path)
        try folder.prepare(subfolders: ["frames"])
        return folder
    }

    static func canvas(marked x: Int) -> Canvas {
        var canvas = Canvas(width: 20, height: 10, background: .black)
        canvas.setPixel(x: x, y: 3, to: .white)
        return canvas
    }

    @Test func aRepeatInTheSameBatchIsWrittenFromTheFirstImagesBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let writer = FrameWriter(folder: folder)
        let batch = [
            writer.prepare("frames/0000.png", Self.canvas(marked: 1), scale: 2, pixelsSHA256: nil),
            writer.prepare("frames/0001.png", Self.canvas(marked: 2), scale: 2, pixelsSHA256: nil),
            writer.prepare("frames/0002.png", Self.canvas(marked: 1), scale: 2, pixelsSHA256: nil),
            writer.prepare("frames/0003.png", Self.canvas(marked: 1), scale: 3, pixelsSHA256: nil),
        ]
        try writer.finish(batch)
        try writer.finishAll()
        #expect(writer.statistics == FrameWriter.Statistics(palette: 3, rgba: 0, repeated: 1, bytes: writer.statistics.bytes))
        #expect(folder.read("frames/0002.png") == folder.read("frames/0000.png"))
        #expect(folder.read("frames/0003.png") != folder.read("frames/0000.png"), "another scale is another image")
        for (path, marked, scale) in [("frames/0000.png", 1, 2), ("frames/0001.png", 2, 2), ("frames/0002.png", 1, 2), ("frames/0003.png", 1, 3)] {
            let decoded = try PNGCodec.decode(Array(try #require(folder.read(path))))
            #expect(decoded == Self.canvas(marked: marked).scaled(by: scale), "\(path)")
        }
    }

    /// `prepare` encodes the first image of each key on the core that drew it and hands it to
    /// the write queue; which of two equal images that is depends on timing, so here the later
    /// one is prepared first. The files and the counts come out as in output order.
    @Test func prepareWritesTheFirstImageOfAKeyAndCountsFollowOutputOrder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let writer = FrameWriter(folder: folder)
        let later = writer.prepare("frames/0002.png", Self.canvas(marked: 7), scale: 2, pixelsSHA256: nil)
        let other = writer.prepare("frames/0001.png", Self.canvas(marked: 3), scale: 2, pixelsSHA256: nil)
        let earlier = writer.prepare("frames/0000.png", Self.canvas(marked: 7), scale: 2, pixelsSHA256: nil)
        #expect(later.encoded != nil && other.encoded != nil)
        #expect(earlier.encoded == nil, "its key was claimed by the image prepared before it")
        // Before finish: the two images prepare encoded are on their way to the disk.
        try writer.finishAll()
        #expect(folder.read("frames/0002.png") != nil && folder.read("frames/0001.png") != nil)
        #expect(folder.read("frames/0000.png") == nil)

        try writer.finish([earlier, other, later])
        try writer.finishAll()
        let bytes = try #require(folder.read("frames/0000.png"))
        #expect(folder.read("frames/0002.png") == bytes)
        #expect(writer.statistics == FrameWriter.Statistics(palette: 2, rgba: 0, repeated: 1, bytes: writer.statistics.bytes))
        #expect(writer.statistics.bytes == 2 * bytes.count + (folder.read("frames/0001.png")?.count ?? 0))
        #expect(writer.takeFileDigest("frames/0000.png") == PixelDigest.sha256(Array(bytes)))
        #expect(writer.takeFileDigest("frames/0002.png") == PixelDigest.sha256(Array(bytes)))
        #expect(try PNGCodec.decode(Array(bytes)) == Self.canvas(marked: 7).scaled(by: 2))
    }

    @Test func aRepeatOfAnEarlierBatchIsConfirmedAgainstItsFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let writer = FrameWriter(folder: folder)
        try writer.finish([writer.prepare("frames/0000.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil)])
        try writer.finishAll()
        try writer.finish([
            writer.prepare("frames/0001.png", Self.canvas(marked: 5), scale: 1, pixelsSHA256: nil),
            writer.prepare("frames/0002.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil),
        ])
        try writer.finishAll()
        #expect(writer.statistics.palette == 2 && writer.statistics.repeated == 1)
        #expect(folder.read("frames/0002.png") == folder.read("frames/0000.png"))

        // If the earlier file no longer holds that image, the repeat is encoded, not copied.
        try Data(try PNGCodec.encode(Self.canvas(marked: 9))).write(to: URL(fileURLWithPath: "\(folder.path)/frames/0000.png"))
        try writer.finish([writer.prepare("frames/0003.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil)])
        try writer.finishAll()
        #expect(writer.statistics.palette == 3 && writer.statistics.repeated == 1)
        #expect(try PNGCodec.decode(Array(try #require(folder.read("frames/0003.png")))) == Self.canvas(marked: 4))
    }

    /// Two repeats of an earlier batch's image in one batch: the first is confirmed from its
    /// file, the second copies it, and both files' bytes are counted.
    @Test func aCopyOfAConfirmedRepeatCountsItsBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let writer = FrameWriter(folder: folder)
        try writer.finish([writer.prepare("frames/0000.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil)])
        try writer.finishAll()
        let earlier = try #require(folder.read("frames/0000.png"))
        #expect(writer.statistics.bytes == earlier.count)
        try writer.finish([
            writer.prepare("frames/0001.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil),
            writer.prepare("frames/0002.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil),
        ])
        try writer.finishAll()
        #expect(folder.read("frames/0001.png") == earlier && folder.read("frames/0002.png") == earlier)
        #expect(writer.statistics == FrameWriter.Statistics(palette: 1, rgba: 0, repeated: 2, bytes: 3 * earlier.count))
    }

    @Test func imagesWithMoreThan256ColoursAreWrittenAsRGBA() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let writer = FrameWriter(folder: folder)
        var canvas = Canvas(width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 { canvas.setPixel(x: x, y: y, to: Color(red: UInt8(x), green: UInt8(y), blue: 1)) }
        }
        try writer.finish([writer.prepare("frames/0000.png", canvas, scale: 2, pixelsSHA256: nil)])
        try writer.finishAll()
        #expect(writer.statistics.rgba == 1 && writer.statistics.palette == 0)
        #expect(try PNGCodec.decode(Array(try #require(folder.read("frames/0000.png")))) == canvas.scaled(by: 2))
    }

    /// The names of filmstrip's temporary files under `folder`, recursively.
    static func temporaries(in folder: OutputFolder) -> [String] {
        let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return names.filter { $0.split(separator: "/").last.map { AtomicFile.isTemporary(String($0)) } ?? false }
    }

    /// Files are written under temporary names and renamed a commit at a time: the repeat of an
    /// earlier batch's image is confirmed from that file although no ``FrameWriter/finishAll()``
    /// came between (``FrameWriter/finish(_:)`` commits first), and once every image is written
    /// (more than one commit's worth) every name holds its file and no temporary file is left.
    @Test func filesAreRenamedACommitAtATimeAndAConfirmedRepeatReadsItsFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let writer = FrameWriter(folder: folder)
        try writer.finish([writer.prepare("frames/0000.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil)])
        try writer.finish([writer.prepare("frames/0001.png", Self.canvas(marked: 4), scale: 1, pixelsSHA256: nil)])
        #expect(writer.statistics.palette == 1 && writer.statistics.repeated == 1, "\(writer.statistics)")
        // 20 × 10 pixels, 1 bit: each column marked is another image.
        let count = FrameWriter.filesPerCommit + 6
        for first in stride(from: 2, to: count, by: 8) {
            let batch = (first..<min(count, first + 8)).map { index in
                var canvas = Self.canvas(marked: index % 20)
                canvas.setPixel(x: index / 20, y: 7, to: .white)
                return writer.prepare(String(format: "frames/%04d.png", index), canvas, scale: 1, pixelsSHA256: nil)
            }
            try writer.finish(batch)
        }
        try writer.finishAll()
        #expect(Self.temporaries(in: folder) == [])
        for index in 2..<count {
            var canvas = Self.canvas(marked: index % 20)
            canvas.setPixel(x: index / 20, y: 7, to: .white)
            let bytes = try #require(folder.read(String(format: "frames/%04d.png", index)), "frame \(index)")
            #expect(try PNGCodec.decode(Array(bytes)) == canvas, "frame \(index)")
        }
    }

    /// A file that cannot be written fails the run, and the files written beside it but not yet
    /// committed are removed: their names keep what they held, and no temporary file is left.
    @Test func aFailedWriteLeavesNoTemporaryFileAndNoHalfCommit() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: "\(folder.path)/frames/0000.png"))
        let writer = FrameWriter(folder: folder)
        // No folder "missing": the temporary file of its image cannot be created. The failure
        // is thrown by finish or, when the write had not failed yet, by finishAll.
        let batch = [
            writer.prepare("frames/0000.png", Self.canvas(marked: 1), scale: 1, pixelsSHA256: nil),
            writer.prepare("missing/0001.png", Self.canvas(marked: 2), scale: 1, pixelsSHA256: nil),
        ]
        let error = #expect(throws: FilmstripError.self) {
            try writer.finish(batch)
            try writer.finishAll()
        }
        #expect(error.map { "\($0)" }?.contains("missing/0001.png") == true, "\(String(describing: error))")
        #expect(Self.temporaries(in: folder) == [])
        #expect(folder.read("frames/0000.png") == Data("old".utf8))
    }
}

/// ``AtomicFile``'s staged writes: nothing is at a target until its commit; a commit flushes,
/// then renames in order; what it cannot rename it removes.
@Suite struct AtomicFileTests {
    @Test func aStagedFileAppearsOnlyWhenCommitted() throws {
        let folder = try FrameWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let staged = try folder.stage(Data("new".utf8), to: "frames/a.png")
        #expect(folder.read("frames/a.png") == nil)
        #expect(FrameWriterTests.temporaries(in: folder).count == 1)
        try AtomicFile.commit([staged])
        #expect(folder.read("frames/a.png") == Data("new".utf8))
        #expect(FrameWriterTests.temporaries(in: folder) == [])
    }

    @Test func aCommitThatCannotRenameOneFileRemovesTheRestAndNamesIt() throws {
        let folder = try FrameWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let files = try ["a", "b", "c"].map { try folder.stage(Data($0.utf8), to: "frames/\($0).png") }
        unlink(files[1].temporary)
        let error = #expect(throws: FilmstripError.self) { try AtomicFile.commit(files) }
        #expect(error.map { "\($0)" }?.contains("frames/b.png") == true, "\(String(describing: error))")
        #expect(folder.read("frames/a.png") == Data("a".utf8), "renamed before the failure")
        #expect(folder.read("frames/b.png") == nil && folder.read("frames/c.png") == nil)
        #expect(FrameWriterTests.temporaries(in: folder) == [])
    }
}

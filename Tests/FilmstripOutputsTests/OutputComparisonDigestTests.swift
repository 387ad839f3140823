@testable import FilmstripOutputs
import FilmstripPNG
import FilmstripRaster
import Foundation
import Testing

/// `check` compares `pixelsSHA256` first and decodes a recorded PNG only when the digests differ.
@Suite struct OutputComparisonDigestTests {
    @Test func equalDigestsMatchWithoutDecodingAndADifferentOneDecodes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "filmstrip-comparison-\(getpid())"
        ).path
        try FileManager.default.createDirectory(
            atPath: "\(folder)/frames", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Not a PNG at all: only a digest comparison can call it a match.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: "\(folder)/frames/0000.png"))
        let canvas = Canvas(width: 2, height: 2, background: .white)
        let digest = PixelDigest.sha256(of: canvas, scale: 2)
        let fileDigest = PixelDigest.sha256(Array("not a png".utf8))
        let comparison = OutputComparison(
            folder: folder, recordedDigests: ["frames/0000.png": digest],
            recordedFileDigests: ["frames/0000.png": fileDigest])
        comparison.prepare("frames/0000.png", canvas, scale: 2, pixelsSHA256: digest)
        #expect(comparison.findings == [])
        #expect(comparison.decodedImages == 0)
        #expect(comparison.takeFileDigest("frames/0000.png") == fileDigest)
        #expect(comparison.takeFileDigest("frames/0001.png") == nil)
        comparison.prepare(
            "frames/0000.png", canvas, scale: 2, pixelsSHA256: String(repeating: "0", count: 64))
        #expect(comparison.decodedImages == 1)
        #expect(
            comparison.findings.count == 1 && comparison.findings[0].contains("not a readable PNG"))
    }

    /// A hostile run found that a committed frame replaced by garbage, or by another frame,
    /// passed check: only the report's pixel digest was compared. The file's own digest must
    /// match the report too, or the image is decoded.
    @Test func aCommittedFileUnlikeTheReportIsDecodedEvenWhenThePixelDigestsMatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "filmstrip-comparison-bytes-\(getpid())"
        ).path
        try FileManager.default.createDirectory(
            atPath: "\(folder)/frames", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: "\(folder)/frames/0003.png"))
        let canvas = Canvas(width: 2, height: 2, background: .white)
        let digest = PixelDigest.sha256(of: canvas, scale: 1)
        let recordedFile = PixelDigest.sha256(Array("the PNG that was recorded".utf8))
        let comparison = OutputComparison(
            folder: folder, recordedDigests: ["frames/0003.png": digest],
            recordedFileDigests: ["frames/0003.png": recordedFile])
        comparison.prepare("frames/0003.png", canvas, scale: 1, pixelsSHA256: digest)
        #expect(comparison.decodedImages == 1)
        #expect(
            comparison.findings == [
                "\(folder)/frames/0003.png: not a readable PNG (no PNG signature and IHDR header)"
            ])
    }

    /// The strip and stills have no digest in the report: a committed file byte-identical to the
    /// fresh image encoded as `record` encodes it matches without decoding; the same pixels
    /// encoded otherwise are decoded and match; other pixels are a mismatch.
    /// A still or strip is compared by the digests report format 2 gives it, like a frame; without
    /// recorded digests (a format 1 report) it is decoded, never encoded again.
    @Test func aStillMatchesByItsDigestsAndWithoutThemIsDecodedNotEncoded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "filmstrip-comparison-encoding-\(getpid())"
        ).path
        try FileManager.default.createDirectory(
            atPath: "\(folder)/stills", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var canvas = Canvas(width: 3, height: 2, background: .white)
        canvas.setPixel(x: 1, y: 1, to: .black)
        let file = URL(fileURLWithPath: "\(folder)/stills/after.png")
        let written = try PNGCodec.encode(
            try #require(IndexedImage(canvas)), scale: 2, settings: .default)
        try Data(written).write(to: file)
        let pixels = PixelDigest.sha256(of: canvas, scale: 2)
        let digested = OutputComparison(
            folder: folder, recordedDigests: ["stills/after.png": pixels],
            recordedFileDigests: ["stills/after.png": PixelDigest.sha256(written)])
        digested.prepare("stills/after.png", canvas, scale: 2, pixelsSHA256: pixels)
        #expect(digested.findings == [] && digested.decodedImages == 0)

        let undigested = OutputComparison(folder: folder)
        undigested.prepare("stills/after.png", canvas, scale: 2, pixelsSHA256: pixels)
        #expect(undigested.findings == [] && undigested.decodedImages == 1)

        var other = canvas
        other.setPixel(x: 0, y: 0, to: .black)
        let differs = OutputComparison(
            folder: folder, recordedDigests: ["stills/after.png": pixels],
            recordedFileDigests: ["stills/after.png": PixelDigest.sha256(written)])
        differs.prepare(
            "stills/after.png", other, scale: 2,
            pixelsSHA256: PixelDigest.sha256(of: other, scale: 2))
        #expect(differs.decodedImages == 1)
        #expect(
            differs.findings.count == 1 && differs.findings[0].contains("4 pixels differ"),
            "\(differs.findings)")
    }
}

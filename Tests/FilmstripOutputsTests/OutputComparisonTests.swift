@testable import FilmstripOutputs
import FilmstripPNG
import FilmstripRaster
import Foundation
import Testing

/// `check`'s comparison reads a committed PNG's declared size before decoding it.
@Suite struct OutputComparisonTests {
    /// A PNG signature and an IHDR chunk declaring `width`×`height` (8-bit RGBA), then an IDAT
    /// chunk of 1 MB of junk: what decoding it fully would need is width × height × 4 bytes.
    static func declaring(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]  // depth, colour type, methods, a CRC left zero
        bytes += [0, 0x10, 0, 0] + Array("IDAT".utf8) + Array(repeating: 0x55, count: 0x10_0000)
        return Data(bytes)
    }

    @Test func headerGivesTheDeclaredSize() throws {
        let header = try #require(PNGHeader(Self.declaring(width: 16000, height: 16000)))
        #expect(header == PNGHeader(Array(Self.declaring(width: 16000, height: 16000).prefix(24))))
        #expect(header.width == 16000 && header.height == 16000)
        #expect(PNGHeader(Data("not a png at all, not at all".utf8)) == nil)
        #expect(PNGHeader(Data(Self.declaring(width: 1, height: 1).prefix(23))) == nil, "too short")
        let encoded = try PNGCodec.encode(Canvas(width: 3, height: 2, background: .black), scale: 2)
        #expect(PNGHeader(encoded) == PNGHeader(Self.declaring(width: 6, height: 4)))
    }

    /// A 1 MB file declaring 16000×16000 took 2 GB to decode before its size was compared.
    @Test func aCommittedImageDeclaringAnotherSizeIsRefusedBeforeDecodingUnder5s() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("frames"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.declaring(width: 16000, height: 16000).write(to: url.appendingPathComponent("frames/0000.png"))
        let comparison = OutputComparison(folder: url.path)
        let start = ContinuousClock.now
        comparison.prepare("frames/0000.png", Canvas(width: 160, height: 90, background: .black), scale: 2, pixelsSHA256: nil)
        #expect(start.duration(to: .now) < .seconds(5))
        #expect(comparison.findings == ["\(url.path)/frames/0000.png: 16000×16000 pixels, a fresh render is 320×180"])
    }
}

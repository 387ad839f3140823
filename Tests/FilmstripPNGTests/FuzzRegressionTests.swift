import CZlib
import FilmstripTestSupport
import FilmstripPNG
import Foundation
import Testing

/// Every input that ever crashed or hung the PNG fuzz target (Tests/Fuzz/regressions/png/),
/// decoded again: each returns or throws, within a second.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] { TestSupport.fuzzRegressions(target) }

    @Test(arguments: inputs("png"))
    func pngReaderReturnsOrThrowsWithinOneSecond(input: URL) throws {
        let bytes = Array(try Data(contentsOf: input))
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = try? PNGCodec.decode(bytes) }
        #expect(elapsed < .seconds(1), "\(input.lastPathComponent)")
    }
}

/// A header that claims more pixels than filmstrip decodes is refused before anything is
/// allocated: the fuzz target once ran out of memory on 27 bytes whose cut-short header claimed
/// 7,040 × 129,244 pixels (3.6 GB decoded), because the pixels were allocated from the header
/// before libpng had read it.
@Suite struct DecodedSizeLimitTests {
    /// A chunk: length, type, data and the CRC-32 of type and data (PNG specification, 5.3).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    @Test func aWholeHeaderClaimingMoreThanOneGibibyteIsRefusedInWords() {
        let ihdr = Self.bigEndian(30_000) + Self.bigEndian(30_000) + [8, 6, 0, 0, 0]
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", ihdr) + Self.chunk("IDAT", [0x78, 0x9C]) + Self.chunk("IEND", [])
        #expect(throws: PNGError(message: "30000 x 30000 pixels would take 3600000000 bytes decoded, over the 1073741824 filmstrip decodes")) {
            try PNGCodec.decode(bytes)
        }
    }

    @Test func theCutShortHeaderTheFuzzerFoundIsLibpngsError() throws {
        let file = try #require(TestSupport.fuzzRegressions("png").first { $0.lastPathComponent == "huge-claimed-size.png" })
        #expect(throws: PNGError(message: "read beyond end of data")) { try PNGCodec.decode(Array(try Data(contentsOf: file))) }
    }
}

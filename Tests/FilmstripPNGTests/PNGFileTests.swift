import FilmstripTestSupport
import Testing

/// The test helpers that look inside PNG files are checked against published values, so the
/// codec tests that use them check libpng's output rather than agree with it by accident.
struct PNGFileTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(PNGFile.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        // The CRC of an empty IEND chunk, found at the end of every PNG file.
        #expect(PNGFile.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func adler32MatchesTheStandardValue() {
        #expect(PNGFile.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(PNGFile.adler32([]) == 1)
    }

    @Test func handMadeFileReadsBack() throws {
        let bytes = PNGFile.make(width: 2, height: 1, bitDepth: 8, colorType: 0, scanlines: [0, 10, 20])
        let chunks = try #require(PNGFile.chunks(bytes))
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crc == $0.computedCRC })
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: 2, height: 1, bitDepth: 8, colorType: 0))
        #expect(PNGFile.storedScanlines(chunks) == [0, 10, 20])
    }

    @Test func chunksOfBytesWithoutTheSignatureIsNil() {
        #expect(PNGFile.chunks([0x89, 0x50, 0x4E, 0x47]) == nil)
        #expect(PNGFile.chunks(PNGFile.signature + [0, 0, 0, 9]) == nil)
    }
}

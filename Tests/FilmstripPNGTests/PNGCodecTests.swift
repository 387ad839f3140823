import FilmstripPNG
import FilmstripRaster
import FilmstripTestSupport
import Testing

extension Color {
    fileprivate static let red = Color(hex: 0xFF0000)
    fileprivate static let green = Color(hex: 0x00FF00)
    fileprivate static let blue = Color(hex: 0x0000FF)
}

/// Settings that make libpng's output readable without an inflater: zlib level 0 writes the
/// scanlines in stored blocks, and filter type 0 leaves them as they are.
private let storedPalette = PNGSettings(compressionLevel: 0, filters: .none, allowPalette: true)
private let storedRGBA = PNGSettings(compressionLevel: 0, filters: .none, allowPalette: false)

/// A canvas of `count` distinct opaque colours, `count` pixels wide and 2 rows high, the
/// second row the first reversed.
private func canvas(distinctColours count: Int) -> Canvas {
    var canvas = Canvas(width: count, height: 2)
    for x in 0..<count {
        let color = Color(red: UInt8(x % 256), green: UInt8(x / 256), blue: 7)
        canvas.setPixel(x: x, y: 0, to: color)
        canvas.setPixel(x: count - 1 - x, y: 1, to: color)
    }
    return canvas
}

/// A 20×20 canvas of 400 different colours, some translucent (alpha 0 and 128 among them)
/// and with colour in their RGB channels.
private let manyColours: Canvas = {
    var canvas = Canvas(width: 20, height: 20)
    for y in 0..<20 {
        for x in 0..<20 {
            let alpha: UInt8 = x == 0 ? 0 : x == 1 ? 128 : 255
            canvas.setPixel(x: x, y: y, to: Color(red: UInt8(x * 12), green: UInt8(y * 12), blue: UInt8((x + y) * 6), alpha: alpha))
        }
    }
    return canvas
}()

/// Five colours in order of first appearance: red, transparent (12, 34, 56), green,
/// half-transparent (200, 100, 50), blue.
private let translucent: Canvas = {
    let colours = [
        Color.red, Color(red: 12, green: 34, blue: 56, alpha: 0), Color.green,
        Color(red: 200, green: 100, blue: 50, alpha: 128), Color.blue,
    ]
    var canvas = Canvas(width: 5, height: 3)
    for y in 0..<3 {
        for x in 0..<5 { canvas.setPixel(x: x, y: y, to: colours[(x + y) % 5]) }
    }
    return canvas
}()

/// Two colours, 9 pixels wide so a 1-bit row spills into a second byte:
///
///     W.WW....W
///     .........
private let twoColours: Canvas = {
    var canvas = Canvas(width: 9, height: 2, background: .black)
    for x in [0, 2, 3, 8] { canvas.setPixel(x: x, y: 0, to: .white) }
    return canvas
}()

private func decodedChunks(_ bytes: [UInt8]) throws -> [PNGFile.Chunk] {
    try #require(PNGFile.chunks(bytes))
}

struct PNGCodecTests {
    // MARK: File structure

    @Test func outputStartsWithThePNGSignature() throws {
        let bytes = try PNGCodec.encode(twoColours)
        #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
    }

    @Test(arguments: [false, true])
    func everyChunkHasAValidCRCAndTheFileEndsWithIEND(allowPalette: Bool) throws {
        let bytes = try PNGCodec.encode(manyColours, settings: PNGSettings(allowPalette: allowPalette))
        let chunks = try decodedChunks(bytes)
        #expect(chunks.allSatisfy { $0.crc == $0.computedCRC })
        #expect(chunks.last == PNGFile.Chunk(type: "IEND", data: [], crc: 0xAE42_6082))
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: 20, height: 20, bitDepth: 8, colorType: 6))
    }

    @Test(arguments: [
        (twoColours, PNGSettings.default), (translucent, PNGSettings.default), (manyColours, PNGSettings.default),
        (twoColours, PNGSettings.plainRGBA), (translucent, PNGSettings.plainRGBA), (manyColours, storedPalette),
    ])
    func noTimeTextOrGammaChunksAreWritten(canvas: Canvas, settings: PNGSettings) throws {
        let bytes = try PNGCodec.encode(canvas, settings: settings)
        let types = try decodedChunks(bytes).map(\.type)
        #expect(Set(types).isSubset(of: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]), "chunk types: \(types)")
        for forbidden in ["tIME", "tEXt", "zTXt", "iTXt", "gAMA"] {
            #expect(!types.contains(forbidden))
            let needle = Array(forbidden.utf8)
            let found = bytes.indices.dropLast(3).contains { Array(bytes[$0..<($0 + 4)]) == needle }
            #expect(!found, "the bytes contain \(forbidden)")
        }
    }

    @Test(arguments: [(twoColours, PNGSettings.default), (manyColours, PNGSettings.default), (manyColours, PNGSettings.plainRGBA), (translucent, storedPalette)])
    func sameCanvasEncodesToIdenticalBytes(canvas: Canvas, settings: PNGSettings) throws {
        let first = try PNGCodec.encode(canvas, settings: settings)
        let second = try PNGCodec.encode(canvas, settings: settings)
        #expect(first == second)
        #expect(first.count > 8 + 25 + 12)
    }

    @Test func ihdrColourTypeIsThreeForAPaletteAndSixForRGBA() throws {
        let palette = try PNGCodec.encode(twoColours)
        let rgba = try PNGCodec.encode(manyColours)
        // Signature (8), IHDR length and type (8), width and height (8), bit depth (1): byte 25.
        #expect(palette[25] == 3)
        #expect(rgba[25] == 6)
        #expect(Array(palette[12..<16]) == Array("IHDR".utf8))
        #expect(Array(palette[16..<24]) == [0, 0, 0, 9, 0, 0, 0, 2])
    }

    // MARK: Palette encoding

    @Test func twoColoursAreAOneBitPaletteInOrderOfFirstAppearance() throws {
        let bytes = try PNGCodec.encode(twoColours, settings: storedPalette)
        let chunks = try decodedChunks(bytes)
        #expect(chunks.map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"])
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: 9, height: 2, bitDepth: 1, colorType: 3))
        #expect(chunks[1].data == [255, 255, 255, 0, 0, 0])
        // White is index 0, black 1; each row is filter byte 0 then 9 bits, most significant first.
        #expect(PNGFile.storedScanlines(chunks) == [0, 0b0100_1111, 0b0000_0000, 0, 0b1111_1111, 0b1000_0000])
        #expect(try PNGCodec.decode(bytes) == twoColours)
    }

    @Test func threeColoursPackFourPixelsAByte() throws {
        var canvas = Canvas(width: 5, height: 1)
        for (x, colour) in [Color.red, .green, .blue, .red, .blue].enumerated() { canvas.setPixel(x: x, y: 0, to: colour) }
        let bytes = try PNGCodec.encode(canvas, settings: storedPalette)
        let chunks = try decodedChunks(bytes)
        #expect(PNGFile.header(chunks)?.bitDepth == 2)
        #expect(chunks[1].data == [255, 0, 0, 0, 255, 0, 0, 0, 255])
        // Indices 0 1 2 0 | 2, two bits each.
        #expect(PNGFile.storedScanlines(chunks) == [0, 0b0001_1000, 0b1000_0000])
        #expect(try PNGCodec.decode(bytes) == canvas)
    }

    @Test func translucentColoursGetATRNSChunkUpToTheLastTranslucentEntry() throws {
        let bytes = try PNGCodec.encode(translucent, settings: storedPalette)
        let chunks = try decodedChunks(bytes)
        #expect(chunks.map(\.type) == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: 5, height: 3, bitDepth: 4, colorType: 3))
        #expect(chunks[1].data == [255, 0, 0, 12, 34, 56, 0, 255, 0, 200, 100, 50, 0, 0, 255])
        #expect(chunks[2].data == [255, 0, 255, 128])
        // Row y holds indices (x + y) % 5, two a byte.
        #expect(PNGFile.storedScanlines(chunks) == [0, 0x01, 0x23, 0x40, 0, 0x12, 0x34, 0x00, 0, 0x23, 0x40, 0x10])
    }

    /// The bit depth is the smallest that holds every palette index; past 256 colours the file
    /// is RGBA.
    @Test(arguments: [(1, 1, 3), (2, 1, 3), (3, 2, 3), (4, 2, 3), (5, 4, 3), (16, 4, 3), (17, 8, 3), (256, 8, 3), (257, 8, 6)])
    func colourCountDecidesBitDepthAndColourType(colours: Int, bitDepth: UInt8, colorType: UInt8) throws {
        let image = canvas(distinctColours: colours)
        let bytes = try PNGCodec.encode(image)
        let chunks = try decodedChunks(bytes)
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: UInt32(colours), height: 2, bitDepth: bitDepth, colorType: colorType))
        #expect(chunks.first { $0.type == "PLTE" }?.data.count == (colorType == 3 ? colours * 3 : nil))
        #expect(try PNGCodec.decode(bytes) == image)
    }

    @Test func seventeenColoursStoreOneIndexAByte() throws {
        let bytes = try PNGCodec.encode(canvas(distinctColours: 17), settings: storedPalette)
        let row0: [UInt8] = [0] + Array(0...16)
        let row1: [UInt8] = [0] + Array((0...16).reversed())
        #expect(PNGFile.storedScanlines(try decodedChunks(bytes)) == row0 + row1)
    }

    // MARK: RGBA encoding

    @Test func rgbaScanlinesAreTheCanvasBytesAfterAFilterByte() throws {
        let canvas = try #require(Canvas(width: 2, height: 2, pixels: [
            1, 2, 3, 4, 250, 251, 252, 253,
            9, 8, 7, 0, 100, 110, 120, 128,
        ]))
        let bytes = try PNGCodec.encode(canvas, settings: storedRGBA)
        let chunks = try decodedChunks(bytes)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: 2, height: 2, bitDepth: 8, colorType: 6))
        #expect(PNGFile.storedScanlines(chunks) == [0, 1, 2, 3, 4, 250, 251, 252, 253, 0, 9, 8, 7, 0, 100, 110, 120, 128])
    }

    @Test func plainRGBAIsRGBAEvenForTwoColours() throws {
        let bytes = try PNGCodec.encode(twoColours, settings: .plainRGBA)
        #expect(PNGFile.header(try decodedChunks(bytes)) == PNGFile.Header(width: 9, height: 2, bitDepth: 8, colorType: 6))
    }

    // MARK: Round trips

    @Test(arguments: [PNGSettings.default, .plainRGBA, storedPalette, storedRGBA, PNGSettings(compressionLevel: 1, filters: .adaptive, allowPalette: false)])
    func roundTripGivesIdenticalPixels(settings: PNGSettings) throws {
        for image in [twoColours, canvas(distinctColours: 12), translucent, manyColours, canvas(distinctColours: 300)] {
            let decoded = try PNGCodec.decode(PNGCodec.encode(image, settings: settings))
            #expect(decoded == image, "\(image.width)×\(image.height)")
        }
    }

    @Test func translucentPixelsKeepTheirColourChannels() throws {
        for settings in [PNGSettings.default, .plainRGBA] {
            let decoded = try PNGCodec.decode(PNGCodec.encode(translucent, settings: settings))
            #expect(decoded.pixel(x: 1, y: 0) == Color(red: 12, green: 34, blue: 56, alpha: 0))
            #expect(decoded.pixel(x: 3, y: 0) == Color(red: 200, green: 100, blue: 50, alpha: 128))
        }
        let decoded = try PNGCodec.decode(PNGCodec.encode(manyColours))
        #expect(decoded.pixel(x: 0, y: 19) == Color(red: 0, green: 228, blue: 114, alpha: 0))
        #expect(decoded.pixel(x: 1, y: 10) == Color(red: 12, green: 120, blue: 66, alpha: 128))
    }

    @Test(arguments: 1...9)
    func oneBitRowsOfEveryWidthRoundTrip(width: Int) throws {
        var image = Canvas(width: width, height: 3, background: .black)
        for x in 0..<width where x % 3 != 1 { image.setPixel(x: x, y: x % 3, to: .white) }
        #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
    }

    // MARK: Decoding files libpng did not write

    @Test func decodesAHandMadeRGBAFile() throws {
        let bytes = PNGFile.make(width: 2, height: 1, bitDepth: 8, colorType: 6, scanlines: [0, 10, 20, 30, 40, 250, 251, 252, 253])
        let decoded = try PNGCodec.decode(bytes)
        #expect(decoded.width == 2)
        #expect(decoded.height == 1)
        #expect(decoded.pixels == [10, 20, 30, 40, 250, 251, 252, 253])
    }

    @Test func decodesAHandMadeGreyscaleFileAsOpaqueGrey() throws {
        let bytes = PNGFile.make(width: 3, height: 1, bitDepth: 8, colorType: 0, scanlines: [0, 0, 128, 255])
        #expect(try PNGCodec.decode(bytes).pixels == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
    }

    @Test func decodesAHandMadeTwoBitPaletteWithTransparency() throws {
        let bytes = PNGFile.make(
            width: 3, height: 1, bitDepth: 2, colorType: 3, scanlines: [0, 0b1001_0000],
            extra: [("PLTE", [1, 2, 3, 4, 5, 6, 7, 8, 9]), ("tRNS", [0, 128])])
        #expect(try PNGCodec.decode(bytes).pixels == [7, 8, 9, 255, 4, 5, 6, 128, 1, 2, 3, 0])
    }

    // MARK: Errors

    @Test(arguments: [(0, 0), (0, 3), (3, 0)])
    func emptyCanvasCannotBeEncoded(width: Int, height: Int) {
        let empty = Canvas(width: width, height: height)
        #expect(throws: PNGError(message: "cannot encode an image of \(width)×\(height) pixels")) {
            try PNGCodec.encode(empty)
        }
        #expect(throws: PNGError.self) { try PNGCodec.encode(empty, settings: .plainRGBA) }
    }

    @Test(arguments: [-1, 10])
    func compressionLevelOutsideZeroToNineIsAnError(level: Int) {
        for allowPalette in [true, false] {
            #expect(throws: PNGError(message: "compression level must be 0...9")) {
                try PNGCodec.encode(twoColours, settings: PNGSettings(compressionLevel: level, allowPalette: allowPalette))
            }
        }
    }

    @Test(arguments: [[], [0x00], Array("GIF89a not a png at all".utf8), PNGFile.signature, [UInt8](repeating: 0xFF, count: 64)])
    func garbageIsAnError(bytes: [UInt8]) {
        let error = #expect(throws: PNGError.self) { try PNGCodec.decode(bytes) }
        #expect(error?.message.isEmpty == false)
    }

    /// Cut inside the signature, inside IHDR, just after IHDR, early and midway in IDAT, and
    /// one byte short of IDAT's CRC (the file ends IDAT, then a 12-byte IEND).
    @Test(arguments: [4, 20, 33, 45, 300, -13])
    func truncatedFileIsAnError(cut: Int) throws {
        let bytes = try PNGCodec.encode(manyColours, settings: .plainRGBA)
        #expect(try decodedChunks(bytes).map(\.type) == ["IHDR", "IDAT", "IEND"])
        let kept = cut >= 0 ? cut : bytes.count + cut
        let error = #expect(throws: PNGError.self) { try PNGCodec.decode(Array(bytes.prefix(kept))) }
        #expect(error?.message.isEmpty == false)
    }

    /// libpng's simplified reader stops after the last row and never reads IEND, so a file cut
    /// after its image data still decodes, to the right pixels. Recorded here so that a change
    /// (a stricter libpng, or a check in the shim) is noticed.
    @Test func fileMissingOnlyItsIENDChunkStillDecodes() throws {
        let bytes = try PNGCodec.encode(manyColours, settings: .plainRGBA)
        #expect(try PNGCodec.decode(Array(bytes.dropLast(12))) == manyColours)
    }

    @Test func corruptedCRCIsAnError() throws {
        let bytes = try PNGCodec.encode(twoColours, settings: .plainRGBA)
        var header = bytes
        header[29] ^= 0xFF  // the first byte of IHDR's CRC
        #expect(throws: PNGError(message: "IHDR: CRC error")) { try PNGCodec.decode(header) }
        var data = bytes
        data[bytes.count - 13] ^= 0xFF  // the last byte of IDAT's CRC, just before IEND
        #expect(throws: PNGError(message: "IDAT: CRC error")) { try PNGCodec.decode(data) }
    }

    @Test func errorDescriptionNamesPNG() {
        #expect(PNGError(message: "Not a PNG file").description == "PNG: Not a PNG file")
    }

    // MARK: Settings

    @Test func presetsAreTheDocumentedOnes() {
        #expect(PNGSettings.default == PNGSettings(compressionLevel: 6, filters: .copiedRepeatedRows, allowPalette: true, deflater: .scanline))
        #expect(PNGSettings.unenlarged == PNGSettings(compressionLevel: 6, filters: .upOnRepeatedRows, allowPalette: true, deflater: .libdeflate))
        #expect(PNGSettings.paletteAnimation == PNGSettings(compressionLevel: 7, filters: .upOnRepeatedRows, allowPalette: true, deflater: .scanline))
        #expect([1, 2, 3, 0].map(PNGSettings.forImage(scale:)) == [.unenlarged, .default, .default, .unenlarged])
        #expect(PNGSettings.plainRGBA == PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false))
    }
}

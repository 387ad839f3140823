import CZlib
import FilmstripPNG
import FilmstripRaster
import Testing

/// filmstrip's own palette writer (``PNGSettings/Filters/upOnRepeatedRows`` and
/// ``PNGSettings/Filters/copiedRepeatedRows``): libpng decodes what it writes to exactly the
/// pixels libpng's own encoding holds; a row that repeats the row above is stored as filter type
/// 2 (Up) and zeros, or written again with filter type 0.
@Suite struct RepeatedRowsWriterTests {
    /// `width` × `height` pixels cycling through `colors` opaque colours, each row shifted by
    /// its index halved, so pairs of rows repeat and others differ.
    static func canvas(colors: Int, width: Int, height: Int, translucent: Bool = false) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let n = (x + y / 2) % colors
                canvas.setPixel(x: x, y: y, to: Color(red: UInt8(n & 0xFF), green: UInt8(n * 7 & 0xFF), blue: 9, alpha: translucent && n == 1 ? 100 : 255))
            }
        }
        return canvas
    }

    /// The image data of `png`: its IDAT chunks' data inflated, the filtered rows.
    static func filteredRows(_ png: [UInt8]) throws -> [UInt8] {
        let compressed = try PNGChunk.chunks(in: png).filter { $0.type == "IDAT" }.flatMap(\.data)
        var out = [UInt8](repeating: 0, count: 1 << 20)
        var size = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { to in
            compressed.withUnsafeBufferPointer { from in uncompress(to.baseAddress, &size, from.baseAddress, uLong(from.count)) }
        }
        #expect(status == Z_OK)
        return Array(out.prefix(Int(size)))
    }

    @Test(arguments: [2, 3, 4, 5, 16, 17, 256])
    func libpngDecodesTheSamePixelsAsLibpngsOwnEncoding(colors: Int) throws {
        let libpng = PNGSettings(compressionLevel: 8, filters: .none, allowPalette: true)
        for scale in [1, 2, 3] {
            for (width, height) in [(1, 1), (13, 7), (40, 9)] {
                for translucent in [false, true] where colors > 1 {
                    let canvas = Self.canvas(colors: colors, width: width, height: height, translucent: translucent)
                    let theirs = try PNGCodec.encode(canvas, scale: scale, settings: libpng)
                    for settings in [PNGSettings.default, .unenlarged] {
                        let decoded = try PNGCodec.decode(try PNGCodec.encode(canvas, scale: scale, settings: settings))
                        #expect(decoded == canvas.scaled(by: scale), "\(colors) colours, \(width)×\(height) at \(scale)×, \(settings.filters)")
                        #expect(decoded == (try PNGCodec.decode(theirs)))
                    }
                }
            }
        }
    }

    /// A 3×3 picture at 2×, 1 bit a pixel: rows 0 and 1 black, white, black; row 2 white, white,
    /// black. Palette: black 0, white 1, so row 0 packs to 0011_0000 and row 2 to 1111_0000.
    /// ``PNGSettings/unenlarged`` (Up on repeated rows): row 0's copy and row 1's two rows repeat
    /// it (Up, zero), row 2 is None, then its copy Up. ``PNGSettings/default`` (repeated rows
    /// copied, the frames' setting): every row filter type 0 with its own bytes.
    @Test(arguments: [
        (PNGSettings.unenlarged, [UInt8]([0, 0x30, 2, 0, 2, 0, 2, 0, 0, 0xF0, 2, 0])),
        (PNGSettings.default, [UInt8]([0, 0x30, 0, 0x30, 0, 0x30, 0, 0x30, 0, 0xF0, 0, 0xF0])),
    ])
    func eachRowIsFilteredByTheRepeatedRowsRule(settings: PNGSettings, rows: [UInt8]) throws {
        var canvas = Canvas(width: 3, height: 3, background: .black)
        canvas.setPixel(x: 1, y: 0, to: .white)
        canvas.setPixel(x: 1, y: 1, to: .white)
        canvas.setPixel(x: 0, y: 2, to: .white)
        canvas.setPixel(x: 1, y: 2, to: .white)
        let png = try PNGCodec.encode(canvas, scale: 2, settings: settings)
        #expect(try Self.filteredRows(png) == rows)
        #expect(try PNGCodec.decode(png) == canvas.scaled(by: 2))
    }

    /// ``PNGSettings/Filters/copiedRepeatedRows`` at 3× and 2 bits: each row three times, filter 0.
    @Test func copiedRowsRepeatAtEveryScaleAndBitDepth() throws {
        // At 3× and 2 bits (4 colours): each row three times, 3 bytes of 9 pixels (the last padded).
        var four = Canvas(width: 3, height: 2, background: .black)
        four.setPixel(x: 0, y: 0, to: .white)
        four.setPixel(x: 1, y: 1, to: Color(red: 200, green: 0, blue: 0, alpha: 255))
        four.setPixel(x: 2, y: 1, to: Color(red: 0, green: 0, blue: 200, alpha: 255))
        let rows = try Self.filteredRows(PNGCodec.encode(four, scale: 3, settings: .default))
        // Palette by first appearance: white 0, black 1, red 2, blue 3. Row 0: 000 111 111 →
        // 00_00_00_01 01_01_01_01 01_00_00_00; row 1: 111 222 333 → 01_01_01_10 10_10_11_11 11_00_00_00.
        let first: [UInt8] = [0, 0x01, 0x55, 0x40]
        let second: [UInt8] = [0, 0x56, 0xAF, 0xC0]
        #expect(rows == first + first + first + second + second + second)
    }

    @Test func theFileHoldsOnlyHeaderPaletteTransparencyWhenNeededImageDataAndEnd() throws {
        let opaque = try PNGCodec.encode(Self.canvas(colors: 3, width: 5, height: 4), scale: 2, settings: .default)
        #expect(try PNGChunk.chunks(in: opaque).map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"])
        // IHDR: 10×8, bit depth 2, colour type 3, deflate, filter method 0, no interlace.
        #expect(try PNGChunk.chunks(in: opaque)[0].data == [0, 0, 0, 10, 0, 0, 0, 8, 2, 3, 0, 0, 0])
        let translucent = try PNGCodec.encode(Self.canvas(colors: 3, width: 5, height: 4, translucent: true), scale: 2, settings: .default)
        let chunks = try PNGChunk.chunks(in: translucent)
        #expect(chunks.map(\.type) == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        // Colour 1 is the translucent one: tRNS stops after it.
        #expect(chunks[2].data == [255, 100])
    }

    /// libdeflate and zlib make different streams of the same filtered rows: zlib inflates both
    /// to the same bytes, and libpng decodes both files to the same pixels, at every level each
    /// library takes.
    @Test(arguments: [PNGSettings.Deflater.libdeflate, .zlib])
    func eitherDeflaterGivesTheSameRowsAndPixels(deflater: PNGSettings.Deflater) throws {
        let canvas = Self.canvas(colors: 9, width: 31, height: 17)
        let reference = try Self.filteredRows(PNGCodec.encode(canvas, scale: 2, settings: PNGSettings(compressionLevel: 0, filters: .upOnRepeatedRows, deflater: .zlib)))
        // 31 pixels at 4 bits and 2× are 31 bytes a row, plus the filter byte; 34 rows.
        #expect(reference.count == 32 * 34)
        for level in 0...(deflater == .zlib ? 9 : 12) {
            let settings = PNGSettings(compressionLevel: level, filters: .upOnRepeatedRows, deflater: deflater)
            let png = try PNGCodec.encode(canvas, scale: 2, settings: settings)
            #expect(try Self.filteredRows(png) == reference, "\(deflater) level \(level)")
            #expect(try PNGCodec.decode(png) == canvas.scaled(by: 2), "\(deflater) level \(level)")
        }
        let outside = deflater == .zlib ? 10 : 13
        #expect(throws: PNGError(message: deflater == .zlib ? "compression level must be 0...9" : "libdeflate's compression level must be 0...12")) {
            try PNGCodec.encode(canvas, scale: 2, settings: PNGSettings(compressionLevel: outside, filters: .upOnRepeatedRows, deflater: deflater))
        }
    }

    @Test func theSameImageGivesTheSameBytes() throws {
        let canvas = Self.canvas(colors: 9, width: 31, height: 17)
        #expect(try PNGCodec.encode(canvas, scale: 2) == (try PNGCodec.encode(canvas, scale: 2)))
    }
}

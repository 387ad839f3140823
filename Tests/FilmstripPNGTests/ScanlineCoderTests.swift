import CPNGShim
import CZlib
import FilmstripPNG
import FilmstripRaster
import Testing

/// filmstrip's own deflate coder (``PNGSettings/Deflater/scanline``): whatever the rows, zlib
/// inflates its stream to exactly the filtered rows the other deflaters' streams hold, and
/// libpng decodes the file to the canvas enlarged; copies of a row cost a match, not a search.
@Suite struct ScanlineCoderTests {
    /// `width` × `height` pixels of `colors` opaque colours in a fixed pseudo-random order
    /// (a linear congruential sequence from `seed`): few repeats for a match finder to use.
    static func noise(colors: Int, width: Int, height: Int, seed: UInt32 = 1) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let n = Int(state >> 16) % colors
                canvas.setPixel(x: x, y: y, to: Color(red: UInt8(n), green: UInt8(255 - n), blue: 3, alpha: 255))
            }
        }
        return canvas
    }

    static func settings(level: Int) -> PNGSettings {
        PNGSettings(compressionLevel: level, filters: .copiedRepeatedRows, deflater: .scanline)
    }

    /// The filtered rows zlib level 0 stores (no deflater's choices in them).
    static func storedRows(_ canvas: Canvas, scale: Int) throws -> [UInt8] {
        try RepeatedRowsWriterTests.filteredRows(PNGCodec.encode(canvas, scale: scale, settings: PNGSettings(compressionLevel: 0, filters: .copiedRepeatedRows, deflater: .zlib)))
    }

    @Test(arguments: 1...9)
    func everyLevelGivesTheStoredRowsAndPixels(level: Int) throws {
        // Frame-like rows (runs, shifted pairs) and noise, at 4 and 8 bits, 1× to 4×.
        let canvases = [
            RepeatedRowsWriterTests.canvas(colors: 9, width: 31, height: 17),
            Self.noise(colors: 5, width: 23, height: 11),
            Self.noise(colors: 200, width: 40, height: 9),
        ]
        for canvas in canvases {
            for scale in 1...4 {
                let png = try PNGCodec.encode(canvas, scale: scale, settings: Self.settings(level: level))
                #expect(try RepeatedRowsWriterTests.filteredRows(png) == (try Self.storedRows(canvas, scale: scale)), "\(canvas.width)×\(canvas.height) at \(scale)×")
                #expect(try PNGCodec.decode(png) == canvas.scaled(by: scale), "\(canvas.width)×\(canvas.height) at \(scale)×")
            }
        }
    }

    /// 190 × 190 pixels of 200 colours at 1× are 36,290 bytes, mostly literals: more than one
    /// block of 16,384 symbols, so blocks end and begin inside the rows.
    @Test func symbolsPastOneBlockGoOnInTheNext() throws {
        let canvas = Self.noise(colors: 200, width: 190, height: 190, seed: 7)
        let png = try PNGCodec.encode(canvas, scale: 1, settings: Self.settings(level: 6))
        #expect(try RepeatedRowsWriterTests.filteredRows(png) == (try Self.storedRows(canvas, scale: 1)))
        #expect(try PNGCodec.decode(png) == canvas)
    }

    /// Fibonacci frequencies make the deepest Huffman tree: 24 symbols would need codes of 1 to
    /// 23 bits. Limited to 15 (deflate's most, RFC 1951 §3.2.7) the code stays complete (Kraft
    /// sum exactly 1) and a rarer symbol never gets a shorter code than a more frequent one.
    @Test(arguments: [15, 7])
    func skewedFrequenciesGetCodesNoLongerThanTheLimit(limit: Int) {
        var frequencies: [UInt32] = [1, 1]
        while frequencies.count < 24 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        frequencies += [0, 0]  // two symbols that never occur
        var lengths = [UInt8](repeating: 99, count: frequencies.count)
        #expect(fs_png_code_lengths(frequencies, Int32(frequencies.count), Int32(limit), &lengths) == 0)
        #expect(lengths.suffix(2) == [0, 0])
        let used = lengths.prefix(24)
        #expect(used.max() == UInt8(limit))
        #expect(used.map { 1.0 / Double(1 << Int($0)) }.reduce(0, +) == 1)
        for i in 1..<24 { #expect(used[i] <= used[i - 1], "symbol \(i)") }
        // Without the limit's pressure (limit 23 is out of range, so 15 on a short list) the
        // lengths are Huffman's own: 1, 2, …, for the most frequent first.
        var short = [UInt8](repeating: 0, count: 6)
        #expect(fs_png_code_lengths(Array(frequencies.prefix(6)), 6, 15, &short) == 0)
        #expect(short == [5, 5, 4, 3, 2, 1])
    }

    /// One symbol, or none, still gets a complete code of two one-bit codes.
    @Test func aLoneSymbolGetsACompanion() {
        var lengths = [UInt8](repeating: 9, count: 4)
        #expect(fs_png_code_lengths([0, 0, 5, 0], 4, 15, &lengths) == 0)
        #expect(lengths == [1, 0, 1, 0])
        #expect(fs_png_code_lengths([7, 0, 0, 0], 4, 15, &lengths) == 0)
        #expect(lengths == [1, 1, 0, 0])
        #expect(fs_png_code_lengths([0, 0, 0, 0], 4, 15, &lengths) == 0)
        #expect(lengths == [1, 1, 0, 0])
        #expect(fs_png_code_lengths([1, 1, 1], 3, 1, &lengths) == 1)
    }

    /// A row of 8-bit indices at 2× longer than deflate's window (16,400 pixels, 32,801 bytes
    /// with the filter byte) cannot be coded one row back: libdeflate codes it, to the same rows.
    @Test func rowsLongerThanTheWindowGoToLibdeflate() throws {
        let canvas = Self.noise(colors: 20, width: 16_400, height: 2)
        let png = try PNGCodec.encode(canvas, scale: 2, settings: Self.settings(level: 6))
        let libdeflate = try PNGCodec.encode(canvas, scale: 2, settings: PNGSettings(compressionLevel: 6, filters: .copiedRepeatedRows, deflater: .libdeflate))
        #expect(png == libdeflate)
        #expect(try PNGCodec.decode(png) == canvas.scaled(by: 2))
    }

    /// At 2× each row's copy is a match one row back: the canvas enlarged 2× codes to at most 4
    /// bytes a copy more than the same canvas enlarged across only (its 64 rows once each).
    @Test func copiesCostMatchesNotRows() throws {
        let canvas = Self.noise(colors: 16, width: 64, height: 64, seed: 11)
        let wide = canvas.scaled(by: 2)
        var across = Canvas(width: wide.width, height: canvas.height)
        for y in 0..<canvas.height {
            for x in 0..<wide.width { across.setPixel(x: x, y: y, to: wide.pixel(x: x, y: y * 2)!) }
        }
        func streamSize(_ canvas: Canvas, scale: Int) throws -> Int {
            try PNGChunk.chunks(in: PNGCodec.encode(canvas, scale: scale, settings: Self.settings(level: 6))).filter { $0.type == "IDAT" }.map(\.data.count).reduce(0, +)
        }
        let once = try streamSize(across, scale: 1)
        let doubled = try streamSize(canvas, scale: 2)
        #expect(doubled - once <= 64 * 4, "across only \(once) bytes, 2× \(doubled)")
        #expect(doubled > once)
    }

    @Test(arguments: [0, 10])
    func levelsOutsideOneToNineAreRefused(level: Int) {
        #expect(throws: PNGError(message: "the scanline coder's level must be 1...9")) {
            try PNGCodec.encode(RepeatedRowsWriterTests.canvas(colors: 3, width: 4, height: 4), scale: 2, settings: Self.settings(level: level))
        }
    }

    @Test func theSameCanvasGivesTheSameBytes() throws {
        let canvas = Self.noise(colors: 12, width: 77, height: 33)
        #expect(try PNGCodec.encode(canvas, scale: 2, settings: Self.settings(level: 6)) == (try PNGCodec.encode(canvas, scale: 2, settings: Self.settings(level: 6))))
    }
}

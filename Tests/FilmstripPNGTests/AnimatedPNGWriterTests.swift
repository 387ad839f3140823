import FilmstripPNG
import FilmstripRaster
import FilmstripTestSupport
import Testing

/// The animated PNG writer, read back with the test support's own chunk reader and CRC
/// (`PNGFile`, checked against published values), never with the writer's code.
struct AnimatedPNGWriterTests {
    /// Stored deflate blocks and no row filter: the scanlines can be read without zlib.
    static let stored = PNGSettings(compressionLevel: 0, filters: .none, allowPalette: false)
    static let red = Color(red: 255, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)

    /// Three 4 × 2 frames: all red; then (2, 1) blue; then the same again.
    func threeFrames(scale: Int = 1) throws -> [UInt8] {
        let first = Canvas(width: 4, height: 2, background: Self.red)
        var second = first
        second.setPixel(x: 2, y: 1, to: Self.blue)
        var writer = try AnimatedPNGWriter(width: 4 * scale, height: 2 * scale, frameCount: 3)
        var file = try writer.bytes(for: AnimatedPNGFrame.encode(first, after: nil, scale: scale, delayMs: 500, settings: Self.stored))
        file += try writer.bytes(for: AnimatedPNGFrame.encode(second, after: first, scale: scale, delayMs: 250, settings: Self.stored))
        file += try writer.bytes(for: AnimatedPNGFrame.encode(second, after: second, scale: scale, delayMs: 1000, settings: Self.stored))
        return try file + writer.finish()
    }

    func word(_ data: [UInt8], _ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    func half(_ data: [UInt8], _ at: Int) -> Int { Int(data[at]) << 8 | Int(data[at + 1]) }

    @Test func chunksComeInSpecificationOrderWithValidCRCs() throws {
        let chunks = try #require(PNGFile.chunks(threeFrames()))
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crc == $0.computedCRC })
        #expect(PNGFile.header(chunks) == PNGFile.Header(width: 4, height: 2, bitDepth: 8, colorType: 6))
        // acTL: 3 frames, 0 plays (loop forever).
        #expect(chunks[1].data == [0, 0, 0, 3, 0, 0, 0, 0])
    }

    @Test func sequenceNumbersCountControlAndDataChunksFromZero() throws {
        let chunks = try #require(PNGFile.chunks(threeFrames()))
        let numbered = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(numbered.map { word($0.data, 0) } == [0, 1, 2, 3, 4])
    }

    @Test func frameControlsCarryRegionDelayAndOperations() throws {
        let controls = try #require(PNGFile.chunks(threeFrames())).filter { $0.type == "fcTL" }
        #expect(controls.allSatisfy { $0.data.count == 26 })
        // width, height, x, y, delay_num, delay_den, dispose_op, blend_op
        func fields(_ data: [UInt8]) -> [Int] {
            [word(data, 4), word(data, 8), word(data, 12), word(data, 16), half(data, 20), half(data, 22), Int(data[24]), Int(data[25])]
        }
        #expect(fields(controls[0].data) == [4, 2, 0, 0, 500, 1000, 0, 0])
        #expect(fields(controls[1].data) == [1, 1, 2, 1, 250, 1000, 0, 0])   // the one changed pixel
        #expect(fields(controls[2].data) == [1, 1, 0, 0, 1000, 1000, 0, 0])  // unchanged: the top-left pixel again
    }

    @Test func frameDataHoldsTheRegionsPixels() throws {
        let chunks = try #require(PNGFile.chunks(threeFrames(scale: 2)))
        let data = chunks.filter { $0.type == "IDAT" || $0.type == "fdAT" }
        func scanlines(_ stream: [UInt8]) -> [UInt8]? {
            PNGFile.storedScanlines([PNGFile.Chunk(type: "IDAT", data: stream, crc: 0)])
        }
        let red: [UInt8] = [255, 0, 0, 255]
        let blue: [UInt8] = [0, 0, 255, 255]
        // The default image: 8 × 4 red pixels, each row filter 0.
        #expect(scanlines(data[0].data) == ([0] + red.repeated(8)).repeated(4))
        // Frame 1: the changed pixel enlarged to 2 × 2 at (4, 2).
        let controls = chunks.filter { $0.type == "fcTL" }
        #expect([word(controls[1].data, 4), word(controls[1].data, 8), word(controls[1].data, 12), word(controls[1].data, 16)] == [2, 2, 4, 2])
        #expect(scanlines(Array(data[1].data.dropFirst(4))) == ([0] + blue + blue).repeated(2))
        // Frame 2: unchanged, the one output pixel at (0, 0) as it is (red).
        #expect(scanlines(Array(data[2].data.dropFirst(4))) == [0] + red)
    }

    @Test func changedRectangleOfIdenticalOnePixelAndWholeChanges() {
        let base = Canvas(width: 5, height: 3, background: Self.red)
        #expect(ChangedRectangle.between(base, base) == nil)
        var one = base
        one.setPixel(x: 4, y: 2, to: Self.blue)
        #expect(ChangedRectangle.between(base, one) == Rect(x: 4, y: 2, width: 1, height: 1))
        var corners = one
        corners.setPixel(x: 1, y: 0, to: Self.blue)
        #expect(ChangedRectangle.between(base, corners) == Rect(x: 1, y: 0, width: 4, height: 3))
        let whole = Canvas(width: 5, height: 3, background: Self.blue)
        #expect(ChangedRectangle.between(base, whole) == Rect(x: 0, y: 0, width: 5, height: 3))
        // Alpha alone counts as a change.
        var translucent = base
        translucent.setPixel(x: 0, y: 1, to: Color(red: 255, green: 0, blue: 0, alpha: 254))
        #expect(ChangedRectangle.between(base, translucent) == Rect(x: 0, y: 1, width: 1, height: 1))
    }

    /// On palette numbers (one byte a pixel) the rectangle is the same as on the canvases they
    /// number, and an animation frame encoded from numbers stores the region and the bytes one
    /// encoded from the canvas does.
    @Test func changedRectangleOnPaletteNumbersMatchesTheCanvases() throws {
        let base = Canvas(width: 5, height: 3, background: Self.red)
        var changed = base
        changed.setPixel(x: 1, y: 0, to: Self.blue)
        changed.setPixel(x: 3, y: 1, to: Self.blue)
        // Red is 0 and blue 1 in one palette.
        func numbers(_ canvas: Canvas) -> [UInt8] {
            (0..<canvas.height).flatMap { y in (0..<canvas.width).map { x in canvas.pixel(x: x, y: y) == Self.red ? 0 : 1 } }
        }
        #expect(ChangedRectangle.between(numbers(base), numbers(base), width: 5, height: 3, bytesPerPixel: 1) == nil)
        #expect(
            ChangedRectangle.between(numbers(base), numbers(changed), width: 5, height: 3, bytesPerPixel: 1)
                == Rect(x: 1, y: 0, width: 3, height: 2))
        #expect(ChangedRectangle.between(base, changed) == Rect(x: 1, y: 0, width: 3, height: 2))
        // A buffer of another size is not compared.
        #expect(ChangedRectangle.between([0, 0], numbers(changed), width: 5, height: 3, bytesPerPixel: 1) == nil)

        let fromNumbers = try AnimatedPNGFrame.encode(
            indices: numbers(changed), width: 5, height: 3, after: numbers(base), scale: 2, delayMs: 100)
        #expect(fromNumbers.region == Rect(x: 2, y: 0, width: 6, height: 4))
        #expect(
            fromNumbers.imageData
                == (try PNGCodec.indexedImageData(
                    of: numbers(changed), width: 5, region: Rect(x: 1, y: 0, width: 3, height: 2), scale: 2,
                    bitDepth: 8, settings: .default)))
        let unchanged = try AnimatedPNGFrame.encode(
            indices: numbers(base), width: 5, height: 3, after: numbers(base), scale: 2, delayMs: 100)
        #expect(unchanged.region == Rect(x: 0, y: 0, width: 1, height: 1))
        let first = try AnimatedPNGFrame.encode(indices: numbers(base), width: 5, height: 3, after: nil, scale: 2, delayMs: 100)
        #expect(first.region == Rect(x: 0, y: 0, width: 10, height: 6))
        #expect(throws: PNGError.self) {
            try AnimatedPNGFrame.encode(indices: [0, 1], width: 5, height: 3, after: nil, scale: 2, delayMs: 100)
        }
    }

    /// The rows are compared eight bytes at a time: a change at every column of a row wider
    /// than a word, on either side of each eight-byte edge, and in the bytes past the last whole
    /// word, gives the one-pixel rectangle at that column; at 4 bytes a pixel too.
    @Test func aChangeAtEveryColumnAroundTheWordEdgesIsFound() {
        let width = 21
        let height = 3
        let base = [UInt8](repeating: 7, count: width * height)
        for x in 0..<width {
            var changed = base
            changed[1 * width + x] = 9
            #expect(
                ChangedRectangle.between(base, changed, width: width, height: height, bytesPerPixel: 1)
                    == Rect(x: x, y: 1, width: 1, height: 1), "column \(x)")
        }
        // Two changes in different rows widen the rectangle from both sides.
        var two = base
        two[0 * width + 17] = 1
        two[2 * width + 8] = 1
        #expect(
            ChangedRectangle.between(base, two, width: width, height: height, bytesPerPixel: 1)
                == Rect(x: 8, y: 0, width: 10, height: 3))
        // RGBA: a change in the last byte (alpha) of a pixel names that pixel.
        let wide = [UInt8](repeating: 0, count: 5 * 4 * 2)
        for byte in 0..<(5 * 4) {
            var changed = wide
            changed[5 * 4 + byte] = 1
            #expect(
                ChangedRectangle.between(wide, changed, width: 5, height: 2, bytesPerPixel: 4)
                    == Rect(x: byte / 4, y: 1, width: 1, height: 1), "byte \(byte)")
        }
    }

    @Test func delaysAreExactMillisecondsUpToTheSixteenBitEdge() {
        func fraction(_ ms: Int) -> [Int] {
            let delay = AnimationDelay(ms: ms)
            return [Int(delay.numerator), Int(delay.denominator)]
        }
        #expect(fraction(0) == [0, 1000])
        #expect(fraction(1) == [1, 1000])
        #expect(fraction(65_535) == [65_535, 1000])
        #expect(fraction(65_536) == [8192, 125])      // 65.536 s reduced
        #expect(fraction(65_540) == [3277, 50])
        #expect(fraction(70_000) == [70, 1])
        #expect(fraction(3_600_000) == [3600, 1])
        #expect(AnimationDelay(ms: 65_536).exactMs == 65_536)
        // No u16 fraction is exact: the nearest one.
        #expect(fraction(65_537) == [34_538, 527])
        #expect(AnimationDelay(ms: 65_537).exactMs == nil)
        #expect(fraction(3_599_999) == [3600, 1])
    }

    @Test func writerRefusesAPartialDefaultImageExtraFramesAndAnEarlyEnd() throws {
        let canvas = Canvas(width: 2, height: 2, background: Self.red)
        var writer = try AnimatedPNGWriter(width: 2, height: 2, frameCount: 2)
        let part = AnimatedPNGFrame(region: Rect(x: 0, y: 0, width: 1, height: 1), delay: AnimationDelay(ms: 10), imageData: [])
        #expect(throws: PNGError.self) { try writer.bytes(for: part) }
        _ = try writer.bytes(for: AnimatedPNGFrame.encode(canvas, after: nil, scale: 1, delayMs: 10))
        #expect(throws: PNGError.self) { try writer.finish() }
        let outside = AnimatedPNGFrame(region: Rect(x: 1, y: 1, width: 2, height: 1), delay: AnimationDelay(ms: 10), imageData: [])
        #expect(throws: PNGError.self) { try writer.bytes(for: outside) }
        _ = try writer.bytes(for: AnimatedPNGFrame.encode(canvas, after: canvas, scale: 1, delayMs: 10))
        #expect(throws: PNGError.self) { try writer.bytes(for: AnimatedPNGFrame.encode(canvas, after: canvas, scale: 1, delayMs: 10)) }
        #expect(try writer.finish() == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(throws: PNGError.self) { try AnimatedPNGWriter(width: 2, height: 2, frameCount: 0) }
    }

    @Test func libpngDecodesTheDefaultImage() throws {
        let decoded = try PNGCodec.decode(threeFrames(scale: 2))
        #expect(decoded == Canvas(width: 4, height: 2, background: Self.red).scaled(by: 2))
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] { Array([[Element]](repeating: self, count: times).joined()) }
}

import FilmstripPNG
import FilmstripRaster
import Testing

@Suite struct ScaledPaletteEncodingTests {
    /// A canvas with `colors` distinct opaque colours, one per pixel, then repeated.
    static func canvas(colors: Int, width: Int = 40, height: Int = 30) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let n = (y * width + x) % colors
                canvas.setPixel(x: x, y: y, to: Color(red: UInt8(n & 0xFF), green: UInt8(n >> 8), blue: 7))
            }
        }
        return canvas
    }

    /// The colour type byte of the IHDR chunk: 3 palette, 6 RGBA.
    static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test(arguments: [1, 2, 3, 4, 5, 16, 17, 256])
    func paletteImagesDecodeToTheSamePixels(colors: Int) throws {
        let canvas = Self.canvas(colors: colors)
        let png = try PNGCodec.encode(canvas)
        #expect(Self.colorType(png) == 3)
        #expect(try PNGCodec.decode(png) == canvas)
    }

    @Test func moreThan256ColoursAreWrittenAsRGBA() throws {
        let canvas = Self.canvas(colors: 257)
        let png = try PNGCodec.encode(canvas)
        #expect(Self.colorType(png) == 6)
        #expect(try PNGCodec.decode(png) == canvas)
    }

    @Test func translucentColoursSurviveThePalette() throws {
        var canvas = Canvas(width: 3, height: 1, background: .clear)
        canvas.setPixel(x: 1, y: 0, to: Color(red: 10, green: 20, blue: 30, alpha: 128))
        canvas.setPixel(x: 2, y: 0, to: .white)
        #expect(try PNGCodec.decode(try PNGCodec.encode(canvas)) == canvas)
    }

    @Test func plainRGBAIsRGBAAndDecodesToTheSamePixels() throws {
        let canvas = Self.canvas(colors: 3)
        let png = try PNGCodec.encode(canvas, settings: .plainRGBA)
        #expect(Self.colorType(png) == 6)
        #expect(try PNGCodec.decode(png) == canvas)
    }

    @Test(arguments: [1, 2, 3, 4])
    func scaledEncodingDecodesToTheEnlargedCanvas(scale: Int) throws {
        for colors in [2, 9, 200, 300] {
            let canvas = Self.canvas(colors: colors, width: 13, height: 7)
            #expect(try PNGCodec.decode(try PNGCodec.encode(canvas, scale: scale)) == canvas.scaled(by: scale), "\(colors) colours")
        }
    }

    /// With the same settings (given: without them, the scale picks them), whichever is done first.
    @Test(arguments: [PNGSettings.default, .unenlarged])
    func indexingAtOneTimesAndScalingIndicesGivesTheSameFileAsScalingPixelsFirst(settings: PNGSettings) throws {
        let canvas = Self.canvas(colors: 9, width: 21, height: 11)
        let scaledFirst = try PNGCodec.encode(canvas.scaled(by: 2), settings: settings)
        let indexedFirst = try PNGCodec.encode(try #require(IndexedImage(canvas)), scale: 2, settings: settings)
        #expect(scaledFirst == indexedFirst)
        #expect(try PNGCodec.encode(canvas, scale: 2, settings: settings) == indexedFirst)
    }

    @Test func indexedImagesAreEqualExactlyWhenTheirCanvasesAre() throws {
        let canvas = Self.canvas(colors: 5)
        var other = canvas
        #expect(IndexedImage(canvas) == IndexedImage(other))
        other.setPixel(x: 3, y: 3, to: .white)
        #expect(IndexedImage(canvas) != IndexedImage(other))
        #expect(try #require(IndexedImage(other)).canvas() == other)
        #expect(try #require(IndexedImage(other)).canvas(scale: 3) == other.scaled(by: 3))
    }

    @Test func everySettingDecodesToTheSamePixels() throws {
        let canvas = Self.canvas(colors: 12, width: 30, height: 20)
        for level in [0, 1, 6, 8, 9] {
            for strategy in [PNGSettings.Strategy.default, .filtered, .huffmanOnly, .rle] {
                for filters in [PNGSettings.Filters.none, .sub, .up, .adaptive] {
                    for allowPalette in [true, false] {
                        let settings = PNGSettings(compressionLevel: level, strategy: strategy, filters: filters, allowPalette: allowPalette)
                        #expect(try PNGCodec.decode(try PNGCodec.encode(canvas, scale: 2, settings: settings)) == canvas.scaled(by: 2))
                    }
                }
            }
        }
    }

    @Test func emptyCanvasAndGarbageAreErrors() {
        #expect(throws: PNGError.self) { try PNGCodec.encode(Canvas(width: 0, height: 3)) }
        #expect(throws: PNGError.self) { try PNGCodec.decode([1, 2, 3, 4]) }
        #expect(throws: PNGError.self) { try PNGCodec.encode(Canvas(width: 2, height: 2), scale: 0) }
        #expect(throws: PNGError.self) { try PNGCodec.encode(Canvas(width: 2, height: 2), scale: 65) }
    }
}

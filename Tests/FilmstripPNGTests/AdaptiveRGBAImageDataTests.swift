@testable import FilmstripPNG
import FilmstripRaster
import Testing

/// `animation.png`'s frames are made without libpng (`PNGCodec.adaptiveRGBAImageData`), and must
/// be byte for byte the IDAT data libpng writes for the same region with its adaptive filters,
/// so the committed animations stay what a recording writes.
@Suite struct AdaptiveRGBAImageDataTests {
    /// A frame-like canvas: a flat background, bands, a translucent block and scattered pixels,
    /// so every filter wins somewhere.
    static func canvas(width: Int, height: Int, seed: UInt32) -> Canvas {
        var canvas = Canvas(width: width, height: height, background: Color(red: 250, green: 248, blue: 240))
        var state = seed
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        for y in 0..<height {
            for x in 0..<width {
                if y % 7 == 3 { canvas.setPixel(x: x, y: y, to: Color(red: 20, green: 120, blue: UInt8(x & 0xFF))) }
                if x > width / 2, y > height / 3 { canvas.setPixel(x: x, y: y, to: Color(red: 200, green: 10, blue: 60, alpha: 128)) }
                if next() % 11 == 0 { canvas.setPixel(x: x, y: y, to: Color(red: UInt8(next() & 0xFF), green: UInt8(next() & 0xFF), blue: UInt8(next() & 0xFF), alpha: UInt8(next() & 0xFF))) }
                if x == y { canvas.setPixel(x: x, y: y, to: .clear) }
            }
        }
        return canvas
    }

    /// What libpng writes for `region` of `canvas` at `scale`: its IDAT chunks' data.
    static func libpng(_ canvas: Canvas, region: Rect, scale: Int, settings: PNGSettings) throws -> [UInt8] {
        let cropped = AnimatedPNGFrame.crop(canvas, to: region)
        let file = try PNGCodec.encode(cropped, scale: scale, settings: settings)
        return try PNGChunk.chunks(in: file).filter { $0.type == "IDAT" }.flatMap(\.data)
    }

    @Test(arguments: [1, 2, 3])
    func theStreamIsLibpngsForEverySizeAndRegion(scale: Int) throws {
        let settings = PNGSettings.animation
        for (width, height) in [(1, 1), (1, 9), (9, 1), (2, 2), (13, 7), (64, 40), (300, 90)] {
            let canvas = Self.canvas(width: width, height: height, seed: UInt32(width * 31 + height))
            var regions = [Rect(x: 0, y: 0, width: width, height: height), Rect(x: 0, y: 0, width: 1, height: 1)]
            if width > 4, height > 4 { regions.append(Rect(x: 2, y: 1, width: width - 3, height: height - 2)) }
            for region in regions {
                let ours = try PNGCodec.adaptiveRGBAImageData(of: canvas, region: region, scale: scale, settings: settings)
                let theirs = try Self.libpng(canvas, region: region, scale: scale, settings: settings)
                #expect(ours == theirs, "\(width)×\(height), region \(region), scale \(scale)")
            }
        }
    }

    @Test(arguments: [0, 1, 5, 6, 9])
    func theStreamIsLibpngsAtEveryLevel(level: Int) throws {
        let settings = PNGSettings(compressionLevel: level, memoryLevel: 8, strategy: .default, filters: .adaptive, allowPalette: false)
        let canvas = Self.canvas(width: 120, height: 61, seed: 7)
        let whole = Rect(x: 0, y: 0, width: 120, height: 61)
        #expect(try PNGCodec.adaptiveRGBAImageData(of: canvas, region: whole, scale: 2, settings: settings) == (try Self.libpng(canvas, region: whole, scale: 2, settings: settings)))
    }

    @Test func aRegionOutsideTheCanvasIsAnError() {
        let canvas = Canvas(width: 4, height: 4)
        #expect(throws: PNGError(message: "region 3×1 at (2, 0) is not inside the 4×4 image")) {
            try PNGCodec.adaptiveRGBAImageData(of: canvas, region: Rect(x: 2, y: 0, width: 3, height: 1), scale: 1, settings: .animation)
        }
    }
}

import FilmstripRaster

/// A raster target that implements only the one requirement, `setPixel`, so everything drawn on
/// it goes through the protocol's default operations rather than ``Canvas``'s overrides.
/// It counts the writes that fell outside it, to show the defaults clip before writing.
struct PixelGrid: RasterTarget {
    private(set) var canvas: Canvas
    private(set) var outOfBoundsWrites = 0

    init(width: Int, height: Int, background: Color = .clear) {
        canvas = Canvas(width: width, height: height, background: background)
    }

    var width: Int { canvas.width }
    var height: Int { canvas.height }

    mutating func setPixel(x: Int, y: Int, to color: Color) {
        if x < 0 || y < 0 || x >= width || y >= height { outOfBoundsWrites += 1 }
        canvas.setPixel(x: x, y: y, to: color)
    }
}

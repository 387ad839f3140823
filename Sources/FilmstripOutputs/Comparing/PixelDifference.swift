import FilmstripRaster

/// How a decoded image differs from a fresh canvas enlarged by a whole scale: how many pixels
/// differ, the first one in row order (top row first, left to right) with its two colours, and
/// the box around them, in the decoded image's pixel coordinates.
package struct PixelDifference: Equatable {
    /// Pixels that differ.
    var count: Int
    /// The bounding box of the differing pixels, edges included.
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    /// The first differing pixel in row order.
    var firstX: Int, firstY: Int
    /// Its colour in the decoded image and in the fresh one.
    var firstDecoded: Color, firstFresh: Color

    /// Compares `decoded` with `fresh.scaled(by: scale)` without building the enlarged canvas.
    /// Returns nil when every pixel matches; the caller has checked that the sizes agree
    /// (`decoded` is `fresh.width × scale` by `fresh.height × scale`).
    static func between(_ decoded: Canvas, _ fresh: Canvas, scale: Int) -> PixelDifference? {
        precondition(decoded.width == fresh.width * scale && decoded.height == fresh.height * scale)
        var result = PixelDifference(count: 0, minX: .max, minY: .max, maxX: -1, maxY: -1, firstX: -1, firstY: -1, firstDecoded: .clear, firstFresh: .clear)
        decoded.pixels.withUnsafeBytes { decodedBytes in
            fresh.pixels.withUnsafeBytes { freshBytes in
                let old = decodedBytes.bindMemory(to: UInt32.self)
                let new = freshBytes.bindMemory(to: UInt32.self)
                for y in 0..<decoded.height {
                    let oldRow = y * decoded.width
                    let newRow = (y / scale) * fresh.width
                    for x in 0..<decoded.width where old[oldRow + x] != new[newRow + x / scale] {
                        if result.count == 0 { (result.firstX, result.firstY) = (x, y) }
                        result.count += 1
                        result.minX = min(result.minX, x)
                        result.minY = min(result.minY, y)
                        result.maxX = max(result.maxX, x)
                        result.maxY = max(result.maxY, y)
                    }
                }
            }
        }
        guard result.count > 0 else { return nil }
        result.firstDecoded = decoded.pixel(x: result.firstX, y: result.firstY)!
        result.firstFresh = fresh.pixel(x: result.firstX / scale, y: result.firstY / scale)!
        return result
    }
}

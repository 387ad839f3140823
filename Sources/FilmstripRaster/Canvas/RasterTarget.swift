/// Anything that pixels can be drawn on.
///
/// The one requirement is ``setPixel(x:y:to:)``; every drawing operation (rectangles, lines,
/// text, the spinner) is a default built on it, and a conforming type may override the
/// defaults it can do faster (``Canvas`` fills rows with block copies).
/// Raster operations never throw: coordinates outside the target are clipped.
public protocol RasterTarget {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// Replaces the pixel at (x, y) with `color` (no blending). Out-of-bounds writes are ignored.
    mutating func setPixel(x: Int, y: Int, to color: Color)
    /// Fills every pixel of `rect` that lies on the target with `color` (no blending).
    mutating func fill(_ rect: Rect, with color: Color)
}

extension RasterTarget {
    /// The whole target as a rectangle.
    package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The part of the target a picture of `width` × `height` pixels covers with its top-left
    /// corner at `origin` (what a composition draws, clipped); nil when it covers none.
    package func area(ofPictureWidth width: Int, height: Int, at origin: Point) -> Rect? {
        let area = Rect(x: origin.x, y: origin.y, width: width, height: height).intersection(bounds)
        return area.isEmpty ? nil : area
    }

    /// The default fill: clips `rect` to ``bounds`` and calls ``setPixel(x:y:to:)`` once per
    /// pixel, row by row. Override it when the target can fill rows faster.
    package mutating func fill(_ rect: Rect, with color: Color) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX {
                setPixel(x: x, y: y, to: color)
            }
        }
    }

    /// Fills the whole target with `color`.
    package mutating func clear(to color: Color) {
        fill(bounds, with: color)
    }
}

/// A raster a picture is composed on: made blank in one colour, then drawn on with the
/// ``RasterTarget`` primitives and with whole 1× canvases (the filmstrip's frames).
/// ``Canvas`` (RGBA8) and ``IndexedCanvas`` (palette indices) are both.
package protocol CompositionTarget: RasterTarget {
    /// A target of `width` × `height` pixels, every pixel `background`.
    init(width: Int, height: Int, background: Color)
    /// Copies `source`'s pixels with its top-left corner at `origin`, clipped to the target (no
    /// blending).
    mutating func draw(_ source: Canvas, at origin: Point)
}

extension Canvas: CompositionTarget {}

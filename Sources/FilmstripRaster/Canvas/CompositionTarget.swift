/// A raster a picture is composed on: made blank in one colour, then drawn on with the
/// ``RasterTarget`` primitives and with whole 1× canvases (the filmstrip's frames).
/// ``Canvas`` (RGBA8) and ``IndexedCanvas`` (palette indices) are both.
package protocol CompositionTarget: RasterTarget {
    /// A target of `width` × `height` pixels, every pixel `background`.
    init(width: Int, height: Int, background: Color)
    /// Copies `source`'s pixels with its top-left corner at `origin`, clipped to the target (no
    /// blending).
    mutating func draw(_ source: Canvas, at origin: Point)
    /// Copies the picture `source`'s indices stand for, as ``draw(_:at:)-(Canvas,_)`` copies a
    /// canvas of the same pixels: the same result, without reading RGBA8 pixels.
    mutating func draw(_ source: IndexedImage, at origin: Point)
}

/// A 1× picture a ``CompositionTarget`` can copy whole (the filmstrip's cells): a ``Canvas`` or
/// the ``IndexedImage`` made from one, which draws the same pixels.
package protocol ComposablePicture: Sendable {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// Copies the picture onto `target` with its top-left corner at `origin` (clipped, no blending).
    func draw<Target: CompositionTarget>(on target: inout Target, at origin: Point)
}

extension Canvas: ComposablePicture {
    package func draw<Target: CompositionTarget>(on target: inout Target, at origin: Point) { target.draw(self, at: origin) }
}

extension IndexedImage: ComposablePicture {
    package func draw<Target: CompositionTarget>(on target: inout Target, at origin: Point) { target.draw(self, at: origin) }
}

extension Canvas: CompositionTarget {}

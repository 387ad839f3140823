import FilmstripPNG
import FilmstripRaster

/// One image as ``OutputRenderer`` drew it, indexed and digested once for every sink: the 1×
/// canvas, the whole scale it is written at, its palette form and its pixel digest.
package struct DrawnImage: Sendable {
    /// The image at 1× (RGBA8).
    package let canvas: Canvas
    /// The whole factor the image is enlarged by when written (nearest neighbour), ≥ 1.
    package let scale: Int
    /// The canvas as palette indices; nil when it has more than 256 colours.
    package let indexed: IndexedImage?
    /// The image's ``PixelDigest`` when the report carries one for it (frames), nil otherwise.
    package let pixelsSHA256: String?

    /// Indexes `canvas` and, when `digested`, takes its ``PixelDigest`` from the indexed form.
    package init(canvas: Canvas, scale: Int, digested: Bool) {
        let indexed = IndexedImage(canvas)
        self.canvas = canvas
        self.scale = max(1, scale)
        self.indexed = indexed
        if digested {
            pixelsSHA256 =
                indexed.map { PixelDigest.sha256(of: $0, scale: scale) }
                ?? PixelDigest.sha256(of: canvas, scale: scale)
        } else {
            pixelsSHA256 = nil
        }
    }

    /// An image whose digest is given (`pixelsSHA256`, e.g. one recorded by other code), not taken.
    package init(canvas: Canvas, scale: Int, pixelsSHA256: String?) {
        self.canvas = canvas
        self.scale = max(1, scale)
        indexed = IndexedImage(canvas)
        self.pixelsSHA256 = pixelsSHA256
    }
}

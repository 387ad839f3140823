import FilmstripPNG
import FilmstripRaster

/// One image as ``OutputRenderer`` drew it, indexed and digested once for every sink: the 1×
/// canvas, the whole scale it is written at, its palette form and its pixel digest.
package struct DrawnImage: Sendable {
    /// The canvas drawn, when it was drawn in RGBA8 (an image drawn as indices has none).
    private let drawnCanvas: Canvas?
    /// The image at 1× (RGBA8): as drawn, or made from its indices (a new canvas each time it
    /// is asked for: ask only when the pixels are needed, such as for a mismatch).
    package var canvas: Canvas { drawnCanvas ?? indexed!.canvas() }
    /// The image's width at 1×, in pixels.
    package var width: Int { drawnCanvas?.width ?? indexed!.width }
    /// The image's height at 1×, in pixels.
    package var height: Int { drawnCanvas?.height ?? indexed!.height }
    /// The whole factor the image is enlarged by when written (nearest neighbour), ≥ 1.
    package let scale: Int
    /// The canvas as palette indices; nil when it has more than 256 colours.
    package let indexed: IndexedImage?
    /// The image's ``PixelDigest`` when the report carries one for it (frames), nil otherwise.
    package let pixelsSHA256: String?

    /// Indexes `canvas` and, when `digested`, takes its ``PixelDigest`` from the indexed form.
    package init(canvas: Canvas, scale: Int, digested: Bool) {
        let indexed = IndexedImage(canvas)
        drawnCanvas = canvas
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
        drawnCanvas = canvas
        self.scale = max(1, scale)
        indexed = IndexedImage(canvas)
        self.pixelsSHA256 = pixelsSHA256
    }

    /// An image kept as palette indices whose digest is given (`pixelsSHA256`, taken before).
    package init(indexed: IndexedImage, scale: Int, pixelsSHA256: String?) {
        drawnCanvas = nil
        self.scale = max(1, scale)
        self.indexed = indexed
        self.pixelsSHA256 = pixelsSHA256
    }

    /// An image drawn as palette indices (the strip), its ``PixelDigest`` taken when `digested`.
    package init(indexed: IndexedImage, scale: Int, digested: Bool) {
        self.init(
            indexed: indexed, scale: scale,
            pixelsSHA256: digested ? PixelDigest.sha256(of: indexed, scale: scale) : nil)
    }
}

import FilmstripCore
import FilmstripRaster

/// One frame of a run as ``OutputRenderer`` drew it: its image (indexed and digested), its
/// panels' semantic elements (for the report's row) and the code points the font lacked.
///
/// The strip draws the frames it shows before any batch does; it keeps each as a `DrawnFrame`
/// so the frame's batch takes it rather than drawing, indexing and digesting it again.
struct DrawnFrame: Sendable {
    /// The frame at 1×, written at the plan's scale, with its ``PixelDigest``.
    let image: DrawnImage
    /// Per panel, left to right, the elements it drew (``PanelRendering/elements``).
    let elements: [[SemanticElement]]
    /// Code points the font lacked while drawing the frame.
    let missing: [Unicode.Scalar]

    /// Indexes and digests `rendered` at `scale`. An image of at most 256 colours keeps only its
    /// indices (84 KB rather than 335 KB for a frame of 448 × 187: every sink and the animation
    /// work on them); its canvas is made again from them when asked for (for a mismatch).
    init(_ rendered: RenderedFrame, scale: Int) {
        let drawn = DrawnImage(canvas: rendered.canvas, scale: scale, digested: true)
        if let indexed = drawn.indexed {
            image = DrawnImage(indexed: indexed, scale: scale, pixelsSHA256: drawn.pixelsSHA256)
        } else {
            image = drawn
        }
        elements = rendered.panels.map(\.elements)
        missing = rendered.missing
    }
}

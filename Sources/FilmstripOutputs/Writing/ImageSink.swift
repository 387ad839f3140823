import FilmstripRaster

/// Where ``OutputRenderer`` sends the images it draws: `record` encodes and writes them
/// (``FrameWriter``), `check` compares them with the recorded files (``OutputComparison``).
///
/// Images arrive in bounded batches. ``prepare(_:_:)`` is called for every image of a
/// batch on all cores at once, right after the image is drawn, and must be thread-safe;
/// ``finish(_:)`` is then called once for the batch, on one thread, batches in output order,
/// before the next batch is drawn. So at most one batch of images is in memory at a time.
package protocol ImageSink: Sendable {
    /// What ``prepare(_:_:)`` keeps of one image for ``finish(_:)``.
    associatedtype Prepared: Sendable

    /// Per-image work that can run in parallel. `image` stands for its canvas enlarged by its
    /// scale, indexed and digested once by the renderer; `path` is the output's path relative to
    /// the plan's folder.
    func prepare(_ path: String, _ image: DrawnImage) -> Prepared

    /// Completes a batch, in output order.
    /// - Throws: ``FilmstripError`` when an output cannot be written.
    func finish(_ batch: [Prepared]) throws(FilmstripError)

    /// Completes every batch: called once after the last, before the outputs are named done.
    /// - Throws: ``FilmstripError`` when an output could not be written.
    func finishAll() throws(FilmstripError)

    /// The SHA-256 of the image file at `path` (``PixelDigest/sha256(_:)``): as written by
    /// `record`, as committed for `check`; nil when there is none. Asked once per image, after
    /// its batch is finished; the sink may forget the digest then, so memory does not grow with
    /// the run.
    func takeFileDigest(_ path: String) -> String?

    /// Whether `animation.png` is encoded while the frames are drawn (``FrameWriter``: it
    /// writes the file). A sink that answers false (``OutputComparison``) is asked, once every
    /// frame is drawn, by ``animationInPlace(pixelsSHA256:)`` whether it needs the animation at
    /// all; only then are the frames drawn again and the animation encoded.
    var encodesAnimationWhileDrawing: Bool { get }

    /// The `fileSHA256` of the animation already in place when it shows `pixelsSHA256` (the
    /// ``AnimationDigest`` of the frames just drawn, nil when there is none) and the sink vouches
    /// for it, so it is not made; nil when the animation must be made and sent as a document.
    func animationInPlace(pixelsSHA256: String?) -> String?
}

extension ImageSink {
    /// Nothing is left to complete after the last batch.
    package func finishAll() throws(FilmstripError) {}

    /// The animation is encoded as the frames are drawn.
    package var encodesAnimationWhileDrawing: Bool { true }

    /// No animation is ever in place: it is always made.
    package func animationInPlace(pixelsSHA256: String?) -> String? { nil }

    /// ``prepare(_:_:)`` of `canvas` drawn at `scale`, with the digest given rather than taken
    /// (nil: none is compared).
    package func prepare(_ path: String, _ canvas: Canvas, scale: Int, pixelsSHA256: String?) -> Prepared {
        prepare(path, DrawnImage(canvas: canvas, scale: scale, pixelsSHA256: pixelsSHA256))
    }
}

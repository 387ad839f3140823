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
}

extension ImageSink {
    /// Nothing is left to complete after the last batch.
    package func finishAll() throws(FilmstripError) {}

    /// ``prepare(_:_:)`` of `canvas` drawn at `scale`, with the digest given rather than taken
    /// (nil: none is compared).
    package func prepare(_ path: String, _ canvas: Canvas, scale: Int, pixelsSHA256: String?) -> Prepared {
        prepare(path, DrawnImage(canvas: canvas, scale: scale, pixelsSHA256: pixelsSHA256))
    }
}

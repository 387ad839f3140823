import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Writes `animation.png` once every frame is drawn: the one encoded while drawing
/// (``RunDocuments``), or, for a sink that did not encode it (``OutputComparison``) and does
/// not vouch for the one in place, the frames drawn again a batch at a time on all cores; an
/// animation of more than 256 colours is drawn again as 8-bit RGBA.
struct AnimationWriter<Sink: ImageSink> {
    let run: RecordedRun
    let font: BitmapFont
    let schedule: AnimationSchedule
    let sink: Sink
    /// Frames drawn again at once.
    let batchSize: Int

    private var path: String { OutputLayout.animationPath }
    private var size: (width: Int, height: Int) { run.logicalFrameSize(font: font) }

    /// Writes the animation to `documents` (encoded while drawing: `drawn`, with its pixel digest
    /// `pixels`) unless the sink vouches for the one in place.
    /// - Returns: the animation's file digest: the sink's, else that of the bytes written; nil
    ///   when the run has no animation.
    /// - Throws: ``FilmstripError`` (output) when it cannot be encoded or written.
    func write(_ drawn: AnimationStream?, pixels: String?, to documents: some DocumentSink) throws(FilmstripError) -> String? {
        guard !schedule.frames.isEmpty else { return nil }
        if !sink.encodesAnimationWhileDrawing, let inPlace = sink.animationInPlace(pixelsSHA256: pixels) {
            return inPlace
        }
        let animation: AnimationStream
        if let drawn { animation = drawn } else { animation = try drawAgain() }
        let file = PixelDigest.Stream()
        let output = try documents.open(path)
        let hashed = { (piece: Data) throws(FilmstripError) in
            piece.withUnsafeBytes { file.update($0) }
            try output.append(piece)
        }
        if animation.needsRGBA {
            try writeRGBA(hashed)
        } else {
            try animation.write(to: hashed)
        }
        try output.close()
        let written = file.finish()
        return sink.takeFileDigest(path) ?? written
    }

    /// Every animation frame drawn again into a new indexed animation; it stops at the first
    /// frame that shows the animation needs RGBA.
    private func drawAgain() throws(FilmstripError) -> AnimationStream {
        let scale = run.plan.scale
        var animation = try AnimationStream(
            schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: scale, path: path)
        try redraw { batch throws(FilmstripError) in
            try animation.append(batch.map { ($0.position, DrawnImage(canvas: $0.canvas, scale: scale, digested: false)) })
            return !animation.needsRGBA
        }
        return animation
    }

    /// Writes the animation of more than 256 colours: every drawn frame drawn again, batch by
    /// batch, as 8-bit RGBA.
    private func writeRGBA(_ append: (Data) throws(FilmstripError) -> Void) throws(FilmstripError) {
        var animation = try AnimationStream.RGBA(
            schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: run.plan.scale, path: path)
        try redraw { batch throws(FilmstripError) in
            try append(animation.bytes(for: batch, path: path))
            return true
        }
        try append(animation.finish(path: path))
    }

    /// Draws the animation's frames again, a batch at a time on all cores, and hands each batch
    /// (positions in the run's frames with their 1× canvases, in order; frames that draw nothing
    /// absent) to `body`, until every frame is drawn or `body` returns false.
    private func redraw(_ body: ([(position: Int, canvas: Canvas)]) throws(FilmstripError) -> Bool) throws(FilmstripError) {
        let (run, font) = (self.run, self.font)
        var start = 0
        while start < schedule.frames.count {
            let positions = (start..<min(schedule.frames.count, start + batchSize)).map { schedule.frames[$0].position }
            let drawn = Mutex<[Canvas?]>(Array(repeating: nil, count: positions.count))
            DispatchQueue.concurrentPerform(iterations: positions.count) { offset in
                let canvas = run.render(run.frames[positions[offset]], font: font, scale: 1)?.canvas
                drawn.withLock { $0[offset] = canvas }
            }
            let batch = zip(positions, drawn.withLock { $0 }).compactMap { position, canvas in
                canvas.map { (position: position, canvas: $0) }
            }
            guard try body(batch) else { return }
            start += positions.count
        }
    }
}

import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// What one batch of images left once drawn and finished by the sink: per position in the
/// batch, a frame's panels' semantic elements and pixel digest; the frames drawn (for the
/// animation); the animation frames encoded beside them; and what the report needs of the
/// stills and the strip.
struct DrawnBatch: Sendable {
    /// A drawn frame's panels' semantic elements (per panel, left to right) and pixel digest.
    typealias Row = (elements: [[SemanticElement]], digest: String?)

    /// The batch's images, in order.
    let sources: [OutputSource]
    /// Per position in the batch: the frame's row, nil for any other image or a frame that
    /// drew nothing.
    fileprivate(set) var rows: [Row?]
    /// The frames drawn, by their position in the run's frames, in order.
    fileprivate(set) var frames: [(position: Int, image: DrawnImage)] = []
    /// The encodings of the animation frames handed to the pass, in their order.
    fileprivate(set) var encoded: [Result<AnimatedPNGFrame, PNGError>?]
    /// Per position in the batch: the code points the font lacked.
    fileprivate(set) var missing: [[Unicode.Scalar]]
    /// Still (position in the run's stills) → its panels, from its first file.
    fileprivate(set) var stillPanels: [Int: [PanelRendering]] = [:]
    /// The strip's and the stills' pixel digests by path.
    fileprivate(set) var pixels: [String: String] = [:]

    fileprivate init(sources: [OutputSource], jobs: Int) {
        self.sources = sources
        rows = Array(repeating: nil, count: sources.count)
        encoded = Array(repeating: nil, count: jobs)
        missing = Array(repeating: [], count: sources.count)
    }
}

/// Draws a batch of a run's images on all cores, at 1×, and hands each to the sink as soon as
/// it is drawn (``ImageSink/prepare(_:_:)``, on the core that drew it), then the batch
/// (``ImageSink/finish(_:)``). The animation frames of the batch before are encoded in the same
/// pass, and the batch before's ordered work (``RunDocuments``) is its first iteration, so the
/// other cores draw beside it: one pass over the cores a batch, no barrier of their own.
struct BatchDrawer<Sink: ImageSink>: Sendable {
    let run: RecordedRun
    let font: BitmapFont
    let sources: OutputSources
    let sink: Sink
    let strip: ComposedStrip
    let kept: KeptFrames
    /// Whether the drawn frames are kept for the animation (``DrawnBatch/frames``).
    let animated: Bool

    /// Draws `batch`, encodes `jobs`, runs `ordered` beside them, and finishes the batch.
    /// - Throws: what the sink's ``ImageSink/finish(_:)`` throws, then what `ordered` throws.
    func draw(
        _ batch: [OutputSource], encoding jobs: [AnimationStream.Job],
        beside ordered: (@Sendable () throws(FilmstripError) -> Void)?
    ) throws(FilmstripError) -> DrawnBatch {
        let drawn = Mutex(DrawnBatch(sources: batch, jobs: jobs.count))
        let prepared = Mutex<[Sink.Prepared?]>(Array(repeating: nil, count: batch.count))
        let orderedFailure = Mutex<FilmstripError?>(nil)
        let first = ordered == nil ? 0 : 1
        DispatchQueue.concurrentPerform(iterations: first + batch.count + jobs.count) { iteration in
            if let ordered, iteration == 0 {
                do throws(FilmstripError) { try ordered() } catch { orderedFailure.withLock { $0 = error } }
                return
            }
            let position = iteration - first
            guard position < batch.count else {
                let result = AnimationStream.encode(jobs[position - batch.count])
                drawn.withLock { $0.encoded[position - batch.count] = result }
                return
            }
            guard let image = drawImage(batch[position], at: position, into: drawn) else { return }
            let result = sink.prepare(image.path, image.image)
            prepared.withLock { $0[position] = result }
        }
        try sink.finish(prepared.withLock { $0.compactMap { $0 } })
        if let error = orderedFailure.withLock({ $0 }) { throw error }
        var result = drawn.withLock { $0 }
        result.frames.sort { $0.position < $1.position }
        return result
    }

    /// Draws one image, noting in `drawn` what the report needs of it.
    /// - Returns: its path and image; nil when it drew nothing.
    private func drawImage(_ source: OutputSource, at position: Int, into drawn: borrowing Mutex<DrawnBatch>) -> (path: String, image: DrawnImage)? {
        switch source {
        case .strip:
            guard let strip = strip.take() else { return nil }
            let image: DrawnImage
            if let indexed = strip.indexed {
                image = DrawnImage(indexed: indexed, scale: 1, digested: true)
            } else if let canvas = strip.canvas {
                image = DrawnImage(canvas: canvas, scale: 1, digested: true)
            } else {
                return nil
            }
            drawn.withLock { $0.pixels[OutputLayout.filmstripPath] = image.pixelsSHA256 }
            return (OutputLayout.filmstripPath, image)
        case .frame(let index):
            let frame =
                kept.take(index)
                ?? run.render(run.frames[index], font: font, scale: 1).map { DrawnFrame($0, scale: run.plan.scale) }
            guard let frame else { return nil }
            drawn.withLock { batch in
                batch.missing[position] = frame.missing
                batch.rows[position] = (frame.elements, frame.image.pixelsSHA256)
                if animated { batch.frames.append((index, frame.image)) }
            }
            return (OutputLayout.framePath(run.frames[index].index), frame.image)
        case .still(let index, let file):
            guard let rendered = run.render(run.stills[index], font: font, scale: 1) else { return nil }
            let (path, scale) = sources.stillFiles[index][file]
            let image = DrawnImage(canvas: rendered.canvas, scale: scale, digested: true)
            drawn.withLock { batch in
                batch.missing[position] = rendered.missing
                if file == 0 { batch.stillPanels[index] = rendered.panels }
                batch.pixels[path] = image.pixelsSHA256
            }
            return (path, image)
        }
    }
}

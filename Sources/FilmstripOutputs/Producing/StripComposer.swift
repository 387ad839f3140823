import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Composes the filmstrip image (`filmstrip.png`) of a run before any batch is drawn: the
/// frames it shows (at most ``FilmstripImage/maxFrames``) are drawn a few at a time on all
/// cores, so at most that many cells are held.
///
/// The frames it draws among the first of the run are kept as they were drawn (indexed and
/// digested, ``KeptFrames``) so their batch takes them rather than drawing them again.
struct StripComposer {
    let run: RecordedRun
    let font: BitmapFont
    /// Frames at positions below this are kept for their batch: four batches' worth, and at
    /// least twice as many as the strip shows, so a long run, whose strip shows frames spread
    /// over it, does not hold them until their batches come. Each is about 84 KB for a frame
    /// of 448 × 187.
    let keptReach: Int

    /// The strip, composed on palette indices (3.3 MB rather than 13 MB of RGBA for four rows of
    /// film, and no pass to index it), or in RGBA when it has more than 256 colours; and the
    /// frames kept for their batches.
    func compose() -> (strip: ComposedStrip, kept: KeptFrames) {
        let kept = KeptFrames()
        let indexed = IndexedImage(compose(on: IndexedCanvas.self, keeping: kept))
        let canvas = indexed == nil ? compose(on: Canvas.self, keeping: kept) : nil
        return (ComposedStrip(indexed: indexed, canvas: canvas), kept)
    }

    /// The strip on `target`, its cells drawn a few at a time on all cores.
    private func compose<Target: CompositionTarget>(on target: Target.Type, keeping kept: KeptFrames) -> Target {
        let frames = run.frames
        let shown = FilmstripImage.frameIndices(count: frames.count)
        let size = run.logicalFrameSize(font: font)
        let cellsAtOnce = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
        var drawnCells: [Int: any ComposablePicture] = [:]
        return FilmstripImage.compose(
            on: target, count: shown.count, frameWidth: size.width, frameHeight: size.height,
            font: font, theme: run.plan.theme
        ) { position in
            if position % cellsAtOnce == 0 {
                let positions = Array(position..<min(shown.count, position + cellsAtOnce))
                drawnCells = drawCells(positions.map { shown[$0] }, at: positions, keeping: kept)
            }
            let frame = frames[shown[position]]
            return (
                drawnCells.removeValue(forKey: position),
                "#\(frame.index) · \(Quantity.ms(frame.tMs))",
                frame.phase.map { run.plan.bench.style(ofPhase: $0).color }
            )
        }
    }

    /// The cells of the frames at `indices`, by their `positions` in the strip, drawn on all
    /// cores; frames within ``keptReach`` are kept.
    private func drawCells(_ indices: [Int], at positions: [Int], keeping kept: KeptFrames) -> [Int: any ComposablePicture] {
        let cells = Mutex<[Int: any ComposablePicture]>([:])
        let (run, font, keptReach) = (self.run, self.font, self.keptReach)
        DispatchQueue.concurrentPerform(iterations: indices.count) { offset in
            let index = indices[offset]
            guard let rendered = run.render(run.frames[index], font: font, scale: 1) else { return }
            guard index < keptReach else {
                cells.withLock { $0[positions[offset]] = rendered.canvas }
                return
            }
            let frame = DrawnFrame(rendered, scale: run.plan.scale)
            kept.keep(frame, at: index)
            // The cell from the frame's indices (made for it anyway): a quarter of the bytes to
            // read, and no colour to look up by its pixels.
            let picture: any ComposablePicture = frame.image.indexed ?? rendered.canvas
            cells.withLock { $0[positions[offset]] = picture }
        }
        return cells.withLock { $0 }
    }
}

/// The composed strip, held until the first batch draws it; the holder gives it up once taken.
final class ComposedStrip: Sendable {
    private let image: Mutex<(indexed: IndexedImage?, canvas: Canvas?)?>

    init(indexed: IndexedImage?, canvas: Canvas?) {
        image = Mutex((indexed, canvas))
    }

    /// The strip, once: nil after the first call.
    func take() -> (indexed: IndexedImage?, canvas: Canvas?)? {
        image.withLock { $0.take() }
    }
}

/// The frames the strip drew, kept for their batch (position in the run's frames → frame).
final class KeptFrames: Sendable {
    private let frames = Mutex<[Int: DrawnFrame]>([:])

    /// Keeps `frame`, the run's frame at `index`.
    func keep(_ frame: DrawnFrame, at index: Int) {
        frames.withLock { $0[index] = frame }
    }

    /// The frame at `index` when it was kept, given up.
    func take(_ index: Int) -> DrawnFrame? {
        frames.withLock { $0.removeValue(forKey: index) }
    }
}

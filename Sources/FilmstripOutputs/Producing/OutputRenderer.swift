import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Produces every output of one run: the frames and stills (drawn once each, at 1×, on all
/// cores, in bounded batches), the strip, the animation (`animation.png`, written as a document
/// while the frames are drawn), `report.json` and the contact sheet.
///
/// `record` writes what it produces (its ``ImageSink`` is a ``FrameWriter``); `check` compares
/// it with what is committed (an ``OutputComparison``). Both share this one producer, so what is
/// checked is exactly what would be written.
///
/// Memory does not grow with the frame count: images go to the sink in batches of
/// ``framesPerCore`` × cores, and the next batch is drawn only after the sink has finished the
/// last; the strip keeps only the frames it shows (at most ``FilmstripImage/maxFrames``).
package struct OutputRenderer {
    /// Frames per batch, per core.
    static let framesPerCore = 8

    let run: RecordedRun
    let analysis: Analysis
    let lint: [String]
    let font: BitmapFont
    /// The plan file as the outputs name it (``PlanFilePath``), e.g. `captures/live/live-announce.json`.
    let planFile: String

    /// Memberwise.
    package init(
        run: RecordedRun, analysis: Analysis, lint: [String], font: BitmapFont, planFile: String
    ) {
        self.run = run
        self.analysis = analysis
        self.lint = lint
        self.font = font
        self.planFile = planFile
    }

    /// Sends every image to `images` and every document (`animation.png`, `report.json`,
    /// `index.html`, `index-row.json`) to `documents`, with its path relative to the plan's folder.
    /// The animation, the report and the contact sheet are written while the images are drawn
    /// (their documents are open together; each batch adds its frames' animation frames, report
    /// rows and figures: ``RunDocuments``), so nothing that grows with the frame count is held: a
    /// frame's row is made, written and dropped with its batch. Images go in the order of
    /// ``OutputSources``: the strip (``StripComposer``), the stills, then the frames, drawn in
    /// batches by ``BatchDrawer``; the animation is written last (``AnimationWriter``), then the
    /// report's tail, which holds its digests.
    /// - Returns: the report, its ``RunReport/frames`` left empty (every row is in `report.json`),
    ///   the row of the index across plans (`index-row.json`), and the code points the font lacked.
    /// `progress` is called after each batch with the images done so far and the images in all
    /// (the strip, every still's images, every frame).
    /// - Throws: the first error the sink or `documents` throws.
    package func produce<Sink: ImageSink>(
        images sink: Sink, documents: some DocumentSink,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(FilmstripError) -> (
        report: RunReport, indexRow: IndexRowFile, missing: [Unicode.Scalar]
    ) {
        let batchSize = Self.framesPerCore * max(1, ProcessInfo.processInfo.activeProcessorCount)
        let keptReach = max(4 * batchSize, 2 * FilmstripImage.maxFrames)
        let (strip, kept) = StripComposer(run: run, font: font, keptReach: keptReach).compose()
        let schedule = AnimationSchedule(run)
        let size = run.logicalFrameSize(font: font)
        let report = try documents.open(OutputLayout.reportPath)
        let sheet = try documents.open(OutputLayout.contactSheetPath)
        let animation =
            schedule.frames.isEmpty || !sink.encodesAnimationWhileDrawing
            ? nil
            : try AnimationStream(
                schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: run.plan.scale,
                path: OutputLayout.animationPath)
        let animated = animation != nil
        let rows = RunDocuments(
            run: run, analysis: analysis, font: font, sink: sink, schedule: schedule, report: report, sheet: sheet,
            animation: animation)
        let drawer = BatchDrawer(
            run: run, font: font, sources: OutputSources(run: run), sink: sink, strip: strip, kept: kept,
            animated: animated)
        let (images, jobs) = try drawAll(drawer, writing: rows, batchSize: batchSize, progress: progress)
        try sink.finishAll()
        let done = try rows.finish(
            lastEncoded: AnimationStream.encode(jobs),
            skeleton: rows.isOpen ? nil : images.skeleton(run: run, analysis: analysis, lint: lint), planFile: planFile)
        var final = done.report
        let animationWriter = AnimationWriter(run: run, font: font, schedule: schedule, sink: sink, batchSize: batchSize)
        if let file = try animationWriter.write(done.animation, pixels: done.animationPixels, to: documents) {
            final.stripAnimationPixelsSHA256 = done.animationPixels
            final.stripAnimationFileSHA256 = file
        }
        try rows.closeReport(final)
        let indexRow = IndexRowFile(
            report: final, frameCount: run.frames.count, thumbnails: done.thumbnails, planFile: planFile)
        try documents.write(OutputLayout.indexRowPath, indexRow.jsonData())
        return (final, indexRow, images.missing)
    }

    /// Draws every batch, each batch's ordered work (``RunDocuments/complete(_:skeleton:)``)
    /// running beside the next batch's drawing, the last batch's after it.
    /// - Returns: what the report keeps of the images, and the animation's last frames to encode.
    private func drawAll<Sink: ImageSink>(
        _ drawer: BatchDrawer<Sink>, writing rows: RunDocuments<Sink>, batchSize: Int,
        progress: (_ done: Int, _ total: Int) -> Void
    ) throws(FilmstripError) -> (images: ImageRecords, jobs: [AnimationStream.Job]) {
        var images = ImageRecords()
        var jobs: [AnimationStream.Job] = []
        var tail: DrawnBatch?
        /// The report's skeleton when `batch` holds the run's first frame.
        func skeleton(for batch: DrawnBatch) -> RunReport? {
            guard !rows.isOpen, batch.sources.contains(where: { if case .frame = $0 { true } else { false } }) else {
                return nil
            }
            return images.skeleton(run: run, analysis: analysis, lint: lint)
        }
        let sources = drawer.sources
        for range in sources.batches(size: batchSize) {
            var ordered: (@Sendable () throws(FilmstripError) -> Void)?
            if let tail {
                let skeleton = skeleton(for: tail)
                ordered = { () throws(FilmstripError) in try rows.complete(tail, skeleton: skeleton) }
            }
            let drawn = try drawer.draw(range.map { sources[$0] }, encoding: jobs, beside: ordered)
            images.take(drawn, sink: drawer.sink)
            jobs = rows.admit(drawn.frames)
            tail = drawn
            progress(range.upperBound, sources.count)
        }
        if let tail { try rows.complete(tail, skeleton: skeleton(for: tail)) }
        return (images, jobs)
    }
}

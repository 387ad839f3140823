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
struct OutputRenderer {
    /// Frames per batch, per core.
    static let framesPerCore = 8

    let run: RecordedRun
    let analysis: Analysis
    let lint: [String]
    let font: BitmapFont
    /// The plan file as the outputs name it (``PlanFilePath``), e.g. `captures/live/live-announce.json`.
    let planFile: String

    /// One image the renderer hands to the sink.
    private enum Source {
        case frame(Int)
        /// A still's image at one of its scales (``OutputLayout/stillFiles(name:scales:planScale:)``).
        case still(Int, file: Int)
        case strip
    }

    /// A text document, produced in pieces: call it with a function that takes each piece in order.
    typealias Document = ((Data) throws(CommandError) -> Void) throws(CommandError) -> Void

    /// Sends every image to `images` and every document (`animation.png`, `report.json`,
    /// `index-row.json`, `index.html`) to `documents`, with its path relative to the plan's folder.
    /// The animation's document runs while the images are drawn (its pieces are each batch's frames).
    /// - Returns: the report and the code points the font lacked.
    /// - Throws: the first error the sink or `documents` throws.
    func produce<Sink: ImageSink>(
        images sink: Sink, documents: (String, Document) throws(CommandError) -> Void
    ) throws(CommandError) -> (report: RunReport, missing: [Unicode.Scalar]) {
        let run = self.run
        let font = self.font
        let frames = run.frames
        let scale = run.plan.scale
        let missing = Mutex<[Unicode.Scalar]>([])
        let stillPanels = Mutex<[Int: [PanelRendering]]>([:])
        let digests = Mutex<[Int: String]>([:])
        let frameElements = Mutex<[Int: [[SemanticElement]]]>([:])
        @Sendable func note(_ scalars: [Unicode.Scalar]) {
            guard !scalars.isEmpty else { return }
            missing.withLock { known in
                for scalar in scalars where !known.contains(scalar) { known.append(scalar) }
            }
        }

        // The strip first, drawn one frame at a time; its encoding shares the first batch, so
        // it runs beside the first frames'. The holder gives the canvas up once it is prepared.
        let shown = FilmstripImage.frameIndices(count: frames.count)
        let size = run.logicalFrameSize(font: font)
        let strip = Mutex<Canvas?>(FilmstripImage.compose(count: shown.count, frameWidth: size.width, frameHeight: size.height, font: font, theme: run.plan.theme) { position in
            let frame = frames[shown[position]]
            return (run.render(frame, font: font, scale: 1)?.canvas, "#\(frame.index) · \(Quantity.ms(frame.tMs))", frame.phase.map { run.plan.bench.style(ofPhase: $0).color })
        })

        var sources: [Source] = [.strip]
        sources += frames.indices.map(Source.frame)
        let stillFiles = run.stills.map { OutputLayout.stillFiles(name: $0.name, scales: $0.scales, planScale: scale) }
        for (index, files) in stillFiles.enumerated() { sources += files.indices.map { Source.still(index, file: $0) } }
        let batchSize = Self.framesPerCore * max(1, ProcessInfo.processInfo.activeProcessorCount)
        // `animation.png` is written while the frames are drawn: each batch's frames are appended
        // in order, and only the last one is kept for the next batch.
        let schedule = AnimationSchedule(run)
        let animationPath = OutputLayout.animationPath
        func drawAll(animation append: (Data) throws(CommandError) -> Void, animated: Bool) throws(CommandError) {
            var animation = animated ? try AnimationStream(schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: scale, path: animationPath) : nil
            var start = 0
            while start < sources.count {
                // The strip's batch holds one image more, so the strip is not alone on its core.
                let end = min(sources.count, start + batchSize + (start == 0 ? 1 : 0))
                let batch = Array(sources[start..<end])
                let prepared = Mutex<[Sink.Prepared?]>(Array(repeating: nil, count: batch.count))
                let drawnFrames = Mutex<[(position: Int, canvas: Canvas)]>([])
                DispatchQueue.concurrentPerform(iterations: batch.count) { position in
                    let path: String
                    let canvas: Canvas
                    let imageScale: Int
                    var digest: String?
                    switch batch[position] {
                    case .strip:
                        guard let drawn = strip.withLock({ $0.take() }) else { return }
                        (path, canvas, imageScale) = (OutputLayout.filmstripPath, drawn, 1)
                    case .frame(let index):
                        guard let rendered = run.render(frames[index], font: font, scale: 1) else { return }
                        note(rendered.missing)
                        frameElements.withLock { $0[index] = rendered.panels.map(\.elements) }
                        (path, canvas, imageScale) = (OutputLayout.framePath(frames[index].index), rendered.canvas, scale)
                        digest = PixelDigest.sha256(of: rendered.canvas, scale: scale)
                        digests.withLock { $0[frames[index].index] = digest }
                        if animated { drawnFrames.withLock { $0.append((index, rendered.canvas)) } }
                    case .still(let index, let file):
                        let still = run.stills[index]
                        guard let rendered = run.render(still, font: font, scale: 1) else { return }
                        note(rendered.missing)
                        if file == 0 { stillPanels.withLock { $0[index] = rendered.panels } }
                        (path, canvas, imageScale) = (stillFiles[index][file].path, rendered.canvas, stillFiles[index][file].scale)
                    }
                    let result = sink.prepare(path, canvas, scale: imageScale, pixelsSHA256: digest)
                    prepared.withLock { $0[position] = result }
                }
                try sink.finish(prepared.withLock { $0.compactMap { $0 } })
                if animation != nil {
                    let inOrder = drawnFrames.withLock { $0 }.sorted { $0.position < $1.position }
                    try append(animation!.bytes(for: inOrder, path: animationPath))
                }
                start = end
            }
            if let animation { try append(animation.finish(path: animationPath)) }
        }
        if schedule.frames.isEmpty {
            try drawAll(animation: { _ throws(CommandError) in }, animated: false)
        } else {
            try documents(animationPath) { write throws(CommandError) in try drawAll(animation: write, animated: true) }
        }

        let panels = stillPanels.withLock { table in run.stills.indices.map { table[$0] ?? [] } }
        let report = RunReport(run: run, analysis: analysis, lint: lint, renderedStills: panels, frameElements: frameElements.withLock { $0 }, withFiles: true, pixelDigests: digests.withLock { $0 },
            fileDigests: sink.fileDigests)
        try documents(OutputLayout.reportPath) { write throws(CommandError) in try report.writeJSON(write) }
        let planFile = self.planFile
        try documents(OutputLayout.indexRowPath) { write throws(CommandError) in try write(IndexRowFile(report: report, planFile: planFile).jsonData()) }
        try documents(OutputLayout.contactSheetPath) { write throws(CommandError) in
            var buffer = Data()
            try ContactSheet.write(report: report, run: run, analysis: analysis, planFile: planFile) { text throws(CommandError) in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 65_536 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try write(buffer)
        }
        return (report, missing.withLock { $0 })
    }
}

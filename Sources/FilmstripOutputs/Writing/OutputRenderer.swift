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
    package init(run: RecordedRun, analysis: Analysis, lint: [String], font: BitmapFont, planFile: String) {
        self.run = run
        self.analysis = analysis
        self.lint = lint
        self.font = font
        self.planFile = planFile
    }

    /// One image the renderer hands to the sink.
    private enum Source {
        case frame(Int)
        /// A still's image at one of its scales (``OutputLayout/stillFiles(name:scales:planScale:)``).
        case still(Int, file: Int)
        case strip
    }

    /// A text document, produced in pieces: call it with a function that takes each piece in order.
    package typealias Document = ((Data) throws(FilmstripError) -> Void) throws(FilmstripError) -> Void

    /// Sends every image to `images` and every document (`animation.png`, `report.json`,
    /// `index.html`, `index-row.json`) to `documents`, with its path relative to the plan's folder.
    /// The animation, the report and the contact sheet are written while the images are drawn
    /// (their documents are open together; each batch adds its frames' animation frames, report
    /// rows and figures), so nothing that grows with the frame count is held: a frame's row is
    /// made, written and dropped with its batch. Images go in this order: the strip, the stills
    /// (whose panels the report and the contact sheet name before the frames), then the frames.
    /// - Returns: the report, its ``RunReport/frames`` left empty (every row is in `report.json`),
    ///   the row of the index across plans (`index-row.json`), and the code points the font lacked.
    /// `progress` is called after each batch with the images done so far and the images in all
    /// (the strip, every still's images, every frame).
    /// - Throws: the first error the sink or `documents` throws.
    package func produce<Sink: ImageSink>(
        images sink: Sink, documents: (String, Document) throws(FilmstripError) -> Void, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(FilmstripError) -> (report: RunReport, indexRow: IndexRowFile, missing: [Unicode.Scalar]) {
        let run = self.run
        let font = self.font
        let frames = run.frames
        let scale = run.plan.scale
        let missing = Mutex<[Unicode.Scalar]>([])
        let stillPanels = Mutex<[Int: [PanelRendering]]>([:])
        @Sendable func note(_ scalars: [Unicode.Scalar]) {
            guard !scalars.isEmpty else { return }
            missing.withLock { known in
                for scalar in scalars where !known.contains(scalar) { known.append(scalar) }
            }
        }

        // The strip first, drawn one frame at a time; its encoding shares the first batch, so
        // it runs beside the first images'. The holder gives the canvas up once it is prepared.
        let shown = FilmstripImage.frameIndices(count: frames.count)
        let size = run.logicalFrameSize(font: font)
        let images = ContactSheet.ImageSizes(run: run, font: font)
        let strip = Mutex<Canvas?>(FilmstripImage.compose(count: shown.count, frameWidth: size.width, frameHeight: size.height, font: font, theme: run.plan.theme) { position in
            let frame = frames[shown[position]]
            return (run.render(frame, font: font, scale: 1)?.canvas, "#\(frame.index) · \(Quantity.ms(frame.tMs))", frame.phase.map { run.plan.bench.style(ofPhase: $0).color })
        })

        // Sources by position: the strip, every still's images, then every frame; made per batch,
        // never listed whole.
        let stillFiles = run.stills.map { OutputLayout.stillFiles(name: $0.name, scales: $0.scales, planScale: scale) }
        var stillSources: [Source] = []
        for (index, files) in stillFiles.enumerated() { stillSources += files.indices.map { Source.still(index, file: $0) } }
        let sourceCount = 1 + stillSources.count + frames.count
        func source(_ position: Int) -> Source {
            if position == 0 { return .strip }
            if position <= stillSources.count { return stillSources[position - 1] }
            return .frame(position - 1 - stillSources.count)
        }
        let batchSize = Self.framesPerCore * max(1, ProcessInfo.processInfo.activeProcessorCount)
        let schedule = AnimationSchedule(run)
        let animationPath = OutputLayout.animationPath
        var finished: RunReport?
        // The index row's thumbnails, picked from each frame's row as it is made (no row is made twice).
        var thumbnails = IndexRowFile.ThumbnailPicker()
        /// The report without frame rows, once every still is drawn (their panels are in it).
        func skeleton() -> RunReport {
            let panels = stillPanels.withLock { table in run.stills.indices.map { table[$0] ?? [] } }
            return RunReport(run: run, analysis: analysis, lint: lint, renderedStills: panels, withFiles: true, frameRows: false)
        }

        /// Draws every batch; `animation` (when `animated`: some frame is drawn), `report` and `sheet`
        /// take the pieces of the three documents written alongside.
        func drawAll(
            animated: Bool, animation appendAnimation: (Data) throws(FilmstripError) -> Void, report appendReport: (Data) throws(FilmstripError) -> Void,
            sheet appendSheet: (Data) throws(FilmstripError) -> Void
        ) throws(FilmstripError) {
            var animation = animated ? try AnimationStream(schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: scale, path: animationPath) : nil
            // The report's skeleton and the sheet's head are made once every still is drawn,
            // just before the first frame's row.
            var opened: (report: RunReport, writer: RunReport.JSONWriter)?
            var reportPiece = Data()
            var sheetPiece = Data()
            var rows = 0
            func open() throws(FilmstripError) -> (report: RunReport, writer: RunReport.JSONWriter) {
                if let opened { return opened }
                let skeleton = skeleton()
                let writer = RunReport.JSONWriter(skeleton: skeleton, frameCount: frames.count)
                reportPiece.append(writer.head)
                try ContactSheet.writeHead(report: skeleton, run: run, analysis: analysis, frameCount: frames.count, images: images) { text throws(FilmstripError) in
                    sheetPiece.append(contentsOf: text.utf8)
                }
                opened = (skeleton, writer)
                return (skeleton, writer)
            }
            func flush(atLeast bytes: Int) throws(FilmstripError) {
                if reportPiece.count >= bytes {
                    try appendReport(reportPiece)
                    reportPiece.removeAll(keepingCapacity: true)
                }
                if sheetPiece.count >= bytes {
                    try appendSheet(sheetPiece)
                    sheetPiece.removeAll(keepingCapacity: true)
                }
            }

            var start = 0
            while start < sourceCount {
                // The strip's batch holds one image more, so the strip is not alone on its core.
                let end = min(sourceCount, start + batchSize + (start == 0 ? 1 : 0))
                let batch = (start..<end).map(source)
                let prepared = Mutex<[Sink.Prepared?]>(Array(repeating: nil, count: batch.count))
                let drawnFrames = Mutex<[(position: Int, canvas: Canvas)]>([])
                // Per position in the batch: a frame's panels' semantic elements and pixel digest.
                let drawn = Mutex<[(elements: [[SemanticElement]], digest: String)?]>(Array(repeating: nil, count: batch.count))
                let animated = animation != nil
                DispatchQueue.concurrentPerform(iterations: batch.count) { position in
                    let path: String
                    let canvas: Canvas
                    let imageScale: Int
                    var digest: String?
                    switch batch[position] {
                    case .strip:
                        guard let image = strip.withLock({ $0.take() }) else { return }
                        (path, canvas, imageScale) = (OutputLayout.filmstripPath, image, 1)
                    case .frame(let index):
                        guard let rendered = run.render(frames[index], font: font, scale: 1) else { return }
                        note(rendered.missing)
                        (path, canvas, imageScale) = (OutputLayout.framePath(frames[index].index), rendered.canvas, scale)
                        let pixels = PixelDigest.sha256(of: rendered.canvas, scale: scale)
                        digest = pixels
                        drawn.withLock { $0[position] = (rendered.panels.map(\.elements), pixels) }
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
                    try appendAnimation(animation!.bytes(for: inOrder, path: animationPath))
                }
                // The batch's frames' rows and figures, in order.
                let drawnInBatch = drawn.withLock { $0 }
                for (position, item) in batch.enumerated() {
                    guard case .frame(let index) = item else { continue }
                    let (report, writer) = try open()
                    let frame = frames[index]
                    let path = OutputLayout.framePath(frame.index)
                    let row = RunReport.frameRow(
                        frame, elements: drawnInBatch[position]?.elements, withFiles: true, pixelsSHA256: drawnInBatch[position]?.digest,
                        fileSHA256: sink.takeFileDigest(path))
                    writer.append(row, first: rows == 0, to: &reportPiece)
                    thumbnails.note(row)
                    rows += 1
                    sheetPiece.append(contentsOf: ContactSheet.figure(of: row, report: report, run: run, images: images).utf8)
                    try flush(atLeast: 65_536)
                }
                start = end
                progress(end, sourceCount)
            }
            let (report, writer) = try open()
            reportPiece.append(writer.tail)
            try ContactSheet.writeTail(report: report, planFile: planFile) { text throws(FilmstripError) in
                sheetPiece.append(contentsOf: text.utf8)
            }
            try flush(atLeast: 0)
            if let animation { try appendAnimation(animation.finish(path: animationPath)) }
            finished = report
        }

        // The three documents are open together: each nested call runs inside the one before.
        try withoutActuallyEscaping(documents) { (documents) throws(FilmstripError) in
            try documents(OutputLayout.reportPath) { appendReport throws(FilmstripError) in
                try withoutActuallyEscaping(appendReport) { (appendReport) throws(FilmstripError) in
                    try documents(OutputLayout.contactSheetPath) { appendSheet throws(FilmstripError) in
                        if schedule.frames.isEmpty {
                            try drawAll(animated: false, animation: { _ throws(FilmstripError) in }, report: appendReport, sheet: appendSheet)
                            return
                        }
                        try withoutActuallyEscaping(appendSheet) { (appendSheet) throws(FilmstripError) in
                            try documents(animationPath) { appendAnimation throws(FilmstripError) in
                                try drawAll(animated: true, animation: appendAnimation, report: appendReport, sheet: appendSheet)
                            }
                        }
                    }
                }
            }
        }
        // A `documents` that ran the report's document left its skeleton; one that did not is
        // given the same skeleton now.
        let report = finished ?? skeleton()
        // The index row's thumbnails were picked from the rows as they were made.
        let indexRow = IndexRowFile(report: report, frameCount: frames.count, thumbnails: thumbnails, planFile: planFile)
        try documents(OutputLayout.indexRowPath) { write throws(FilmstripError) in try write(indexRow.jsonData()) }
        return (report, indexRow, missing.withLock { $0 })
    }
}

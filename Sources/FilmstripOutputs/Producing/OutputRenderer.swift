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

    /// One image the renderer hands to the sink.
    private enum Source {
        case frame(Int)
        /// A still's image at one of its scales (``OutputLayout/stillFiles(name:scales:planScale:)``).
        case still(Int, file: Int)
        case strip
    }

    /// A text document, produced in pieces: call it with a function that takes each piece in order.
    package typealias Document = ((Data) throws(FilmstripError) -> Void) throws(FilmstripError) ->
        Void

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
        images sink: Sink, documents: (String, Document) throws(FilmstripError) -> Void,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(FilmstripError) -> (
        report: RunReport, indexRow: IndexRowFile, missing: [Unicode.Scalar]
    ) {
        let run = self.run
        let font = self.font
        let frames = run.frames
        let scale = run.plan.scale
        let missing = Mutex<[Unicode.Scalar]>([])
        let stillPanels = Mutex<[Int: [PanelRendering]]>([:])
        // The strip's and the stills' pixel digests by path, then with their file digests once written.
        let stripAndStillPixels = Mutex<[String: String]>([:])
        var stripAndStillDigests: [String: (pixels: String, file: String)] = [:]
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
        // Its cells are drawn a few at a time on all cores, so at most that many are held.
        let cellsAtOnce = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
        var drawnCells: [Int: any ComposablePicture] = [:]
        // The frames the strip shows, kept as they were drawn for it (indexed and digested), so
        // their batch takes them rather than drawing them again: at most
        // ``FilmstripImage/maxFrames`` of them, each about 84 KB for a frame of 448 × 187. Only
        // those among the first frames (four batches', and at least twice as many as the strip
        // shows) are kept, so a long run, whose strip shows frames spread over it, does not hold
        // them until their batches come.
        let batchSize = Self.framesPerCore * max(1, ProcessInfo.processInfo.activeProcessorCount)
        let keptReach = max(4 * batchSize, 2 * FilmstripImage.maxFrames)
        let keptFrames = Mutex<[Int: DrawnFrame]>([:])
        func composeStrip<Target: CompositionTarget>(on target: Target.Type) -> Target {
            FilmstripImage.compose(
                on: target, count: shown.count, frameWidth: size.width, frameHeight: size.height,
                font: font, theme: run.plan.theme
            ) { position in
                if position % cellsAtOnce == 0 {
                    let positions = Array(position..<min(shown.count, position + cellsAtOnce))
                    let cells = Mutex<[Int: any ComposablePicture]>([:])
                    DispatchQueue.concurrentPerform(iterations: positions.count) { offset in
                        let index = shown[positions[offset]]
                        guard let rendered = run.render(frames[index], font: font, scale: 1) else { return }
                        guard index < keptReach else {
                            cells.withLock { $0[positions[offset]] = rendered.canvas }
                            return
                        }
                        let kept = DrawnFrame(rendered, scale: scale)
                        keptFrames.withLock { $0[index] = kept }
                        // The cell from the frame's indices (made for it anyway): a quarter of the
                        // bytes to read, and no colour to look up by its pixels.
                        let picture: any ComposablePicture = kept.image.indexed ?? rendered.canvas
                        cells.withLock { $0[positions[offset]] = picture }
                    }
                    drawnCells = cells.withLock { $0 }
                }
                let frame = frames[shown[position]]
                return (
                    drawnCells.removeValue(forKey: position),
                    "#\(frame.index) · \(Quantity.ms(frame.tMs))",
                    frame.phase.map { run.plan.bench.style(ofPhase: $0).color }
                )
            }
        }
        // The strip is composed on palette indices (3.3 MB rather than 13 MB of RGBA for four
        // rows of film, and no pass to index it); one of more than 256 colours again in RGBA.
        let indexedStrip = IndexedImage(composeStrip(on: IndexedCanvas.self))
        let strip = Mutex<(indexed: IndexedImage?, canvas: Canvas?)?>(
            (indexedStrip, indexedStrip == nil ? composeStrip(on: Canvas.self) : nil))

        // Sources by position: the strip, every still's images, then every frame; made per batch,
        // never listed whole.
        let stillFiles = run.stills.map {
            OutputLayout.stillFiles(name: $0.name, scales: $0.scales, planScale: scale)
        }
        var stillSources: [Source] = []
        for (index, files) in stillFiles.enumerated() {
            stillSources += files.indices.map { Source.still(index, file: $0) }
        }
        let sourceCount = 1 + stillSources.count + frames.count
        func source(_ position: Int) -> Source {
            if position == 0 { return .strip }
            if position <= stillSources.count { return stillSources[position - 1] }
            return .frame(position - 1 - stillSources.count)
        }
        let schedule = AnimationSchedule(run)
        let animationPath = OutputLayout.animationPath
        var finished: RunReport?
        // The index row's thumbnails, picked from each frame's row as it is made (no row is made twice).
        var thumbnails = IndexRowFile.ThumbnailPicker()
        /// The report without frame rows, once every still is drawn (their panels are in it).
        func skeleton() -> RunReport {
            let panels = stillPanels.withLock { table in run.stills.indices.map { table[$0] ?? [] }
            }
            return RunReport(
                run: run, analysis: analysis, lint: lint, renderedStills: panels, withFiles: true,
                imageDigests: stripAndStillDigests, frameRows: false)
        }

        /// Draws every batch; `report` and `sheet` take the pieces of the two documents written
        /// alongside (the report all but its tail); the animation's frames are encoded as they
        /// are drawn (when some frame is and the sink ``ImageSink/encodesAnimationWhileDrawing``).
        /// - Returns: the animation, ready to be written; the animation's pixel digest
        ///   (``AnimationDigest``); the report's skeleton and writer, for its tail.
        func drawAll(
            report appendReport: (Data) throws(FilmstripError) -> Void,
            sheet appendSheet: (Data) throws(FilmstripError) -> Void
        ) throws(FilmstripError) -> (
            animation: AnimationStream?, animationPixels: String?, report: RunReport,
            writer: RunReport.JSONWriter
        ) {
            var animationDigest = AnimationDigest(
                width: size.width, height: size.height, scale: scale,
                frameCount: schedule.frames.count)
            var animationNext = 0
            var animation =
                schedule.frames.isEmpty || !sink.encodesAnimationWhileDrawing
                ? nil
                : try AnimationStream(
                    schedule: schedule, frameWidth: size.width, frameHeight: size.height,
                    scale: scale, path: animationPath)
            // The report's skeleton and the sheet's head are made once every still is drawn,
            // just before the first frame's row.
            var opened: (report: RunReport, writer: RunReport.JSONWriter)?
            var reportPiece = Data()
            var sheetPiece = Data()
            var rows = 0
            func open() throws(FilmstripError) -> (report: RunReport, writer: RunReport.JSONWriter)
            {
                if let opened { return opened }
                let skeleton = skeleton()
                let writer = RunReport.JSONWriter(skeleton: skeleton, frameCount: frames.count)
                reportPiece.append(writer.head)
                try ContactSheet.writeHead(
                    report: skeleton, run: run, analysis: analysis, frameCount: frames.count,
                    images: images
                ) { text throws(FilmstripError) in
                    // Written as it comes: a long run's head (a tick per frame, a bar segment per
                    // phase change) is megabytes, and a piece that held it kept its capacity.
                    sheetPiece.append(contentsOf: text.utf8)
                    if sheetPiece.count >= DocumentPiece.bytes {
                        try appendSheet(sheetPiece)
                        sheetPiece.removeAll(keepingCapacity: true)
                    }
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

            // The animation's frames of the batch before, encoded beside the next batch's images
            // (one pass over the cores, no barrier of their own).
            var animationJobs: [AnimationStream.Job] = []
            // The batch before's ordered work (its animation frames added, its report rows and
            // sheet figures made and written), done on one core while the others draw the next
            // batch: only this work touches the documents, the animation's writer and the
            // counters it keeps, and it never runs beside itself.
            var tail: (
                batch: [Source], drawn: [(elements: [[SemanticElement]], digest: String?)?],
                encoded: [Result<AnimatedPNGFrame, PNGError>]
            )?
            /// The ordered work of a batch once drawn: its animation frames (encoded beside it,
            /// from the batch before) added, its frames' report rows and sheet figures made in
            /// order and written.
            func completeInOrder(
                _ batch: [Source], _ drawnInBatch: [(elements: [[SemanticElement]], digest: String?)?],
                _ encoded: [Result<AnimatedPNGFrame, PNGError>]
            ) throws(FilmstripError) {
                if animation != nil { try animation!.add(encoded) }
                // The batch's frames' rows and figures, in order.
                for (position, item) in batch.enumerated() {
                    guard case .frame(let index) = item else { continue }
                    let (report, writer) = try open()
                    let frame = frames[index]
                    let path = OutputLayout.framePath(frame.index)
                    let pixelsSHA256 = drawnInBatch[position]?.digest
                    if animationNext < schedule.frames.count,
                        schedule.frames[animationNext].position == index
                    {
                        animationDigest.append(
                            delayMs: schedule.frames[animationNext].delayMs,
                            pixelsSHA256: pixelsSHA256)
                        animationNext += 1
                    }
                    let row = RunReport.frameRow(
                        frame, elements: drawnInBatch[position]?.elements, withFiles: true,
                        pixelsSHA256: pixelsSHA256,
                        fileSHA256: sink.takeFileDigest(path))
                    writer.append(row, first: rows == 0, to: &reportPiece)
                    thumbnails.note(row)
                    rows += 1
                    sheetPiece.append(
                        contentsOf: ContactSheet.figure(
                            of: row, report: report, run: run, images: images
                        ).utf8)
                    try flush(atLeast: DocumentPiece.bytes)
                }
            }
            var start = 0
            while start < sourceCount {
                // The strip's batch holds one image more, so the strip is not alone on its core.
                let end = min(sourceCount, start + batchSize + (start == 0 ? 1 : 0))
                let batch = (start..<end).map(source)
                let prepared = Mutex<[Sink.Prepared?]>(Array(repeating: nil, count: batch.count))
                let drawnFrames = Mutex<[(position: Int, image: DrawnImage)]>([])
                // Per position in the batch: a frame's panels' semantic elements and pixel digest.
                let drawn = Mutex<[(elements: [[SemanticElement]], digest: String?)?]>(
                    Array(repeating: nil, count: batch.count))
                let animated = animation != nil
                let jobs = animationJobs
                let encodedJobs = Mutex<[Result<AnimatedPNGFrame, PNGError>?]>(
                    Array(repeating: nil, count: jobs.count))
                // The images, then the animation's frames, drawn and encoded on all cores.
                let iterations = batch.count + jobs.count
                @Sendable func draw(_ position: Int) {
                    guard position < batch.count else {
                        let result = AnimationStream.encode(jobs[position - batch.count])
                        encodedJobs.withLock { $0[position - batch.count] = result }
                        return
                    }
                    let path: String
                    var canvas: Canvas?
                    var imageScale = 1
                    var drawnImage: DrawnImage?
                    switch batch[position] {
                    case .strip:
                        guard let image = strip.withLock({ $0.take() }) else { return }
                        path = OutputLayout.filmstripPath
                        if let indexed = image.indexed {
                            let drawnStrip = DrawnImage(indexed: indexed, scale: 1, digested: true)
                            stripAndStillPixels.withLock { $0[path] = drawnStrip.pixelsSHA256 }
                            drawnImage = drawnStrip
                        } else {
                            canvas = image.canvas
                        }
                    case .frame(let index):
                        let frame =
                            keptFrames.withLock { $0.removeValue(forKey: index) }
                            ?? run.render(frames[index], font: font, scale: 1).map {
                                DrawnFrame($0, scale: scale)
                            }
                        guard let frame else { return }
                        note(frame.missing)
                        path = OutputLayout.framePath(frames[index].index)
                        let image = frame.image
                        drawnImage = image
                        drawn.withLock { $0[position] = (frame.elements, image.pixelsSHA256) }
                        if animated { drawnFrames.withLock { $0.append((index, image)) } }
                    case .still(let index, let file):
                        let still = run.stills[index]
                        guard let rendered = run.render(still, font: font, scale: 1) else { return }
                        note(rendered.missing)
                        if file == 0 { stillPanels.withLock { $0[index] = rendered.panels } }
                        (path, canvas, imageScale) = (
                            stillFiles[index][file].path, rendered.canvas,
                            stillFiles[index][file].scale
                        )
                    }
                    if drawnImage == nil, let canvas {
                        let image = DrawnImage(canvas: canvas, scale: imageScale, digested: true)
                        stripAndStillPixels.withLock { $0[path] = image.pixelsSHA256 }
                        drawnImage = image
                    }
                    guard let drawnImage else { return }
                    let result = sink.prepare(path, drawnImage)
                    prepared.withLock { $0[position] = result }
                }
                // The batch before's ordered work is the pass's first iteration, so the other
                // cores draw beside it.
                let orderedFailure = Mutex<FilmstripError?>(nil)
                if let ordered = tail {
                    tail = nil
                    let complete = { () throws(FilmstripError) in
                        try completeInOrder(ordered.batch, ordered.drawn, ordered.encoded)
                    }
                    withoutActuallyEscaping(complete) { complete in
                        let passenger = PassengerWork(body: complete)
                        DispatchQueue.concurrentPerform(iterations: 1 + iterations) { iteration in
                            guard iteration > 0 else {
                                do throws(FilmstripError) { try passenger.body() } catch {
                                    orderedFailure.withLock { $0 = error }
                                }
                                return
                            }
                            draw(iteration - 1)
                        }
                    }
                } else {
                    DispatchQueue.concurrentPerform(iterations: iterations, execute: draw)
                }
                try sink.finish(prepared.withLock { $0.compactMap { $0 } })
                if let error = orderedFailure.withLock({ $0 }) { throw error }
                let digested: [String: String] = stripAndStillPixels.withLock { table in
                    let taken = table
                    table = [:]
                    return taken
                }
                for (path, pixels) in digested {
                    if let file = sink.takeFileDigest(path) {
                        stripAndStillDigests[path] = (pixels: pixels, file: file)
                    }
                }
                // The animation's palette numbering is made in order now (the next pass encodes
                // these frames); adding the frames encoded in this pass waits for the ordered work.
                let encoded = encodedJobs.withLock { $0 }.compactMap { $0 }
                if animation != nil {
                    let inOrder = drawnFrames.withLock { $0 }.sorted { $0.position < $1.position }
                    animationJobs = animation!.admit(inOrder)
                }
                let drawnInBatch = drawn.withLock { $0 }
                tail = (batch, drawnInBatch, encoded)
                start = end
                progress(end, sourceCount)
            }
            // The last batch's ordered work, then its animation frames.
            if let ordered = tail { try completeInOrder(ordered.batch, ordered.drawn, ordered.encoded) }
            if animation != nil { try animation!.add(AnimationStream.encode(animationJobs)) }
            try sink.finishAll()
            let (report, writer) = try open()
            try ContactSheet.writeTail(report: report, planFile: planFile) {
                text throws(FilmstripError) in
                sheetPiece.append(contentsOf: text.utf8)
            }
            try flush(atLeast: 0)
            return (animation, animationDigest.sha256, report, writer)
        }

        /// Draws the animation's frames again, a batch at a time on all cores, and hands each
        /// batch (positions in the run's frames with their 1× canvases, in order; frames that
        /// draw nothing absent) to `body`, until every frame is drawn or `body` returns false.
        func redrawAnimationFrames(
            _ body: ([(position: Int, canvas: Canvas)]) throws(FilmstripError) -> Bool
        ) throws(FilmstripError) {
            var start = 0
            while start < schedule.frames.count {
                let positions = (start..<min(schedule.frames.count, start + batchSize)).map {
                    schedule.frames[$0].position
                }
                let drawn = Mutex<[Canvas?]>(Array(repeating: nil, count: positions.count))
                DispatchQueue.concurrentPerform(iterations: positions.count) { offset in
                    let canvas = run.render(frames[positions[offset]], font: font, scale: 1)?.canvas
                    drawn.withLock { $0[offset] = canvas }
                }
                let canvases = drawn.withLock { $0 }
                let batch = zip(positions, canvases).compactMap { position, canvas in
                    canvas.map { (position: position, canvas: $0) }
                }
                guard try body(batch) else { return }
                start += positions.count
            }
        }

        /// Every animation frame drawn again into a new indexed animation (for a sink that did
        /// not encode it while the frames were drawn); it stops at the first frame that shows
        /// the animation needs RGBA.
        func drawAnimationAgain() throws(FilmstripError) -> AnimationStream {
            var animation = try AnimationStream(
                schedule: schedule, frameWidth: size.width, frameHeight: size.height,
                scale: scale, path: animationPath)
            try redrawAnimationFrames { batch throws(FilmstripError) in
                try animation.append(
                    batch.map { ($0.position, DrawnImage(canvas: $0.canvas, scale: scale, digested: false)) })
                return !animation.needsRGBA
            }
            return animation
        }

        /// Writes the animation of more than 256 colours: every drawn frame drawn again, batch by
        /// batch, as 8-bit RGBA.
        func writeRGBAAnimation(_ append: (Data) throws(FilmstripError) -> Void)
            throws(FilmstripError)
        {
            var animation = try AnimationStream.RGBA(
                schedule: schedule, frameWidth: size.width, frameHeight: size.height, scale: scale,
                path: animationPath)
            try redrawAnimationFrames { batch throws(FilmstripError) in
                try append(animation.bytes(for: batch, path: animationPath))
                return true
            }
            try append(animation.finish(path: animationPath))
        }

        /// Writes the animation (encoded while drawing, or drawn again now when the sink needs
        /// it) unless the sink vouches for the one in place.
        /// - Returns: the animation's file digest: the sink's, else that of the bytes written.
        func writeAnimation(_ drawn: AnimationStream?, pixels: String?) throws(FilmstripError)
            -> String?
        {
            guard !schedule.frames.isEmpty else { return nil }
            if !sink.encodesAnimationWhileDrawing,
                let inPlace = sink.animationInPlace(pixelsSHA256: pixels)
            {
                return inPlace
            }
            let animation: AnimationStream
            if let drawn { animation = drawn } else { animation = try drawAnimationAgain() }
            let file = PixelDigest.Stream()
            try documents(animationPath) { append throws(FilmstripError) in
                let hashed = { (piece: Data) throws(FilmstripError) in
                    piece.withUnsafeBytes { file.update($0) }
                    try append(piece)
                }
                if animation.needsRGBA {
                    try writeRGBAAnimation(hashed)
                } else {
                    try animation.write(to: hashed)
                }
            }
            let written = file.finish()
            return sink.takeFileDigest(animationPath) ?? written
        }

        // The report and the contact sheet are open together (the second call runs inside the
        // first); the animation is written once its last frame is drawn, its palette known, and
        // the report's tail, which holds the animation's digests, after it.
        try withoutActuallyEscaping(documents) { (documents) throws(FilmstripError) in
            try documents(OutputLayout.reportPath) { appendReport throws(FilmstripError) in
                try withoutActuallyEscaping(appendReport) { (appendReport) throws(FilmstripError) in
                    var drawn:
                        (
                            animation: AnimationStream?, animationPixels: String?,
                            report: RunReport, writer: RunReport.JSONWriter
                        )?
                    try documents(OutputLayout.contactSheetPath) {
                        appendSheet throws(FilmstripError) in
                        drawn = try drawAll(report: appendReport, sheet: appendSheet)
                    }
                    guard let drawn else { return }
                    var report = drawn.report
                    if let file = try writeAnimation(drawn.animation, pixels: drawn.animationPixels) {
                        report.stripAnimationPixelsSHA256 = drawn.animationPixels
                        report.stripAnimationFileSHA256 = file
                    }
                    try drawn.writer.writeTail(of: report, to: appendReport)
                    finished = report
                }
            }
        }
        // A `documents` that ran the report's document left its skeleton; one that did not is
        // given the same skeleton now.
        let report = finished ?? skeleton()
        // The index row's thumbnails were picked from the rows as they were made.
        let indexRow = IndexRowFile(
            report: report, frameCount: frames.count, thumbnails: thumbnails, planFile: planFile)
        try documents(OutputLayout.indexRowPath) { write throws(FilmstripError) in
            try write(indexRow.jsonData())
        }
        return (report, indexRow, missing.withLock { $0 })
    }
}

/// Work that is not `Sendable` (it writes the renderer's documents and counters), run as one
/// iteration of a pass over the cores. Sound because the pass runs it exactly once, and nothing
/// else reads or writes what it touches until the pass has returned.
private struct PassengerWork: @unchecked Sendable {
    let body: () throws(FilmstripError) -> Void
}

import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Writes, in frame order, what the run's documents say of each drawn frame while the next
/// batch is drawn: its row in `report.json` (``RunReport/JSONWriter``, around a report made
/// without rows), its figure in the contact sheet, and its frame in `animation.png`
/// (``AnimationStream``), with the animation's pixel digest (``AnimationDigest``) and the index
/// row's thumbnails. Each batch's rows are made once, written and dropped, so nothing that grows
/// with the frame count is held.
///
/// Only this work touches the documents and what it counts; it runs as the first iteration of
/// the next batch's pass over the cores (``BatchDrawer``), never beside itself, so its lock is
/// never contended.
final class RunDocuments<Sink: ImageSink>: Sendable {
    private let state: Mutex<Writer>

    /// - Parameters:
    ///   - report: the open `report.json`.
    ///   - sheet: the open contact sheet (`index.html`).
    ///   - animation: the animation encoded while drawing; nil when it is not (an empty
    ///     schedule, or a sink that does not ``ImageSink/encodesAnimationWhileDrawing``).
    init(
        run: RecordedRun, analysis: Analysis, font: BitmapFont, sink: Sink, schedule: AnimationSchedule,
        report: sending any DocumentOutput, sheet: sending any DocumentOutput, animation: sending AnimationStream?
    ) {
        let size = run.logicalFrameSize(font: font)
        state = Mutex(
            Writer(
                run: run, analysis: analysis, images: ContactSheet.ImageSizes(run: run, font: font), sink: sink,
                schedule: schedule, report: report, sheet: sheet, animation: animation,
                animationDigest: AnimationDigest(
                    width: size.width, height: size.height, scale: run.plan.scale, frameCount: schedule.frames.count)))
    }

    /// Whether the report's head is written (the first frame's row needs the report's skeleton).
    var isOpen: Bool { state.withLock { $0.opened != nil } }

    /// Takes a batch's drawn frames (in time order) into the animation; returns their encodings
    /// to do in the next pass (``AnimationStream/admit(_:)``).
    func admit(_ frames: [(position: Int, image: DrawnImage)]) -> [AnimationStream.Job] {
        state.withLock { writer in writer.animation == nil ? [] : writer.animation!.admit(frames) }
    }

    /// The ordered work of a drawn batch: its animation frames (encoded beside it) added, its
    /// frames' report rows and sheet figures made in order and written.
    /// - Parameter skeleton: the report without rows, needed when the batch holds the first frame.
    /// - Throws: what the documents throw.
    func complete(_ batch: DrawnBatch, skeleton: RunReport?) throws(FilmstripError) {
        try state.withLock { writer throws(FilmstripError) in try writer.complete(batch, skeleton: skeleton) }
    }

    /// Ends the contact sheet once every batch is complete: the animation's last frames added,
    /// the sheet's tail written and the sheet closed. The report stays open for its tail.
    /// - Parameter skeleton: the report without rows, needed when no frame's row opened it.
    /// - Returns: the animation to write, its pixel digest, the report made and the index row's
    ///   thumbnails.
    func finish(
        lastEncoded: [Result<AnimatedPNGFrame, PNGError>], skeleton: RunReport?, planFile: String
    ) throws(FilmstripError) -> (
        animation: AnimationStream?, animationPixels: String?, report: RunReport, thumbnails: IndexRowFile.ThumbnailPicker
    ) {
        try state.withLock { writer throws(FilmstripError) in
            try writer.finish(lastEncoded: lastEncoded, skeleton: skeleton, planFile: planFile)
        }
    }

    /// Writes the report's tail (after its rows) from `report` and closes it.
    func closeReport(_ report: RunReport) throws(FilmstripError) {
        try state.withLock { writer throws(FilmstripError) in try writer.closeReport(report) }
    }

    /// The documents and what is counted while they are written.
    private struct Writer {
        let run: RecordedRun
        let analysis: Analysis
        let images: ContactSheet.ImageSizes
        let sink: Sink
        let schedule: AnimationSchedule
        let report: any DocumentOutput
        let sheet: any DocumentOutput
        var animation: AnimationStream?
        var animationDigest: AnimationDigest
        /// The animation frame the next frame's row is.
        var animationNext = 0
        /// The report's skeleton and writer, once the report's and the sheet's heads are written.
        var opened: (report: RunReport, writer: RunReport.JSONWriter)?
        var reportPiece = Data()
        var sheetPiece = Data()
        var rows = 0
        /// The index row's thumbnails, picked from each frame's row as it is made.
        var thumbnails = IndexRowFile.ThumbnailPicker()

        mutating func complete(_ batch: DrawnBatch, skeleton: RunReport?) throws(FilmstripError) {
            if animation != nil { try animation!.add(batch.encoded.compactMap { $0 }) }
            for (position, source) in batch.sources.enumerated() {
                guard case .frame(let index) = source else { continue }
                let (report, writer) = try open(skeleton)
                let frame = run.frames[index]
                let pixelsSHA256 = batch.rows[position]?.digest
                if animationNext < schedule.frames.count, schedule.frames[animationNext].position == index {
                    animationDigest.append(delayMs: schedule.frames[animationNext].delayMs, pixelsSHA256: pixelsSHA256)
                    animationNext += 1
                }
                let row = RunReport.frameRow(
                    frame, elements: batch.rows[position]?.elements, withFiles: true, pixelsSHA256: pixelsSHA256,
                    fileSHA256: sink.takeFileDigest(OutputLayout.framePath(frame.index)))
                writer.append(row, first: rows == 0, to: &reportPiece)
                thumbnails.note(row)
                rows += 1
                sheetPiece.append(contentsOf: ContactSheet.figure(of: row, report: report, run: run, images: images).utf8)
                try flush(atLeast: DocumentPiece.bytes)
            }
        }

        /// The report's skeleton and writer, writing both documents' heads the first time.
        mutating func open(_ skeleton: RunReport?) throws(FilmstripError) -> (report: RunReport, writer: RunReport.JSONWriter) {
            if let opened { return opened }
            guard let skeleton else { preconditionFailure("a frame's row needs the report's skeleton") }
            let writer = RunReport.JSONWriter(skeleton: skeleton, frameCount: run.frames.count)
            reportPiece.append(writer.head)
            try ContactSheet.writeHead(
                report: skeleton, run: run, analysis: analysis, frameCount: run.frames.count, images: images
            ) { text throws(FilmstripError) in
                // Written as it comes: a long run's head (a tick per frame, a bar segment per
                // phase change) is megabytes, and a piece that held it kept its capacity.
                sheetPiece.append(contentsOf: text.utf8)
                if sheetPiece.count >= DocumentPiece.bytes {
                    try sheet.append(sheetPiece)
                    sheetPiece.removeAll(keepingCapacity: true)
                }
            }
            opened = (skeleton, writer)
            return (skeleton, writer)
        }

        mutating func flush(atLeast bytes: Int) throws(FilmstripError) {
            if reportPiece.count >= bytes {
                try report.append(reportPiece)
                reportPiece.removeAll(keepingCapacity: true)
            }
            if sheetPiece.count >= bytes {
                try sheet.append(sheetPiece)
                sheetPiece.removeAll(keepingCapacity: true)
            }
        }

        mutating func finish(
            lastEncoded: [Result<AnimatedPNGFrame, PNGError>], skeleton: RunReport?, planFile: String
        ) throws(FilmstripError) -> (
            animation: AnimationStream?, animationPixels: String?, report: RunReport, thumbnails: IndexRowFile.ThumbnailPicker
        ) {
            if animation != nil { try animation!.add(lastEncoded) }
            let (report, _) = try open(skeleton)
            try ContactSheet.writeTail(report: report, planFile: planFile) { text throws(FilmstripError) in
                sheetPiece.append(contentsOf: text.utf8)
            }
            try flush(atLeast: 0)
            try sheet.close()
            let made = animation
            animation = nil
            return (made, animationDigest.sha256, report, thumbnails)
        }

        mutating func closeReport(_ final: RunReport) throws(FilmstripError) {
            guard let writer = opened?.writer else { return }
            let report = self.report
            try writer.writeTail(of: final) { piece throws(FilmstripError) in try report.append(piece) }
            try report.close()
        }
    }
}

import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// Produces every output of one run, in memory and in a fixed order of names: the frames
/// (drawn in parallel), the stills, the strip, `report.json` and the contact sheet.
///
/// `record` writes what it produces; `check` compares it with what is committed. Both share
/// this one producer, so what is checked is exactly what would be written.
struct OutputRenderer {
    /// One output.
    enum Item {
        /// An image to store as PNG: `canvas` (RGBA8) enlarged by a whole `scale`, each pixel a
        /// `scale × scale` block. Frames and stills come at 1× with the plan's scale, so they are
        /// drawn once and indexed at a quarter of the pixels of a 2× file.
        case image(Canvas, scale: Int)
        /// A text document's bytes.
        case document(Data)
    }

    let run: RecordedRun
    let analysis: Analysis
    let lint: [String]
    let font: BitmapFont

    /// Calls `consume` with every output's relative path and content. Frames are drawn on all
    /// cores, so `consume` is called from several threads at once and must be thread-safe.
    /// - Returns: the report and the code points the font lacked.
    /// - Throws: the first error `consume` throws.
    func produce(_ consume: @escaping @Sendable (String, Item) throws(CommandError) -> Void) throws(CommandError) -> (report: RunReport, missing: [Unicode.Scalar]) {
        let run = self.run
        let font = self.font
        let frames = run.frames
        let scale = run.plan.scale
        // Only the frames the strip shows keep their 1× canvas until the strip is drawn.
        let stripPositions = Set(FilmstripImage.frameIndices(count: frames.count))
        let stripCells = Mutex<[Int: Canvas]>([:])
        let missing = Mutex<[Unicode.Scalar]>([])
        let firstError = Mutex<CommandError?>(nil)
        @Sendable func note(_ scalars: [Unicode.Scalar]) {
            missing.withLock { known in
                for scalar in scalars where !known.contains(scalar) { known.append(scalar) }
            }
        }
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            guard firstError.withLock({ $0 == nil }), let rendered = run.render(frames[index], font: font, scale: 1) else { return }
            if stripPositions.contains(index) { stripCells.withLock { $0[index] = rendered.canvas } }
            note(rendered.missing)
            do throws(CommandError) {
                try consume(OutputLayout.framePath(frames[index].index), .image(rendered.canvas, scale: scale))
            } catch {
                firstError.withLock { $0 = $0 ?? error }
            }
        }
        if let error = firstError.withLock({ $0 }) { throw error }

        var stillPanels: [[PanelRendering]] = []
        for still in run.stills {
            guard let rendered = run.render(still.frame, font: font, scale: 1) else {
                stillPanels.append([])
                continue
            }
            note(rendered.missing)
            stillPanels.append(rendered.panels)
            try consume(OutputLayout.stillPath(still.name), .image(rendered.canvas, scale: scale))
        }

        let size = run.logicalFrameSize
        let cells = stripCells.withLock { $0 }
        let strip = FilmstripImage.compose(
            frames: FilmstripImage.frameIndices(count: frames.count).map { index in
                (cells[index], "#\(frames[index].index) · \(Quantity.ms(frames[index].tMs))", frames[index].phase)
            },
            frameWidth: size.width, frameHeight: size.height, font: font)
        try consume(OutputLayout.filmstripPath, .image(strip, scale: 1))

        let report = RunReport(run: run, analysis: analysis, lint: lint, renderedStills: stillPanels, withFiles: true)
        try consume(OutputLayout.reportPath, .document(report.jsonData()))
        try consume(OutputLayout.contactSheetPath, .document(Data(ContactSheet.html(report: report, run: run, analysis: analysis).utf8)))
        return (report, missing.withLock { $0 })
    }
}

import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// Records one plan into its output folder: analyses its run, produces and writes every
/// output, then removes what an earlier run wrote and this one did not.
///
/// `record` runs it for each plan and prints the results; `bench` runs it on the reference plan
/// and times it, so what is measured is exactly what `record` does.
package struct PlanRecording {
    /// What one recording produced.
    package struct Outcome {
        package let run: RecordedRun
        package let analysis: Analysis
        let lint: [String]
        /// The run's report without its frame rows (they are in `report.json`).
        let report: RunReport
        /// Every file the recording wrote.
        package let files: RecordingFiles
        /// Code points the font lacked.
        package let missing: [Unicode.Scalar]
        /// How the images were written.
        package let images: FrameWriter.Statistics
    }

    let plan: CapturePlan
    /// The plan's file, for messages.
    let file: String
    let clock: ClockKind
    let font: BitmapFont
    /// The plan's output folder, `DIR/<plan>`.
    let folder: OutputFolder
    /// The plan file as the outputs name it (``PlanFilePath``).
    let planFile: String

    /// Memberwise.
    package init(plan: CapturePlan, file: String, clock: ClockKind, font: BitmapFont, folder: OutputFolder, planFile: String) {
        self.plan = plan
        self.file = file
        self.clock = clock
        self.font = font
        self.folder = folder
        self.planFile = planFile
    }

    /// Writes the outputs of a run already made: `record` runs every plan first, so a plan whose
    /// run fails stops the command before anything is written. `progress` is called after each
    /// batch of images with the images done and the images in all.
    /// - Throws: ``FilmstripError`` when an output cannot be written.
    package func write(_ linted: LintedRun, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(FilmstripError) -> Outcome {
        let (run, lint) = linted.parts
        let analysis = Analysis(run)
        try OutputOwnership.claim(folder.path, as: .planFolder)
        try folder.prepare(subfolders: plan.stills.isEmpty ? ["frames"] : ["frames", "stills"])
        // What filmstrip wrote here before: the last report's files, and those of a recording
        // that was interrupted (its pending list is still here).
        let interrupted = folder.read(OutputLayout.pendingPath).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
        let previous = (try RecordedReport.open(path: "\(folder.path)/\(OutputLayout.reportPath)").map { Array($0.writtenFiles) } ?? []) + interrupted
        // A link among them (`evil/a.txt` with `evil` a link out of the folder) stops the run
        // before anything is written.
        try folder.checkRemovable(previous)
        // Name every file before writing any, so an interruption leaves nothing unaccounted for.
        let planned = RecordingFiles(run: run, skeleton: RunReport(run: run, analysis: analysis, lint: lint, renderedStills: [], withFiles: true, frameRows: false))
        try folder.write(OutputLayout.pendingPath) { write throws(FilmstripError) in
            var piece = Data()
            for path in planned {
                piece.append(contentsOf: "\(path)\n".utf8)
                if piece.count >= DocumentPiece.bytes {
                    try write(piece)
                    piece.removeAll(keepingCapacity: true)
                }
            }
            for path in Set(interrupted).sorted() where !planned.contains(path) { piece.append(contentsOf: "\(path)\n".utf8) }
            try write(piece)
        }

        let writer = FrameWriter(folder: folder)
        let (report, _, missing) = try OutputRenderer(run: run, analysis: analysis, lint: lint, font: font, planFile: planFile).produce(images: writer, documents: folder) { done, total in
            progress(done, total)
        }
        // Remove what an earlier run wrote and this one did not; the recording is complete.
        let written = RecordingFiles(run: run, skeleton: report)
        try folder.removeStale(previous: previous, keeping: written.contains)
        try folder.removeStale(previous: [OutputLayout.pendingPath], keeping: { _ in false })
        // A new recording makes the failure images of an earlier comparison obsolete.
        _ = try FailureFolder(planFolder: folder.path).replace(with: [])
        return Outcome(run: run, analysis: analysis, lint: lint, report: report, files: written, missing: missing, images: writer.statistics)
    }
}

import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// Records one plan into its output folder: runs the bench, analyses the run, produces and
/// writes every output, then removes what an earlier run wrote and this one did not.
///
/// `record` runs it for each plan and prints the results; `bench` runs it on the reference plan
/// and times it, so what is measured is exactly what `record` does.
struct PlanRecording {
    /// What one recording produced.
    struct Outcome {
        let run: RecordedRun
        let analysis: Analysis
        let lint: [String]
        let report: RunReport
        /// Code points the font lacked.
        let missing: [Unicode.Scalar]
        /// How the images were written.
        let images: FrameWriter.Statistics
    }

    let plan: CapturePlan
    /// The plan's file, for messages.
    let file: String
    let clock: ClockKind
    let font: BitmapFont
    /// The plan's output folder, `DIR/<plan>`.
    let folder: OutputFolder

    /// `lintFound` gets the plan's lint findings before the bench runs.
    /// - Throws: ``CommandError`` when the run is stopped or an output cannot be written.
    func record(lintFound: ([String]) -> Void = { _ in }) throws(CommandError) -> Outcome {
        let run: RecordedRun
        let lint: [String]
        do {
            lint = try PlanLint.findings(for: plan)
            lintFound(lint)
            run = try BenchCatalog.run(plan, clock: clock)
        } catch {
            throw CommandError(.run(plan: file, message: error.message))
        }
        let analysis = Analysis(run)
        try folder.prepare(subfolders: plan.stills.isEmpty ? ["frames"] : ["frames", "stills"])
        let previous = folder.read(OutputLayout.reportPath).flatMap(RunReport.read)?.writtenFiles ?? []

        let writer = FrameWriter(folder: folder)
        let (report, missing) = try OutputRenderer(run: run, analysis: analysis, lint: lint, font: font).produce(images: writer) { path, document throws(CommandError) in
            try folder.write(path, pieces: document)
        }
        // Remove what an earlier run wrote and this one did not.
        folder.removeStale(previous: previous, current: Set(report.writtenFiles))
        return Outcome(run: run, analysis: analysis, lint: lint, report: report, missing: missing, images: writer.statistics)
    }
}

import FilmstripCore
import Testing

/// The progress the frames showed while an answer arrived (docs/LIVE-NETWORK.md, the `progress`
/// of each row): what `allFour`'s progress indicator said, frame by frame.
extension LiveInboxTests {
    /// The spinner's reading: progress indeterminate.
    static let spinner = "Loading"
    /// The rows kept while a refresh with no known length runs.
    static let refreshing = "Refreshing"

    /// The bar's reading at `percent`.
    static func bar(_ percent: Int) -> String { "Loading, \(percent)%" }

    /// The readings of `panel`'s progress indicator over `run`'s frames taken, each run of equal
    /// readings once, in order: `Loading` (the spinner), `Loading, 25%` (the bar), `Refreshing`;
    /// a frame without an indicator (rows, empty, failed) adds nothing.
    static func progress(_ run: RecordedRun, panel: String = "allFour") -> [String] {
        var readings: [String] = []
        for frame in run.frames where !frame.dropped {
            for label in elements(run, frame, panel: panel) where label.hasPrefix("progressIndicator: ") {
                let reading = String(label.dropFirst("progressIndicator: ".count))
                if readings.last != reading { readings.append(reading) }
            }
        }
        return readings
    }

    /// Checks the progress `run`'s frames showed against `sequence`, the readings the screen
    /// passes through for the answer, in order: the frames show exactly those, in that order,
    /// each once; every one of `certain` (on screen for at least a frame interval, given the
    /// server's delays) is shown; the first frame, when taken, shows the spinner (no answer can
    /// have come at 0 ms). A reading in `sequence` but not `certain` lasts only from one report
    /// of the transfer to the next (a body sent in one piece: 0% once the headers are in, 100%
    /// once the body is, until it is read), so a frame shows it only if taken in that instant.
    static func expectProgress(
        _ run: RecordedRun, _ label: String, _ sequence: [String], certain: [String] = [spinner],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let readings = progress(run)
        #expect(readings == sequence.filter(readings.contains), "\(label): \(readings)", sourceLocation: sourceLocation)
        let first = run.frames.first { $0.scheduledMs == 0 }
        let due = certain.filter { $0 != spinner || first?.dropped == false }
        #expect(due.allSatisfy(readings.contains), "\(label): \(readings) lacks one of \(due)", sourceLocation: sourceLocation)
        if let first, !first.dropped {
            #expect(readings.first == spinner, "\(label): \(readings)", sourceLocation: sourceLocation)
        }
    }

    /// What a body with a `Content-Length`, sent in one piece, shows: the spinner, then maybe the
    /// bar at 0% and at 100% for an instant each.
    static let onePiece = [spinner, bar(0), bar(100)]
}

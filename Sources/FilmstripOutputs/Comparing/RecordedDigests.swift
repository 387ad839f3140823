import FilmstripReports
import Synchronization

/// The digests a recorded report gives an image file (`pixelsSHA256`, `fileSHA256`), by path
/// (`frames/0003.png`, `stills/loading.png`, `filmstrip.png`); `check` compares them with a fresh
/// render's before decoding any PNG.
package struct RecordedDigests: Sendable {
    private let lookUp: @Sendable (String) -> (pixels: String?, file: String?)

    /// The digests of a table (path → digest), as tests and small reports give them.
    init(pixels: [String: String] = [:], files: [String: String] = [:]) {
        lookUp = { (pixels[$0], files[$0]) }
    }

    /// The digests of `report`'s rows, read in order as frames are asked for (``RecordedReport/rows()``).
    ///
    /// Frames are asked for in batches, in order, and in any order within a batch: rows read
    /// ahead of the frame asked for wait in a table until asked for, and a row more than
    /// ``lookBehind`` frames behind the latest asked for is dropped (no batch is that long), so
    /// the table stays small however long the run.
    /// The strip's and the stills' digests come from the report's skeleton (report format 2 and later).
    package init(report: RecordedReport) {
        let cursor = Mutex(Cursor(rows: report.rows()))
        let others = Self.stripAndStills(of: report.skeleton)
        lookUp = { path in
            guard let index = RecordingFiles.frameIndex(path) else { return others[path] ?? (nil, nil) }
            return cursor.withLock { $0.digests(of: path, index: index) }
        }
    }

    /// Path → digests of the strip and of every still's images, as `report` gives them.
    static func stripAndStills(of report: RunReport) -> [String: (pixels: String?, file: String?)] {
        var table: [String: (pixels: String?, file: String?)] = [:]
        if let strip = report.filmstrip { table[strip] = (report.filmstripPixelsSHA256, report.filmstripFileSHA256) }
        if let animation = report.animation {
            table[animation] = (report.stripAnimationPixelsSHA256, report.stripAnimationFileSHA256)
        }
        for still in report.stills {
            guard let first = still.file, let pixels = still.pixelsSHA256, let files = still.fileSHA256 else { continue }
            for (offset, path) in (still.files ?? [first]).enumerated() where offset < pixels.count && offset < files.count {
                table[path] = (pixels[offset], files[offset])
            }
        }
        return table
    }

    /// How far behind the latest frame asked for a row waits: 4,096 frames.
    static let lookBehind = 4_096

    /// The digests of the image at `path` (nil for those the report does not give).
    func digests(of path: String) -> (pixels: String?, file: String?) { lookUp(path) }

    private struct Cursor: @unchecked Sendable {
        // The iterator is only touched under the mutex that holds the cursor.
        let rows: AnyIterator<RecordedReport.RowDigests>
        var waiting: [Int: RecordedReport.RowDigests] = [:]
        var exhausted = false

        mutating func digests(of path: String, index: Int) -> (pixels: String?, file: String?) {
            while !exhausted, waiting[index] == nil {
                guard let row = rows.next() else {
                    exhausted = true
                    break
                }
                waiting[row.index] = row
                if row.index > index { break }
            }
            waiting = waiting.filter { $0.key >= index - RecordedDigests.lookBehind }
            guard let row = waiting.removeValue(forKey: index), row.file == path else { return (nil, nil) }
            return (row.pixelsSHA256, row.fileSHA256)
        }
    }
}

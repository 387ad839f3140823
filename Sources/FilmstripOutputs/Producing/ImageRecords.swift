import FilmstripCore
import FilmstripReports

/// What the report keeps of the images drawn so far, gathered batch by batch on the producer's
/// thread: each still's panels, the strip's and the stills' digests (pixels and file), and the
/// code points the font lacked, in output order.
struct ImageRecords {
    private var stillPanels: [Int: [PanelRendering]] = [:]
    private var digests: [String: (pixels: String, file: String)] = [:]
    /// Code points the font lacked, each once, in the order the images were drawn.
    private(set) var missing: [Unicode.Scalar] = []

    /// Takes what `batch` drew, once the sink has finished it (so the sink has its files'
    /// digests: ``ImageSink/takeFileDigest(_:)``).
    mutating func take(_ batch: DrawnBatch, sink: some ImageSink) {
        for scalars in batch.missing {
            for scalar in scalars where !missing.contains(scalar) { missing.append(scalar) }
        }
        stillPanels.merge(batch.stillPanels) { _, new in new }
        for (path, pixels) in batch.pixels {
            if let file = sink.takeFileDigest(path) { digests[path] = (pixels: pixels, file: file) }
        }
    }

    /// The report without frame rows, once every still is drawn (their panels are in it).
    func skeleton(run: RecordedRun, analysis: Analysis, lint: [String]) -> RunReport {
        RunReport(
            run: run, analysis: analysis, lint: lint, renderedStills: run.stills.indices.map { stillPanels[$0] ?? [] },
            withFiles: true, imageDigests: digests, frameRows: false)
    }
}

import FilmstripCore
import FilmstripReports

/// One image a run produces: a frame, one of a still's files, or the strip.
enum OutputSource: Sendable {
    /// The frame at this position in the run's frames.
    case frame(Int)
    /// A still's image at one of its scales: the still's position in the run's stills and the
    /// file's in ``OutputLayout/stillFiles(name:scales:planScale:)``.
    case still(Int, file: Int)
    /// The filmstrip image (`filmstrip.png`).
    case strip
}

/// The images a run produces, in the order they are drawn and sent to the sink: the strip,
/// every still's images (whose panels the report and the contact sheet name before the
/// frames), then every frame. Made by position, a batch at a time, never listed whole.
struct OutputSources: Sendable {
    /// Per still, in the run's order, its files: path and scale.
    let stillFiles: [[(path: String, scale: Int)]]
    /// Position → source for the still images (after the strip, before the frames).
    private let stills: [OutputSource]
    private let frameCount: Int

    /// The images of `run`.
    init(run: RecordedRun) {
        stillFiles = run.stills.map {
            OutputLayout.stillFiles(name: $0.name, scales: $0.scales, planScale: run.plan.scale)
        }
        var stills: [OutputSource] = []
        for (index, files) in stillFiles.enumerated() {
            stills += files.indices.map { OutputSource.still(index, file: $0) }
        }
        self.stills = stills
        frameCount = run.frames.count
    }

    /// How many images: the strip, every still's images, every frame.
    var count: Int { 1 + stills.count + frameCount }

    /// The image at `position` (0 ..< ``count``).
    subscript(position: Int) -> OutputSource {
        if position == 0 { return .strip }
        if position <= stills.count { return stills[position - 1] }
        return .frame(position - 1 - stills.count)
    }

    /// The positions of each batch of at most `size` images, in order; the strip's batch (the
    /// first) holds one image more, so the strip is not alone on its core.
    func batches(size: Int) -> [Range<Int>] {
        Self.batches(count: count, size: size)
    }

    /// The batches of `count` images of at most `size` each, the first one image more.
    static func batches(count: Int, size: Int) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = min(count, start + size + (start == 0 ? 1 : 0))
            batches.append(start..<end)
            start = end
        }
        return batches
    }
}

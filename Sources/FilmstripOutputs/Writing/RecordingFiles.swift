import FilmstripCore
import FilmstripReports
import Foundation

/// Every file one recording writes into its plan's folder, relative to it: one per frame drawn
/// (`frames/NNNN.png`), the stills' images, the strip, the animation, the contact sheet, the
/// index row and the report, as ``RunReport/writtenFiles`` names them. Frames' paths are made
/// when read and a membership test parses the path, so a run of 100,000 frames is never listed
/// in memory.
package struct RecordingFiles: Sequence {
    /// The run's frames (dropped ones have no file).
    let frames: FrameRecords
    /// The files other than frames: `skeleton.writtenFiles` of a report made without frame rows.
    let others: [String]

    /// The files of `run` as written with `skeleton`, a report whose frame rows were left out
    /// (``RunReport/init(run:analysis:lint:renderedStills:frameElements:withFiles:pixelDigests:fileDigests:frameRows:)``).
    package init(run: RecordedRun, skeleton: RunReport) {
        frames = run.frames
        others = skeleton.writtenFiles
    }

    /// Whether the recording writes `path`.
    func contains(_ path: String) -> Bool {
        if let index = Self.frameIndex(path) { return index < frames.count && !frames[index].dropped }
        return others.contains(path)
    }

    /// The frames' files in order, then the others.
    package func makeIterator() -> AnyIterator<String> {
        var position = 0
        var other = 0
        let frames = self.frames
        let others = self.others
        return AnyIterator {
            while position < frames.count {
                defer { position += 1 }
                if !frames[position].dropped { return OutputLayout.framePath(position) }
            }
            guard other < others.count else { return nil }
            defer { other += 1 }
            return others[other]
        }
    }

    /// The index of the frame whose file is `path` (exactly ``OutputLayout/framePath(_:)``), or nil.
    static func frameIndex(_ path: String) -> Int? {
        guard path.hasPrefix("frames/"), path.hasSuffix(".png") else { return nil }
        let digits = path.dropFirst("frames/".count).dropLast(".png".count)
        guard let index = Int(digits), index >= 0, OutputLayout.framePath(index) == path else { return nil }
        return index
    }
}

import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// `check`'s image sink and document comparer: compares freshly produced outputs with the ones
/// recorded in a plan's folder: images by their `pixelsSHA256` first (equal digests: a match,
/// nothing decoded), then by their declared size, then by decoded pixels; documents by bytes.
/// Collects one ``OutputMismatch`` per file that differs. The fresh image of an image mismatch
/// is kept only until its batch is finished: then its failure artifacts are written (after
/// ``beginFailureArtifacts()``) or it is dropped, so at most one batch of images is held
/// however many differ. Thread-safe.
package final class OutputComparison: ImageSink, DocumentSink {
    /// A mismatch and, for an image, what is needed to draw its artifacts.
    struct Found: Sendable {
        var mismatch: OutputMismatch
        /// The fresh image at 1× and its scale.
        var fresh: (canvas: Canvas, scale: Int)?
        /// The recorded image, decoded, when it was readable and the same size.
        var recorded: Canvas?
    }

    private let folder: String
    /// What made each image other than a frame (frames are named from ``frames`` when a
    /// mismatch is recorded, so no table of them is kept).
    private let sources: [String: OutputMismatch.Source]
    private let frames: FrameRecords?
    /// The recorded report's `pixelsSHA256` and `fileSHA256` of each frame.
    private let recordedDigests: RecordedDigests
    /// Path → the recorded report's `fileSHA256`, for the images prepared whose digest is not
    /// taken yet (``takeFileDigest(_:)``).
    private let recordedFileDigests = Mutex<[String: String]>([:])
    /// Path → SHA-256 of the committed file's bytes, for the images compared so far.
    private let committedDigests = Mutex<[String: String]>([:])
    private let found = Mutex<[String: Found]>([:])
    private let decodedCount = Mutex(0)
    private let animationsMadeAgain = Mutex(0)
    /// The artifacts written so far (paths relative to the failure folder), once begun.
    private let artifactsWritten = Mutex<[String]?>(nil)
    /// Why the failure images could not be written (the first error); nil while they could.
    private let artifactProblem = Mutex<String?>(nil)

    /// Why the failure images could not be written (a read-only or full folder: the first
    /// error, as printed); nil when they were, or none was needed. The mismatches are complete
    /// either way: a failed write stops the images, never the comparison.
    package var artifactsNotWritten: String? { artifactProblem.withLock { $0 } }

    /// - Parameters:
    ///   - folder: the plan's output folder.
    ///   - run: the fresh run, to name the frame or still behind each image.
    ///   - recordedDigests: path → `pixelsSHA256` as the recorded report lists them.
    ///   - recordedFileDigests: path → `fileSHA256` as the recorded report lists them.
    convenience init(folder: String, run: RecordedRun? = nil, recordedDigests: [String: String] = [:], recordedFileDigests: [String: String] = [:]) {
        self.init(folder: folder, run: run, recorded: RecordedDigests(pixels: recordedDigests, files: recordedFileDigests))
    }

    /// - Parameters:
    ///   - folder: the plan's output folder.
    ///   - run: the fresh run, to name the frame or still behind each image.
    ///   - recorded: the recorded report's digests of each frame.
    package init(folder: String, run: RecordedRun?, recorded: RecordedDigests) {
        self.folder = folder
        recordedDigests = recorded
        var sources: [String: OutputMismatch.Source] = [OutputLayout.filmstripPath: .strip]
        for still in run?.stills ?? [] {
            for file in OutputLayout.stillFiles(name: still.name, scales: still.scales, planScale: run?.plan.scale ?? 1) {
                sources[file.path] = .still(name: still.name, tMs: still.frame.tMs)
            }
        }
        self.sources = sources
        frames = run?.frames
    }

    /// The `fileSHA256` a fresh report gives an image compared: the recorded report's
    /// when it has one (an image whose pixels were verified, by digest or decoded, stands as
    /// recorded, so a re-encoded file with the same pixels still matches, and a differing image
    /// is one mismatch, not two), otherwise the committed file's own digest.
    package func takeFileDigest(_ path: String) -> String? {
        let committed = committedDigests.withLock { $0.removeValue(forKey: path) }
        return recordedFileDigests.withLock { $0.removeValue(forKey: path) } ?? committed
    }

    /// The animation is made only when the committed one cannot be vouched for.
    package var encodesAnimationWhileDrawing: Bool { false }

    /// The recorded `stripAnimationFileSHA256` when the recorded `stripAnimationPixelsSHA256`
    /// equals `pixelsSHA256` (the fresh frames' ``AnimationDigest``) and the committed
    /// `animation.png` is a plain file whose bytes hash to it: the animation shows what a fresh
    /// run draws, and it is not encoded. Otherwise nil, and the fresh report is given the
    /// recorded file digest (``takeFileDigest(_:)``) so a differing animation is one finding.
    package func animationInPlace(pixelsSHA256: String?) -> String? {
        let path = OutputLayout.animationPath
        let recorded = recordedDigests.digests(of: path)
        let committed = "\(folder)/\(path)"
        if let file = recorded.file, let fresh = pixelsSHA256, recorded.pixels == fresh,
            CommittedImage.notPlain(atPath: committed) == nil,
            case .success(let data) = InputFile.committedImage(committed), PixelDigest.sha256(data) == file
        {
            return file
        }
        if let file = recorded.file { recordedFileDigests.withLock { $0[path] = file } }
        animationsMadeAgain.withLock { $0 += 1 }
        return nil
    }

    /// How many times the animation had to be made because the committed one could not be
    /// vouched for by its digests (0 or 1 per comparison).
    var animationsMade: Int { animationsMadeAgain.withLock { $0 } }

    /// How many recorded images were decoded (those without a recorded digest, or whose digest
    /// differed from a fresh render's).
    var decodedImages: Int { decodedCount.withLock { $0 } }

    /// Compares one fresh image (`canvas` enlarged by `scale`) with the recorded file of the
    /// same name, on any thread: by digests first — when the committed file's bytes hash to the
    /// recorded `fileSHA256` and the recorded `pixelsSHA256` equals the fresh render's, it
    /// matches and nothing is decoded (frames, stills and the strip alike: report formats 2 and 3
    /// give them all) — and by decoded pixels otherwise. Nothing is ever encoded.
    package func prepare(_ path: String, _ image: DrawnImage) {
        let (scale, pixelsSHA256) = (image.scale, image.pixelsSHA256)
        // The RGBA canvas is made only on a path that needs the pixels (an image drawn as
        // indices, the strip, has none until then).
        lazy var canvas: Canvas = image.canvas
        // The fresh report names the recorded digest whatever the committed file holds, so a
        // file that differs is one finding (the image), not two (the image and report.json).
        let recordedDigest = recordedDigests.digests(of: path)
        if let file = recordedDigest.file { recordedFileDigests.withLock { $0[path] = file } }
        guard let recorded = recorded(path, fresh: image) else { return }
        // A viewer shows what the file holds, not only its default image: an image with a chunk
        // filmstrip never writes, or bytes after IEND, does not match whatever its pixels.
        if let problem = CommittedImage.problem(recorded) {
            record(path, problem, fresh: (canvas, scale))
            return
        }
        let committed = PixelDigest.sha256(recorded)
        committedDigests.withLock { $0[path] = committed }
        if let fresh = pixelsSHA256, recordedDigest.pixels == fresh, recordedDigest.file == committed {
            return
        }
        decodedCount.withLock { $0 += 1 }
        let width = image.width * scale
        let height = image.height * scale
        // The declared size first: a small file declaring 16000×16000 is refused, not decoded.
        guard let header = PNGHeader(recorded) else {
            record(path, .unreadable(reason: "no PNG signature and IHDR header"), fresh: (canvas, scale))
            return
        }
        guard header.width == width, header.height == height else {
            record(path, .sizeDiffers(recordedWidth: header.width, recordedHeight: header.height, freshWidth: width, freshHeight: height), fresh: (canvas, scale))
            return
        }
        let old: Canvas
        do {
            old = try PNGCodec.decode(recorded)
        } catch {
            record(path, .unreadable(reason: error.message), fresh: (canvas, scale))
            return
        }
        guard old.width == width, old.height == height else {
            record(path, .sizeDiffers(recordedWidth: old.width, recordedHeight: old.height, freshWidth: width, freshHeight: height), fresh: (canvas, scale))
            return
        }
        guard let difference = PixelDifference.between(old, canvas, scale: scale) else { return }
        let pixels = OutputMismatch.PixelMismatch(
            count: difference.count, first: Point(x: difference.firstX, y: difference.firstY),
            recordedColor: difference.firstDecoded, freshColor: difference.firstFresh,
            bounds: Rect(x: difference.minX, y: difference.minY, width: difference.maxX - difference.minX + 1, height: difference.maxY - difference.minY + 1))
        record(path, .pixelsDiffer(pixels), fresh: (canvas, scale), recorded: old)
    }

    /// Once every image of a batch is compared: writes the failure artifacts of the batch's
    /// image mismatches (after ``beginFailureArtifacts()``), or drops their images.
    /// - Throws: ``FilmstripError`` (output) when an artifact cannot be written.
    package func finish(_ batch: [Void]) throws(FilmstripError) {
        try flushImages()
    }

    /// Starts writing failure artifacts: removes those an earlier comparison wrote into the
    /// plan's failure folder (``FailureFolder``); each batch's are then written as it finishes.
    /// - Throws: ``FilmstripError`` (output) naming a link in the way.
    package func beginFailureArtifacts() throws(FilmstripError) {
        try FailureFolder(planFolder: folder).clear()
        artifactsWritten.withLock { $0 = [] }
    }

    /// Writes the artifacts still pending and the failure folder's manifest (removing the folder
    /// when nothing was written).
    /// - Returns: every mismatch, sorted by file, with its artifacts when it has any.
    /// - Throws: ``FilmstripError`` (output) when an artifact cannot be written.
    package func finishFailureArtifacts() throws(FilmstripError) -> [OutputMismatch] {
        try flushImages()
        if let written = artifactsWritten.withLock({ $0 }) {
            do throws(FilmstripError) {
                try FailureFolder(planFolder: folder).close(written: written)
            } catch {
                artifactProblem.withLock { $0 = $0 ?? error.description }
            }
        }
        return mismatches
    }

    /// Writes (or drops) the images kept for the mismatches found so far.
    private func flushImages() throws(FilmstripError) {
        let pending = found.withLock { table in table.values.filter { $0.fresh != nil } }
        guard !pending.isEmpty else { return }
        var written = artifactsWritten.withLock { $0 }
        var done: [Found] = []
        for item in pending.sorted(by: { $0.mismatch.file < $1.mismatch.file }) {
            var mismatch = item.mismatch
            if written != nil {
                do throws(FilmstripError) {
                    mismatch = try FailureFolder(planFolder: folder).write(item, written: &written!)
                } catch {
                    // A read-only or full folder: the finding stands without its images, and
                    // no further image is tried.
                    artifactProblem.withLock { $0 = $0 ?? error.description }
                }
            }
            done.append(Found(mismatch: mismatch, fresh: nil, recorded: nil))
        }
        artifactsWritten.withLock { if $0 != nil { $0 = written } }
        found.withLock { table in for item in done { table[item.mismatch.file] = item } }
    }

    /// Opens the comparison of a fresh document, given in pieces, with the recorded file of the
    /// same name, byte for byte, reading the file alongside (``DocumentComparison``): once closed,
    /// a mismatch names the line of text that differs first, or for the animation
    /// (`animation.png`) the first animation frame whose chunks differ.
    package func open(_ path: String) throws(FilmstripError) -> sending any DocumentOutput {
        ComparedDocument(path: path, comparison: self)
    }

    /// One document being compared (``open(_:)``); its finding is recorded when it is closed.
    private final class ComparedDocument: DocumentOutput {
        let path: String
        let comparison: OutputComparison
        /// Nil when the recorded file is not a plain file: the pieces are drawn all the same
        /// (the renderer produces its documents in one pass) and dropped.
        let bytes: DocumentComparison?
        let notPlain: String?

        init(path: String, comparison: OutputComparison) {
            self.path = path
            self.comparison = comparison
            notPlain = CommittedImage.notPlain(atPath: "\(comparison.folder)/\(path)")
            bytes =
                notPlain == nil
                ? DocumentComparison(recordedPath: "\(comparison.folder)/\(path)", isAnimation: path == OutputLayout.animationPath)
                : nil
        }

        func append(_ piece: Data) { bytes?.take(piece) }

        func close() {
            if let notPlain {
                comparison.record(path, .notPlainFile(kind: notPlain), fresh: nil)
                return
            }
            switch bytes?.finish() {
            case .same, nil: break
            case .missing: comparison.record(path, .missing, fresh: nil)
            case .text(let line, let fresh): comparison.record(path, .documentDiffers(line: line, fresh: fresh), fresh: nil)
            case .animation(let frame): comparison.record(path, .animationDiffers(frame: frame), fresh: nil)
            }
        }
    }

    /// Files a previous run recorded (`recordedFiles`) that a fresh run no longer produces (those
    /// `produced` does not name).
    package func noteStale(_ recordedFiles: some Sequence<String>, produced: (String) -> Bool) {
        for path in recordedFiles where !produced(path) {
            record(path, .noLongerWritten, fresh: nil)
        }
    }

    /// What made the image at `path`: a frame of the run, a still, the strip, or another file.
    private func source(of path: String) -> OutputMismatch.Source {
        if let frames, let index = RecordingFiles.frameIndex(path), index < frames.count {
            return .frame(index: index, tMs: frames[index].tMs)
        }
        return sources[path] ?? .other
    }

    /// Every mismatch, sorted by file.
    var mismatches: [OutputMismatch] { everything.map(\.mismatch) }

    /// Every mismatch as a sentence, sorted by file.
    var findings: [String] { mismatches.map(\.description) }

    /// Every mismatch with what is still kept of its images, sorted by file.
    var everything: [Found] {
        found.withLock { table in table.keys.sorted().map { table[$0]! } }
    }

    /// Files in the plan's folder that `listed` (the recorded report's files) does not name:
    /// filmstrip did not write them, so the folder is not what a recording gives. Names
    /// starting with `.` (filmstrip's lock, pending list, temporary files and failure folder,
    /// and a system's own) are passed over, and so is everything below them.
    package func noteUnlisted(_ listed: (String) -> Bool) {
        FolderWalk.walk(folder) { relative, entry in
            switch entry {
            case .file:
                guard !listed(relative) else { return }
                record(relative, .unlisted, fresh: nil)
            case .folder:
                return
            case .unreadableFolder(let reason):
                record(relative, .unlistable(reason: reason), fresh: nil)
            }
        }
    }

    /// The recorded file's bytes; nil (and a mismatch) when it is missing, not a plain file, or
    /// larger than an image of the fresh one's size can be.
    private func recorded(_ path: String, fresh image: DrawnImage?) -> [UInt8]? {
        // The fresh pixels only for a mismatch: an image drawn as indices has no canvas till then.
        var fresh: (Canvas, Int)? { image.map { ($0.canvas, $0.scale) } }
        if let kind = CommittedImage.notPlain(atPath: "\(folder)/\(path)") {
            record(path, .notPlainFile(kind: kind), fresh: fresh)
            return nil
        }
        // Read through the one capped reader: a file larger than the expected pixels stored
        // uncompressed (a 2 GiB sparse file, say) is refused from its size, nothing read.
        switch InputFile.committedImage("\(folder)/\(path)", width: image.map { $0.width * $0.scale }, height: image.map { $0.height * $0.scale }) {
        case .success(let bytes):
            return bytes
        case .failure(let refusal):
            record(path, refusal.missing ? .missing : .unreadable(reason: refusal.reason), fresh: fresh)
            return nil
        }
    }

    private func record(_ path: String, _ problem: OutputMismatch.Problem, fresh: (Canvas, Int)?, recorded: Canvas? = nil) {
        let mismatch = OutputMismatch(folder: folder, file: path, source: source(of: path), problem: problem)
        found.withLock { $0[path] = Found(mismatch: mismatch, fresh: fresh, recorded: recorded) }
    }
}

extension Substring {
    fileprivate func trimmingPrefixSpaces() -> Substring { drop(while: { $0 == " " }) }
}

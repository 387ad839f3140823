import FilmstripOutputs
import Foundation
import Synchronization

/// The floor a recording meets after compression: creating its files.
///
/// ``measure(sizes:)`` creates one file per entry of `sizes` (relative path → bytes), with the
/// same folders and sizes as `record`, each file as ``AtomicFile/write(_:to:)`` writes one (a
/// temporary file beside the target, written whole, `fsync`, `close`, `rename`: the floor as
/// docs/PERFORMANCE.md defines it, although ``FrameWriter`` flushes its images 64 at a time),
/// on all cores, in a
/// fresh folder of the bench's ``BenchScratch``, and times it. The bytes written are a
/// fixed pattern: file systems do not look at content.
enum FileCreationFloor {
    /// Wall time to create the files, ms.
    /// - Throws: ``FilmstripError`` (output) when a file cannot be created.
    static func measure(sizes: [(path: String, bytes: Int)], in folders: BenchScratch) throws(FilmstripError) -> Double {
        let scratch = folders.folder("files")
        defer { folders.measured(scratch, files: sizes.count) }
        let folders = Set(sizes.map { ($0.path as NSString).deletingLastPathComponent })
        for folder in folders.sorted() {
            do {
                try FileManager.default.createDirectory(at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
            } catch {
                throw FilmstripError(.output(path: scratch.appendingPathComponent(folder).path, reason: error.localizedDescription))
            }
        }
        let largest = sizes.map(\.bytes).max() ?? 0
        let pattern = Data((0..<largest).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let failure = Mutex<FilmstripError?>(nil)
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
            do throws(FilmstripError) {
                try AtomicFile.write(pattern.prefix(sizes[index].bytes), to: scratch.appendingPathComponent(sizes[index].path).path)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        let elapsed = start.duration(to: .now)
        if let error = failure.withLock({ $0 }) { throw error }
        return BenchCommand.milliseconds(elapsed)
    }
}

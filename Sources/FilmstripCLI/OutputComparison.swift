import FilmstripPNG
import FilmstripRaster
import Foundation
import Synchronization

/// `check`'s image sink and document comparer: compares freshly produced outputs with the ones
/// recorded in a plan's folder, images by their decoded pixels, documents by their bytes.
/// Collects one sentence per mismatch, naming the recorded file and the difference. Thread-safe.
final class OutputComparison: ImageSink {
    private let folder: String
    /// Path → the recorded report's `pixelsSHA256` for that image.
    private let recordedDigests: [String: String]
    private let mismatches = Mutex<[String: String]>([:])
    private let seen = Mutex<Set<String>>([])
    private let decodedCount = Mutex(0)

    /// - Parameter recordedDigests: path → `pixelsSHA256` as the recorded report lists them.
    init(folder: String, recordedDigests: [String: String] = [:]) {
        self.folder = folder
        self.recordedDigests = recordedDigests
    }

    /// How many recorded images were decoded (those without a recorded digest, or whose digest
    /// differed from a fresh render's).
    var decodedImages: Int { decodedCount.withLock { $0 } }

    /// Compares one fresh image (`canvas` enlarged by `scale`) with the recorded file of the
    /// same name, on any thread: by digest first, when both the recorded report and the fresh
    /// render have one (equal digests: a match, nothing decoded); by decoded pixels otherwise.
    func prepare(_ path: String, _ canvas: Canvas, scale: Int, pixelsSHA256: String?) {
        if let fresh = pixelsSHA256, let old = recordedDigests[path], old == fresh {
            seen.withLock { _ = $0.insert(path) }
            if !FileManager.default.fileExists(atPath: "\(folder)/\(path)") {
                record(path, "\(folder)/\(path): missing; a fresh run writes it")
            }
            return
        }
        guard let recorded = recorded(path) else { return }
        decodedCount.withLock { $0 += 1 }
        let file = "\(folder)/\(path)"
        let width = canvas.width * scale
        let height = canvas.height * scale
        // The declared size first: a small file declaring 16000×16000 is refused, not decoded.
        guard let header = PNGHeader(recorded) else {
            record(path, "\(file): not a readable PNG (no PNG signature and IHDR header)")
            return
        }
        guard header.width == width, header.height == height else {
            record(path, "\(file): \(header.width)×\(header.height) pixels, a fresh render is \(width)×\(height)")
            return
        }
        let old: Canvas
        do {
            old = try PNGCodec.decode(Array(recorded))
        } catch {
            record(path, "\(file): not a readable PNG (\(error.message))")
            return
        }
        guard old.width == width, old.height == height else {
            record(path, "\(file): \(old.width)×\(old.height) pixels, a fresh render is \(width)×\(height)")
            return
        }
        guard let difference = PixelDifference.between(old, canvas, scale: scale) else { return }
        record(path, "\(file): \(difference.count) pixels differ from a fresh render, within x \(difference.minX)…\(difference.maxX), y \(difference.minY)…\(difference.maxY)")
    }

    /// Nothing is left to do once every image of a batch is compared.
    func finish(_ batch: [Void]) {}

    /// Compares a fresh document with the recorded file of the same name, byte for byte.
    func compare(_ path: String, document fresh: Data) {
        guard let recorded = recorded(path), fresh != recorded else { return }
        let freshLines = String(decoding: fresh, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let oldLines = String(decoding: recorded, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(freshLines, oldLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(freshLines.count, oldLines.count)
        let now = line < freshLines.count ? String(freshLines[line].trimmingPrefixSpaces().prefix(100)) : "(end of file)"
        record(path, "\(folder)/\(path): differs from a fresh run from line \(line + 1); a fresh run has: \(now)")
    }

    /// Files a previous run recorded that a fresh run no longer produces.
    func noteStale(_ recordedFiles: [String]) {
        let produced = seen.withLock { $0 }
        for path in recordedFiles where !produced.contains(path) {
            record(path, "\(folder)/\(path): recorded before, but a fresh run no longer writes it")
        }
    }

    /// Every mismatch, sorted by file.
    var findings: [String] {
        mismatches.withLock { table in table.keys.sorted().map { table[$0]! } }
    }

    /// The recorded file's bytes; nil (and a mismatch) when it is missing.
    private func recorded(_ path: String) -> Data? {
        seen.withLock { _ = $0.insert(path) }
        let file = "\(folder)/\(path)"
        guard let data = FileManager.default.contents(atPath: file) else {
            record(path, "\(file): missing; a fresh run writes it")
            return nil
        }
        return data
    }

    private func record(_ path: String, _ sentence: String) {
        mismatches.withLock { $0[path] = sentence }
    }
}

extension Substring {
    fileprivate func trimmingPrefixSpaces() -> Substring { drop(while: { $0 == " " }) }
}

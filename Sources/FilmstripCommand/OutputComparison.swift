import FilmstripPNG
import FilmstripRaster
import Foundation
import Synchronization

/// Compares freshly produced outputs with the ones recorded in a plan's folder: images by their
/// decoded pixels, documents by their bytes. Collects one sentence per mismatch, naming the
/// recorded file and the difference. Thread-safe.
final class OutputComparison: Sendable {
    private let folder: String
    private let mismatches = Mutex<[String: String]>([:])
    private let seen = Mutex<Set<String>>([])

    init(folder: String) {
        self.folder = folder
    }

    /// Compares one produced output with the recorded file of the same name.
    func compare(_ path: String, _ item: OutputRenderer.Item) {
        seen.withLock { _ = $0.insert(path) }
        let file = "\(folder)/\(path)"
        guard let recorded = FileManager.default.contents(atPath: file) else {
            record(path, "\(file): missing; a fresh run writes it")
            return
        }
        switch item {
        case .document(let fresh):
            guard fresh != recorded else { return }
            let freshLines = String(decoding: fresh, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let oldLines = String(decoding: recorded, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(freshLines, oldLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(freshLines.count, oldLines.count)
            let now = line < freshLines.count ? String(freshLines[line].trimmingPrefixSpaces().prefix(100)) : "(end of file)"
            record(path, "\(file): differs from a fresh run from line \(line + 1); a fresh run has: \(now)")
        case .image(let fresh):
            let old: Canvas
            do {
                old = try PNGCodec.decode(Array(recorded))
            } catch {
                record(path, "\(file): not a readable PNG (\(error.message))")
                return
            }
            guard old.width == fresh.width, old.height == fresh.height else {
                record(path, "\(file): \(old.width)×\(old.height) pixels, a fresh render is \(fresh.width)×\(fresh.height)")
                return
            }
            guard old.pixels != fresh.pixels else { return }
            var count = 0
            var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
            for y in 0..<fresh.height {
                for x in 0..<fresh.width where fresh.pixel(x: x, y: y) != old.pixel(x: x, y: y) {
                    count += 1
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
            record(path, "\(file): \(count) pixels differ from a fresh render, within x \(box.minX)…\(box.maxX), y \(box.minY)…\(box.maxY)")
        }
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

    private func record(_ path: String, _ sentence: String) {
        mismatches.withLock { $0[path] = sentence }
    }
}

extension Substring {
    fileprivate func trimmingPrefixSpaces() -> Substring { drop(while: { $0 == " " }) }
}

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
        case .image(let fresh, let scale):
            let old: Canvas
            do {
                old = try PNGCodec.decode(Array(recorded))
            } catch {
                record(path, "\(file): not a readable PNG (\(error.message))")
                return
            }
            let width = fresh.width * scale
            let height = fresh.height * scale
            guard old.width == width, old.height == height else {
                record(path, "\(file): \(old.width)×\(old.height) pixels, a fresh render is \(width)×\(height)")
                return
            }
            guard let difference = Self.difference(old, fresh, scale: scale) else { return }
            record(path, "\(file): \(difference.count) pixels differ from a fresh render, within x \(difference.minX)…\(difference.maxX), y \(difference.minY)…\(difference.maxY)")
        }
    }

    /// Where `old` differs from `fresh` enlarged by `scale` (same size once enlarged); nil when
    /// every pixel matches. Compares row by row without enlarging `fresh`.
    static func difference(_ old: Canvas, _ fresh: Canvas, scale: Int) -> (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var count = 0
        var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
        old.pixels.withUnsafeBytes { oldBytes in
            fresh.pixels.withUnsafeBytes { freshBytes in
                let oldPixels = oldBytes.bindMemory(to: UInt32.self)
                let freshPixels = freshBytes.bindMemory(to: UInt32.self)
                for y in 0..<old.height {
                    let oldRow = y * old.width
                    let freshRow = (y / scale) * fresh.width
                    for x in 0..<old.width where oldPixels[oldRow + x] != freshPixels[freshRow + x / scale] {
                        count += 1
                        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                    }
                }
            }
        }
        return count == 0 ? nil : (count, box.minX, box.minY, box.maxX, box.maxY)
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

import FilmstripPNG
import Foundation

/// Compares a document produced in pieces (`report.json`, a contact sheet, `animation.png`) with
/// the recorded file, byte for byte, as the pieces come: the recorded file is read alongside in
/// pieces of the same size, so neither side is ever held whole.
///
/// The first difference is named as `check` always named it: for text, the 1-based line it falls
/// on and the fresh text of that line (leading spaces dropped, at most 100 characters); for the
/// animation, the 0-based animation frame of the first chunk that differs, counted in the
/// recorded file.
package final class DocumentComparison {
    /// What was found once every piece was given.
    enum Outcome: Equatable {
        /// Identical bytes.
        case same
        /// No recorded file to compare with.
        case missing
        /// The text differs from `line` (1-based) on; `fresh` is that line of the fresh text.
        case text(line: Int, fresh: String)
        /// The animation differs from animation frame `frame` (0-based) on; nil when the
        /// recorded file's chunks cannot be walked.
        case animation(frame: Int?)
    }

    private let recordedPath: String
    private let isAnimation: Bool
    private let handle: FileHandle?
    /// Bytes compared equal so far.
    private var offset = 0
    /// Newlines among them.
    private var newlines = 0
    /// The fresh bytes since the last newline (text only), and after a difference, the rest of
    /// that line as it comes.
    private var line = Data()
    /// Where the first difference is, once found.
    private var difference: Int?
    /// After a difference in text: the line is complete.
    private var lineComplete = false

    /// - Parameters:
    ///   - recordedPath: the recorded file (absent: ``Outcome/missing``).
    ///   - isAnimation: the document is `animation.png` (binary, named by frame).
    init(recordedPath: String, isAnimation: Bool) {
        self.recordedPath = recordedPath
        self.isAnimation = isAnimation
        handle = FileHandle(forReadingAtPath: recordedPath)
    }

    deinit { try? handle?.close() }

    /// Compares the next piece of the fresh document.
    func take(_ piece: Data) {
        guard let handle else { return }
        if difference != nil {
            extendLine(piece)
            return
        }
        let recorded = (try? handle.read(upToCount: piece.count)) ?? Data()
        let fresh = [UInt8](piece)
        let old = [UInt8](recorded)
        var equal = 0
        let common = min(fresh.count, old.count)
        while equal < common && fresh[equal] == old[equal] { equal += 1 }
        noteEqual(fresh[..<equal])
        offset += equal
        if equal < fresh.count || old.count < piece.count {
            difference = offset
            if equal < fresh.count { extendLine(Data(fresh[equal...])) }
        }
    }

    /// The outcome, once every piece was given.
    func finish() -> Outcome {
        guard let handle else { return .missing }
        if difference == nil {
            // The fresh document ended: the recorded one must end too.
            guard let more = try? handle.read(upToCount: 1), !more.isEmpty else { return .same }
            difference = offset
        }
        if isAnimation { return .animation(frame: animationFrame(at: difference!)) }
        let text = String(decoding: line, as: UTF8.self)
        return .text(line: newlines + 1, fresh: String(text.drop(while: { $0 == " " }).prefix(100)))
    }

    private func noteEqual(_ bytes: ArraySlice<UInt8>) {
        guard !isAnimation else { return }
        if let last = bytes.lastIndex(of: 0x0A) {
            newlines += bytes.count { $0 == 0x0A }
            line = Data(bytes[(last + 1)...])
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private func extendLine(_ bytes: Data) {
        guard !isAnimation, !lineComplete else { return }
        if let newline = bytes.firstIndex(of: 0x0A) {
            line.append(bytes[..<newline])
            lineComplete = true
        } else {
            line.append(bytes)
        }
    }

    /// The animation frame of the recorded chunk holding byte `position` (or of the last chunk
    /// when the file ends before it): the count of `fcTL` chunks up to it, less one, at least 0.
    /// Reads 8 bytes a chunk (length and type), seeking past each chunk's data.
    private func animationFrame(at position: Int) -> Int? {
        guard let file = FileHandle(forReadingAtPath: recordedPath) else { return nil }
        defer { try? file.close() }
        var start = PNGChunk.signature.count
        var frame = -1
        while true {
            guard (try? file.seek(toOffset: UInt64(start))) != nil, let header = try? file.read(upToCount: 8), header.count == 8 else { break }
            let bytes = [UInt8](header)
            let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            if String(decoding: bytes[4..<8], as: UTF8.self) == "fcTL" { frame += 1 }
            let end = start + 12 + length
            if position < end { break }
            start = end
        }
        return max(0, frame)
    }
}

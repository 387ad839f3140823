/// The size a long document (`report.json`, `index.html`, the list of planned files) is gathered
/// to before it is written, so what it holds in memory does not grow with the frame count.
package enum DocumentPiece {
    /// 64 KiB: a piece is passed on once it holds at least this many bytes.
    package static let bytes = 65_536

    /// Calls `body` with a function that adds text, and passes the text to `emit` in order, in
    /// pieces of at least ``bytes`` UTF-8 bytes (the last may be shorter, or empty).
    /// - Throws: what `body` or `emit` throws.
    package static func text<E: Error>(to emit: (String) throws(E) -> Void, _ body: (_ add: (String) throws(E) -> Void) throws(E) -> Void) throws(E) {
        var piece = ""
        try withoutActuallyEscaping(emit) { (emit) throws(E) in
            try body { text throws(E) in
                piece += text
                if piece.utf8.count >= bytes {
                    try emit(piece)
                    piece = ""
                }
            }
            try emit(piece)
        }
    }
}

import CZlib
import FilmstripRaster

/// zlib alone on a canvas's raw scanlines: the reference floor of `filmstrip bench`.
///
/// The plainest lossless encoding of a frame is what a PNG's IDAT holds with filter type 0 on
/// every row: each row of RGBA8 pixels preceded by one 0 byte, the whole deflated by zlib.
/// ``scanlines(of:)`` builds that stream; ``compress(_:level:)`` deflates it with zlib's
/// `compress2` (zlib format, 32 KiB window, memory level 8, default strategy) and nothing else,
/// so timing that call measures zlib alone.
///
/// ```swift
/// let raw = PlainDeflate.scanlines(of: canvas)           // (896 × 4 + 1) × 356 bytes for a 2× frame
/// let size = try PlainDeflate.compress(raw, level: 6)    // compressed bytes
/// ```
package enum PlainDeflate {
    /// The version of the zlib this process runs, e.g. `"1.2.13"`.
    package static var zlibVersion: String { String(cString: CZlib.zlibVersion()) }

    /// The canvas's rows, top first, each as a 0 byte followed by its `width × 4` RGBA8 bytes:
    /// `(width × 4 + 1) × height` bytes.
    package static func scanlines(of canvas: Canvas) -> [UInt8] {
        let rowBytes = canvas.stride
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * canvas.height)
        out.withUnsafeMutableBufferPointer { to in
            canvas.pixels.withUnsafeBufferPointer { from in
                guard let target = to.baseAddress, let source = from.baseAddress else { return }
                for y in 0..<canvas.height {
                    (target + y * (rowBytes + 1) + 1).update(from: source + y * rowBytes, count: rowBytes)
                }
            }
        }
        return out
    }

    /// Deflates `bytes` with zlib at `level` (0...9) and returns the compressed size in bytes.
    ///
    /// - Throws: ``PNGError`` with zlib's status when it fails (a bad level, out of memory).
    package static func compress(_ bytes: [UInt8], level: Int) throws(PNGError) -> Int {
        var capacity = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = out.withUnsafeMutableBufferPointer { to in
            bytes.withUnsafeBufferPointer { from in
                compress2(to.baseAddress, &capacity, from.baseAddress, uLong(from.count), Int32(level))
            }
        }
        guard status == Z_OK else {
            throw PNGError(message: "zlib compress2 failed with status \(status)")
        }
        return Int(capacity)
    }
}

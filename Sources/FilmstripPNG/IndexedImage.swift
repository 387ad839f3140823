import FilmstripRaster

/// A canvas re-expressed as palette indices, when it has at most 256 distinct colours.
///
/// `palette` holds 4 bytes (R, G, B, A) per entry, in order of first appearance scanning rows
/// top to bottom, left to right; `indices` holds one byte per pixel, row-major, stride = width.
struct IndexedImage {
    var palette: [UInt8]
    var indices: [UInt8]
    /// The smallest PNG bit depth (1, 2, 4 or 8) that holds every index.
    var bitDepth: Int

    /// Nil when the canvas has more than 256 colours.
    init?(_ canvas: Canvas) {
        var lookup: [UInt32: UInt8] = [:]
        var palette: [UInt8] = []
        var indices = [UInt8](repeating: 0, count: canvas.width * canvas.height)
        var lastKey: UInt32?
        var lastIndex: UInt8 = 0
        let ok = canvas.pixels.withUnsafeBufferPointer { pixels -> Bool in
            for p in 0..<(canvas.width * canvas.height) {
                let i = p * 4
                let key = UInt32(pixels[i]) << 24 | UInt32(pixels[i + 1]) << 16 | UInt32(pixels[i + 2]) << 8 | UInt32(pixels[i + 3])
                if key == lastKey {
                    indices[p] = lastIndex
                    continue
                }
                let index: UInt8
                if let found = lookup[key] {
                    index = found
                } else {
                    guard lookup.count < 256 else { return false }
                    index = UInt8(lookup.count)
                    lookup[key] = index
                    palette += [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
                }
                indices[p] = index
                lastKey = key
                lastIndex = index
            }
            return true
        }
        guard ok else { return nil }
        self.palette = palette
        self.indices = indices
        let count = palette.count / 4
        self.bitDepth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
    }
}

extension Canvas {
    /// Copies every pixel of `source` onto this canvas with its top-left corner at `origin`
    /// (no blending; the parts outside this canvas are clipped).
    package mutating func draw(_ source: Canvas, at origin: Point) {
        guard let target = area(ofPictureWidth: source.width, height: source.height, at: origin) else { return }
        let stride = self.stride
        let sourceStride = source.stride
        pixels.withUnsafeMutableBufferPointer { destination in
            source.pixels.withUnsafeBufferPointer { from in
                guard let to = destination.baseAddress, let base = from.baseAddress else { return }
                for y in target.y..<target.maxY {
                    let sourceStart = (y - origin.y) * sourceStride + (target.x - origin.x) * 4
                    (to + y * stride + target.x * 4).update(from: base + sourceStart, count: target.width * 4)
                }
            }
        }
    }

    /// Copies the picture `source`'s indices stand for, with its top-left corner at `origin`
    /// (clipped): each pixel its palette entry's four bytes.
    package mutating func draw(_ source: IndexedImage, at origin: Point) {
        guard let target = area(ofPictureWidth: source.width, height: source.height, at: origin) else { return }
        let stride = self.stride
        let sourceWidth = source.width
        // Each entry's four bytes as one word, in memory order.
        let words: [UInt32] = source.palette.withUnsafeBytes { palette in
            (0..<palette.count / 4).map { palette.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
        pixels.withUnsafeMutableBytes { destination in
            source.indices.withUnsafeBufferPointer { indices in
                words.withUnsafeBufferPointer { words in
                    for y in target.y..<target.maxY {
                        let from = (y - origin.y) * sourceWidth - origin.x
                        let to = y * stride
                        for x in target.x..<target.maxX {
                            destination.storeBytes(of: words[Int(indices[from + x])], toByteOffset: to + x * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
    }

    /// This canvas enlarged by a whole `factor` with nearest-neighbour sampling, so a bitmap
    /// font stays sharp: pixel (x, y) becomes the `factor × factor` block at (x·factor, y·factor).
    /// A factor below 1 counts as 1.
    package func scaled(by factor: Int) -> Canvas {
        let factor = max(1, factor)
        if factor == 1 { return self }
        var result = [UInt8](repeating: 0, count: width * factor * height * factor * 4)
        let outStride = width * factor * 4
        pixels.withUnsafeBufferPointer { from in
            result.withUnsafeMutableBufferPointer { to in
                for y in 0..<height {
                    let outRow = y * factor * outStride
                    for x in 0..<width {
                        let i = y * stride + x * 4
                        for k in 0..<factor {
                            let o = outRow + (x * factor + k) * 4
                            to[o] = from[i]
                            to[o + 1] = from[i + 1]
                            to[o + 2] = from[i + 2]
                            to[o + 3] = from[i + 3]
                        }
                    }
                    guard let base = to.baseAddress else { continue }
                    for k in 1..<factor {
                        (base + outRow + k * outStride).update(from: base + outRow, count: outStride)
                    }
                }
            }
        }
        return Canvas(width: width * factor, height: height * factor, pixels: result)!
    }
}

/// A raster of palette indices, one byte a pixel: the colours drawn, in the order first drawn
/// (``colors``), and each pixel's entry (``indices``, row-major). A quarter of an RGBA8
/// ``Canvas``'s memory, and an image already indexed for a palette PNG: the filmstrip (3,638 ×
/// 910 pixels, 14 colours) is composed on one.
///
/// It holds at most 256 colours. Drawing a 257th marks it ``overflowed`` and leaves those pixels
/// as they were; the caller then composes on a ``Canvas`` instead.
package struct IndexedCanvas: CompositionTarget {
    package let width: Int
    package let height: Int
    /// One entry a pixel, row-major, top row first; entry `i` is ``colors``[i].
    package private(set) var indices: [UInt8]
    /// The colours, in the order they were first drawn (the background first).
    package private(set) var colors: [Color]
    /// True once more than 256 colours were drawn: the indices no longer show the picture.
    package private(set) var overflowed = false

    package init(width: Int, height: Int, background: Color) {
        self.width = max(0, width)
        self.height = max(0, height)
        indices = [UInt8](repeating: 0, count: self.width * self.height)
        colors = [background]
    }

    /// The entry of `color`, added when new; nil (and ``overflowed``) past 256 colours.
    private mutating func entry(for color: Color) -> UInt8? {
        if let index = colors.firstIndex(of: color) { return UInt8(index) }
        guard colors.count < 256 else {
            overflowed = true
            return nil
        }
        colors.append(color)
        return UInt8(colors.count - 1)
    }

    package mutating func setPixel(x: Int, y: Int, to color: Color) {
        guard x >= 0, y >= 0, x < width, y < height, let entry = entry(for: color) else { return }
        indices[y * width + x] = entry
    }

    package mutating func fill(_ rect: Rect, with color: Color) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty, let entry = entry(for: color) else { return }
        let width = self.width
        indices.withUnsafeMutableBufferPointer { indices in
            for y in clipped.y..<clipped.maxY {
                let start = y * width + clipped.x
                indices[start..<start + clipped.width].update(repeating: entry)
            }
        }
    }

    package mutating func draw(_ source: Canvas, at origin: Point) {
        let target = Rect(x: origin.x, y: origin.y, width: source.width, height: source.height)
            .intersection(bounds)
        guard !target.isEmpty else { return }
        // Runs of one colour are the rule: the last colour's entry is kept.
        var lastWord: UInt32?
        var lastEntry: UInt8 = 0
        let sourceStride = source.stride
        source.pixels.withUnsafeBytes { pixels in
            for y in target.y..<target.maxY {
                let row = (y - origin.y) * sourceStride
                for x in target.x..<target.maxX {
                    let at = row + (x - origin.x) * 4
                    let word = pixels.loadUnaligned(fromByteOffset: at, as: UInt32.self)
                    if word != lastWord {
                        let color = Color(red: pixels[at], green: pixels[at + 1], blue: pixels[at + 2], alpha: pixels[at + 3])
                        guard let entry = entry(for: color) else { return }
                        (lastWord, lastEntry) = (word, entry)
                    }
                    indices[y * width + x] = lastEntry
                }
            }
        }
    }
}

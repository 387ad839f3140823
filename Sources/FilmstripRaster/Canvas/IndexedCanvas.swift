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

    /// `color`'s four bytes as one word, in memory order (as a canvas's pixel loads).
    private static func word(_ color: Color) -> UInt32 {
        withUnsafeBytes(of: (color.red, color.green, color.blue, color.alpha)) { $0.loadUnaligned(as: UInt32.self) }
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

    /// Copies `source`'s picture through a table from its palette entries to this canvas's
    /// (each added when first drawn, in the order the pixels show it, as drawing the canvas it
    /// was made from adds them): one byte read a pixel rather than four.
    package mutating func draw(_ source: IndexedImage, at origin: Point) {
        guard let target = area(ofPictureWidth: source.width, height: source.height, at: origin) else { return }
        let entries = source.palette.count / 4
        var table = [UInt8](repeating: 0, count: 256)
        // The entries the clipped part shows, in order of first appearance: every entry, in
        // palette order, when nothing is clipped (the palette is numbered that way).
        var shown: [Int]
        if target.width == source.width && target.height == source.height {
            shown = Array(0..<entries)
        } else {
            shown = []
            var seen = [Bool](repeating: false, count: 256)
            for y in target.y..<target.maxY {
                let row = (y - origin.y) * source.width - origin.x
                for x in target.x..<target.maxX where !seen[Int(source.indices[row + x])] {
                    seen[Int(source.indices[row + x])] = true
                    shown.append(Int(source.indices[row + x]))
                }
            }
        }
        for entry in shown {
            let at = entry * 4
            let color = Color(red: source.palette[at], green: source.palette[at + 1], blue: source.palette[at + 2], alpha: source.palette[at + 3])
            guard let mapped = self.entry(for: color) else { return }
            table[entry] = mapped
        }
        let width = self.width
        let sourceWidth = source.width
        indices.withUnsafeMutableBufferPointer { indices in
            source.indices.withUnsafeBufferPointer { from in
                table.withUnsafeBufferPointer { table in
                    let bytes = UnsafeRawBufferPointer(from)
                    for y in target.y..<target.maxY {
                        let row = (y - origin.y) * sourceWidth - origin.x
                        let out = y * width
                        // Runs of one entry are the rule: each found eight bytes a step
                        // (``IndexRuns``), then written with one fill.
                        var x = target.x
                        while x < target.maxX {
                            let entry = from[row + x]
                            let end = IndexRuns.end(of: entry, in: bytes, from: row + x + 1, limit: row + target.maxX) - row
                            IndexRuns.fill(indices, (out + x)..<(out + end), with: table[Int(entry)])
                            x = end
                        }
                    }
                }
            }
        }
    }

    package mutating func draw(_ source: Canvas, at origin: Point) {
        guard let target = area(ofPictureWidth: source.width, height: source.height, at: origin) else { return }
        // Runs of one colour are the rule: each run is found by comparing 32-bit words and
        // written with one fill; a new colour is looked up by its word among the entries'.
        let sourceStride = source.stride
        let width = self.width
        var words = colors.map(Self.word)
        var added: [Color] = []
        var overflow = false
        source.pixels.withUnsafeBytes { pixels in
            indices.withUnsafeMutableBufferPointer { indices in
                rows: for y in target.y..<target.maxY {
                    let row = (y - origin.y) * sourceStride - origin.x * 4
                    let out = y * width
                    var x = target.x
                    while x < target.maxX {
                        let word = pixels.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        // Four pixels a step while they all match, then one at a time.
                        let four = SIMD4<UInt32>(repeating: word)
                        var end = x + 1
                        while end + 4 <= target.maxX,
                            all(pixels.loadUnaligned(fromByteOffset: row + end * 4, as: SIMD4<UInt32>.self) .== four)
                        {
                            end += 4
                        }
                        while end < target.maxX, pixels.loadUnaligned(fromByteOffset: row + end * 4, as: UInt32.self) == word {
                            end += 1
                        }
                        let entry: Int
                        if let found = words.firstIndex(of: word) {
                            entry = found
                        } else if words.count < 256 {
                            let at = row + x * 4
                            added.append(Color(red: pixels[at], green: pixels[at + 1], blue: pixels[at + 2], alpha: pixels[at + 3]))
                            words.append(word)
                            entry = words.count - 1
                        } else {
                            overflow = true
                            break rows
                        }
                        IndexRuns.fill(indices, (out + x)..<(out + end), with: UInt8(entry))
                        x = end
                    }
                }
            }
        }
        colors += added
        if overflow { overflowed = true }
    }
}

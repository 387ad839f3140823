/// A canvas re-expressed as palette indices, when it has at most 256 distinct colours.
///
/// `palette` holds 4 bytes (R, G, B, A) per entry, in order of first appearance scanning rows
/// top to bottom, left to right; `indices` holds one byte per pixel, row-major, stride = width.
/// Because the palette order is fixed by the pixels, two canvases are equal exactly when their
/// indexed images are, and scaling a canvas by a whole factor (nearest neighbour) scales its
/// indices the same way and keeps the palette: indexing at 1× and scaling the indices gives
/// the same image as scaling the pixels and then indexing.
package struct IndexedImage: Hashable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// RGBA8 entries, 4 bytes each, at most 256 entries.
    package let palette: [UInt8]
    /// One index per pixel, `width × height` bytes, row-major.
    package let indices: [UInt8]

    /// The smallest PNG bit depth (1, 2, 4 or 8) that holds every index.
    package var bitDepth: Int {
        let count = palette.count / 4
        return count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
    }

    /// Nil when the canvas has more than 256 colours.
    package init?(_ canvas: Canvas) {
        let count = canvas.width * canvas.height
        var keys: [UInt32] = []  // palette entries as the pixels' 32-bit words, in order
        keys.reserveCapacity(16)
        var lookup: [UInt32: UInt8] = [:]  // used once the palette outgrows a linear search
        var palette: [UInt8] = []
        var indices = [UInt8](repeating: 0, count: count)
        let ok = canvas.pixels.withUnsafeBytes { pixels -> Bool in
            indices.withUnsafeMutableBufferPointer { indices -> Bool in
                // Each pixel read as one 32-bit word (its 4 bytes in memory order): equal words are
                // equal colours, and most pixels repeat the one before.
                var lastWord: UInt32 = 0
                var lastIndex: UInt8 = 0
                var hasLast = false
                var p = 0
                while p < count {
                    let word = pixels.loadUnaligned(fromByteOffset: p &* 4, as: UInt32.self)
                    if !hasLast || word != lastWord {
                        var found: UInt8?
                        if keys.count <= 32 {
                            for (position, known) in keys.enumerated() where known == word {
                                found = UInt8(position)
                                break
                            }
                        } else {
                            found = lookup[word]
                        }
                        let index: UInt8
                        if let found {
                            index = found
                        } else {
                            guard keys.count < 256 else { return false }
                            index = UInt8(keys.count)
                            keys.append(word)
                            lookup[word] = index
                            let i = p * 4
                            palette += [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
                        }
                        lastWord = word
                        lastIndex = index
                        hasLast = true
                    }
                    // The run of this colour, written with one fill.
                    let end = Canvas.endOfRun(of: word, in: pixels, from: p + 1, limit: count)
                    IndexRuns.fill(indices, p..<end, with: lastIndex)
                    p = end
                }
                return true
            }
        }
        guard ok else { return nil }
        self.width = canvas.width
        self.height = canvas.height
        self.palette = palette
        self.indices = indices
    }

    /// The image `canvas` shows, renumbered by first appearance as ``init(_:)`` numbers a
    /// canvas's colours (so the two give equal images for the same picture); nil when it
    /// ``IndexedCanvas/overflowed``. One pass over the indices, none over RGBA pixels.
    package init?(_ canvas: IndexedCanvas) {
        guard !canvas.overflowed else { return nil }
        // First appearance: a scan that skips each run eight entries a step, and stops once
        // every entry has been seen.
        var renumbered = [UInt8](repeating: 0, count: 256)
        var seen = [Bool](repeating: false, count: 256)
        var palette: [UInt8] = []
        var next = 0
        let colors = canvas.colors
        let entries = colors.count
        canvas.indices.withUnsafeBufferPointer { source in
            var p = 0
            // Done once every entry has appeared (in a strip, often rows before its end): the
            // rest of the scan could find nothing new.
            while p < source.count, next < entries {
                let entry = source[p]
                if !seen[Int(entry)] {
                    seen[Int(entry)] = true
                    renumbered[Int(entry)] = UInt8(next)
                    next += 1
                    let color = colors[Int(entry)]
                    palette += [color.red, color.green, color.blue, color.alpha]
                }
                p = IndexRuns.end(of: entry, in: UnsafeRawBufferPointer(source), from: p + 1, limit: source.count)
            }
        }
        // Entries drawn in the order they first appear (the usual case) keep their numbers.
        let identity = (0..<256).allSatisfy { !seen[$0] || renumbered[$0] == UInt8($0) }
        let indices =
            identity
            ? canvas.indices
            : canvas.indices.withUnsafeBufferPointer { source in
                renumbered.withUnsafeBufferPointer { table in
                    [UInt8](unsafeUninitializedCapacity: source.count) { output, count in
                        // Run by run (``IndexRuns``), each written with one fill.
                        let bytes = UnsafeRawBufferPointer(source)
                        var p = 0
                        while p < source.count {
                            let entry = source[p]
                            let end = IndexRuns.end(of: entry, in: bytes, from: p + 1, limit: source.count)
                            output[p..<end].initialize(repeating: table[Int(entry)])
                            p = end
                        }
                        count = source.count
                    }
                }
            }
        self.width = canvas.width
        self.height = canvas.height
        self.palette = palette
        self.indices = indices
    }

    /// Hashes the size, the palette and the indices as raw bytes (fast enough to key every frame).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        palette.withUnsafeBytes { hasher.combine(bytes: $0) }
        indices.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// The RGBA8 canvas these indices stand for, enlarged by a whole `scale` (nearest neighbour).
    package func canvas(scale: Int = 1) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.draw(self, at: Point(x: 0, y: 0))
        return canvas.scaled(by: scale)
    }
}

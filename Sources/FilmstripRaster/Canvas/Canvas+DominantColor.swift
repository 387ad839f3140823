extension Canvas {
    /// The most common colour of the pixels inside `rect` (clipped to the canvas); on a tie, the
    /// one that reached that count first in row-major order. nil when no pixel of `rect` is on the canvas.
    ///
    /// Painters read it just before drawing text to record what the text sits on, once per text
    /// run of every frame, so it counts in a short list (a text's box holds a few colours) with
    /// the last colour found remembered, not in a hashed table.
    package func dominantColor(in rect: Rect) -> Color? {
        let left = max(0, rect.x), top = max(0, rect.y)
        let right = min(width, rect.x + rect.width), bottom = min(height, rect.y + rect.height)
        guard left < right, top < bottom else { return nil }
        var keys: [UInt32] = []
        var manyColors = false
        var counts: [Int] = []
        var best = -1
        var lastKey: UInt32 = 0
        var lastSlot = -1
        // Runs of one colour (``endOfRun(of:in:from:limit:)``) are counted at once: a colour's
        // count only grows during its own run, so comparing at the run's end picks the same
        // colour as comparing at every pixel.
        pixels.withUnsafeBytes { pixels in
            for y in top..<bottom {
                // Pixels numbered row-major across the canvas: this row's from `first` to `limit`.
                let first = y * width + left, limit = y * width + right
                var x = first
                while x < limit {
                    let key = pixels.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                    let end = Self.endOfRun(of: key, in: pixels, from: x + 1, limit: limit)
                    let slot: Int
                    if lastSlot >= 0, key == lastKey {
                        slot = lastSlot
                    } else if let found = keys.firstIndex(of: key) {
                        slot = found
                    } else if keys.count == Self.shortListLength {
                        manyColors = true
                        return
                    } else {
                        keys.append(key)
                        counts.append(0)
                        slot = keys.count - 1
                    }
                    counts[slot] += end - x
                    (lastKey, lastSlot) = (key, slot)
                    if best < 0 || counts[slot] > counts[best] { best = slot }
                    x = end
                }
            }
        }
        if manyColors { return hashedDominantColor(left: left, top: top, right: right, bottom: bottom) }
        let key = keys[best].littleEndian  // the first byte in memory (red) in the low bits
        return Color(
            red: UInt8(truncatingIfNeeded: key), green: UInt8(truncatingIfNeeded: key >> 8),
            blue: UInt8(truncatingIfNeeded: key >> 16), alpha: UInt8(truncatingIfNeeded: key >> 24))
    }

    /// How many colours the short list counts before ``dominantColor(in:)`` counts in a hashed
    /// table instead (a gradient or a picture under the text).
    static var shortListLength: Int { 64 }

    /// ``dominantColor(in:)`` over a clipped, non-empty rectangle, counted in a hashed table.
    private func hashedDominantColor(left: Int, top: Int, right: Int, bottom: Int) -> Color {
        var counts: [Color: Int] = [:]
        var best: (color: Color, count: Int) = (Color(red: 0, green: 0, blue: 0, alpha: 0), 0)
        for y in top..<bottom {
            for x in left..<right {
                let i = y * stride + x * 4
                let color = Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
                let count = counts[color, default: 0] + 1
                counts[color] = count
                if count > best.count { best = (color, count) }
            }
        }
        return best.color
    }
}

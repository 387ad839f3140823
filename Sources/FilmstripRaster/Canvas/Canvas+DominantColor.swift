extension Canvas {
    /// The most common colour of the pixels inside `rect` (clipped to the canvas); on a tie, the
    /// one that reached that count first in row-major order. nil when no pixel of `rect` is on the canvas.
    ///
    /// Painters read it just before drawing text to record what the text sits on.
    public func dominantColor(in rect: Rect) -> Color? {
        let left = max(0, rect.x), top = max(0, rect.y)
        let right = min(width, rect.x + rect.width), bottom = min(height, rect.y + rect.height)
        guard left < right, top < bottom else { return nil }
        var counts: [Color: Int] = [:]
        var best: (color: Color, count: Int)?
        for y in top..<bottom {
            for x in left..<right {
                let i = y * stride + x * 4
                let color = Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
                let count = counts[color, default: 0] + 1
                counts[color] = count
                if best == nil || count > best!.count { best = (color, count) }
            }
        }
        return best?.color
    }
}

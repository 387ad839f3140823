extension RasterTarget {
    /// Draws the 1-pixel-wide outline of `rect`, inside its bounds, `thickness` pixels thick.
    package mutating func stroke(_ rect: Rect, with color: Color, thickness: Int = 1) {
        guard !rect.isEmpty, thickness > 0 else { return }
        let t = min(thickness, (min(rect.width, rect.height) + 1) / 2)
        fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: t), with: color)
        fill(Rect(x: rect.x, y: rect.maxY - t, width: rect.width, height: t), with: color)
        fill(Rect(x: rect.x, y: rect.y + t, width: t, height: rect.height - 2 * t), with: color)
        fill(Rect(x: rect.maxX - t, y: rect.y + t, width: t, height: rect.height - 2 * t), with: color)
    }

    /// Draws a 1-pixel line from `start` to `end`, both ends included (Bresenham, integer only).
    package mutating func line(from start: Point, to end: Point, with color: Color) {
        var x = start.x
        var y = start.y
        let dx = abs(end.x - start.x)
        let dy = -abs(end.y - start.y)
        let stepX = start.x < end.x ? 1 : -1
        let stepY = start.y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            setPixel(x: x, y: y, to: color)
            if x == end.x && y == end.y { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }
}

/// A pixel position: `x` grows to the right, `y` grows downwards, (0, 0) is the top-left pixel.
public struct Point: Hashable, Sendable {
    /// Column, in pixels.
    public var x: Int
    /// Row, in pixels.
    public var y: Int

    /// The pixel at column `x`, row `y` (either may be negative or past the edge: drawing clips).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct Rect: Hashable, Sendable {
    /// Left column, in pixels.
    public var x: Int
    /// Top row, in pixels.
    public var y: Int
    /// Width in pixels; a rectangle with width ≤ 0 covers no pixel.
    package var width: Int
    /// Height in pixels; a rectangle with height ≤ 0 covers no pixel.
    public var height: Int

    /// The rectangle whose top-left pixel is (`x`, `y`), `width` columns wide and `height` rows
    /// tall, all in pixels; stored as given, so a width or height ≤ 0 makes an empty rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right-most column.
    package var maxX: Int { x + width }
    /// One past the bottom row.
    package var maxY: Int { y + height }
    /// True when the rectangle covers no pixel.
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels this rectangle shares with `other` (empty when they do not overlap).
    package func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The rectangle shrunk by `amount` pixels on every side.
    package func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}

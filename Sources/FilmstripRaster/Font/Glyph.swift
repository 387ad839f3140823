/// One bitmap glyph, as a BDF file describes it (BDF 2.1, Adobe's Glyph Bitmap Distribution
/// Format specification, `BBX`, `DWIDTH` and `BITMAP`).
///
/// Bits are stored row by row, top row first, `bytesPerRow = (width + 7) / 8` bytes a row,
/// most significant bit = left-most pixel; the padding bits at the end of each row are 0.
package struct Glyph: Hashable, Sendable {
    /// Bitmap width in pixels (BBX width).
    package let width: Int
    /// Bitmap height in pixels (BBX height).
    package let height: Int
    /// Horizontal offset of the bitmap's left edge from the pen position, in pixels (BBX x-offset).
    package let xOffset: Int
    /// Vertical offset of the bitmap's bottom edge above the baseline, in pixels (BBX y-offset;
    /// negative for descenders).
    package let yOffset: Int
    /// How far the pen moves right after this glyph, in pixels (DWIDTH x).
    package let advance: Int
    /// `height * bytesPerRow` bytes of packed bits, as described above.
    package let bits: [UInt8]

    /// Bytes per bitmap row: `(width + 7) / 8`.
    package var bytesPerRow: Int { (width + 7) / 8 }

    /// A glyph from its metrics and packed rows. `bits.count` must be `height * bytesPerRow`;
    /// missing bytes read as 0.
    package init(width: Int, height: Int, xOffset: Int, yOffset: Int, advance: Int, bits: [UInt8]) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.advance = advance
        let needed = self.height * ((self.width + 7) / 8)
        self.bits = bits.count >= needed ? Array(bits.prefix(needed)) : bits + [UInt8](repeating: 0, count: needed - bits.count)
    }

    /// True when the bitmap pixel at column `x`, row `y` (0 = top row) is set.
    package func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        let byte = bits[y * bytesPerRow + x / 8]
        return byte & (0x80 >> UInt8(x % 8)) != 0
    }
}

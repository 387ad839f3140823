/// What drawing one run of text did: how far the pen moved and which code points the font
/// lacked (drawn as the font's replacement glyph).
package struct TextRun: Hashable, Sendable {
    /// Pixels the pen advanced: the sum of the drawn glyphs' `DWIDTH`.
    package var advance: Int
    /// Code points with no glyph in the font, in order of first appearance.
    package var missing: [Unicode.Scalar]

    /// A run's pen advance in pixels and the code points the font lacked, in order of first
    /// appearance.
    package init(advance: Int, missing: [Unicode.Scalar]) {
        self.advance = advance
        self.missing = missing
    }
}

extension RasterTarget {
    /// Draws `text` with `font`, the pen starting at `origin.x` on the baseline `origin.y`.
    ///
    /// The baseline row is the first row below the glyphs' bodies: a glyph with BBX height h and
    /// y-offset yo covers rows `origin.y - (h + yo) ..< origin.y - yo`, and columns from
    /// `pen + xoff`. Set bits are painted with `color`; clear bits leave the target alone.
    /// A code point the font lacks is drawn as ``BitmapFont/fallbackGlyph(for:)`` (the
    /// replacement glyph, or a rule for `—` when that glyph is blank) and listed in the returned
    /// run's `missing`, so the caller can report it.
    ///
    /// `magnification` (≥ 1) paints each glyph pixel as an m × m block, the metrics scaled
    /// alike: for a large dash or heading while the rest of the frame stays at 1×.
    @discardableResult
    package mutating func drawText(_ text: String, at origin: Point, font: BitmapFont, color: Color, magnification: Int = 1) -> TextRun {
        let m = max(1, magnification)
        var pen = origin.x
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            let glyph: Glyph
            if let found = font.glyph(for: scalar) {
                glyph = found
            } else {
                glyph = font.fallbackGlyph(for: scalar)
                if !missing.contains(scalar) { missing.append(scalar) }
            }
            let top = origin.y - (glyph.height + glyph.yOffset) * m
            let left = pen + glyph.xOffset * m
            // Only the glyph's rows and columns that land on the target are visited, so a huge
            // glyph (a 4096×4096 box) costs at most the target's pixels, and nothing off it.
            let rows = Self.visible(start: top, count: glyph.height, scale: m, limit: height)
            let columns = Self.visible(start: left, count: glyph.width, scale: m, limit: width)
            for row in rows {
                var column = columns.lowerBound
                while column < columns.upperBound {
                    // A clear byte skips its eight columns at once (a box's rows are mostly clear).
                    if column % 8 == 0, glyph.bits[row * glyph.bytesPerRow + column / 8] == 0 {
                        column += 8
                        continue
                    }
                    if glyph.isSet(x: column, y: row) {
                        if m == 1 {
                            setPixel(x: left + column, y: top + row, to: color)
                        } else {
                            fill(Rect(x: left + column * m, y: top + row * m, width: m, height: m), with: color)
                        }
                    }
                    column += 1
                }
            }
            pen += glyph.advance * m
        }
        return TextRun(advance: pen - origin.x, missing: missing)
    }

    /// The indices `i` in `0..<count` whose span `start + i*scale ..< start + (i+1)*scale`
    /// overlaps `0..<limit`.
    private static func visible(start: Int, count: Int, scale: Int, limit: Int) -> Range<Int> {
        guard count > 0, limit > 0 else { return 0..<0 }
        let first = start >= 0 ? 0 : min(count, (-start) / scale)
        let end = start >= limit ? 0 : min(count, (limit - start + scale - 1) / scale)
        return first..<max(first, end)
    }
}

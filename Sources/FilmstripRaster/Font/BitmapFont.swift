/// A bitmap font: glyphs keyed by Unicode code point, plus the metrics text layout needs.
///
/// Fonts are plain data; load one from BDF text with ``BitmapFont/init(bdf:)``. The command
/// line's default is misc-fixed 6x13 (public domain, from Debian's xfonts-base).
public struct BitmapFont: Sendable {
    /// The BDF `FONT` name (an XLFD such as `-Misc-Fixed-Medium-R-SemiCondensed--13-...`).
    package let name: String
    /// Pixels from the baseline up to the top of the tallest glyph (`FONT_ASCENT`, or the
    /// bounding box when the property is absent).
    package let ascent: Int
    /// Pixels from the baseline down to the bottom of the lowest glyph (`FONT_DESCENT`, or the
    /// bounding box).
    package let descent: Int
    /// The `FONTBOUNDINGBOX`: width, height and offsets in pixels.
    package let boundingBox: (width: Int, height: Int, xOffset: Int, yOffset: Int)
    /// Glyphs by code point. Glyphs with `ENCODING -1` are not here.
    package let glyphs: [UInt32: Glyph]
    /// The glyph named by `DEFAULT_CHAR`, drawn for code points the font lacks; nil when the
    /// property is absent or names no glyph (a box is drawn instead).
    package let defaultGlyph: Glyph?
    /// Every property of `STARTPROPERTIES`, with quoted strings unquoted.
    package let properties: [String: BDFProperty]
    /// What the reader repaired, one line per kind, each naming the first line it happened on
    /// (`line 9: 3 bitmap rows have fewer hex digits than their BBX width needs; padded with
    /// zeros`). Empty for a font read as written.
    package internal(set) var warnings: [String] = []

    /// A font from already-parsed parts; most callers use ``BitmapFont/init(bdf:)``.
    package init(
        name: String, ascent: Int, descent: Int,
        boundingBox: (width: Int, height: Int, xOffset: Int, yOffset: Int),
        glyphs: [UInt32: Glyph], defaultGlyph: Glyph?, properties: [String: BDFProperty]
    ) {
        self.name = name
        self.ascent = ascent
        self.descent = descent
        self.boundingBox = boundingBox
        self.glyphs = glyphs
        self.defaultGlyph = defaultGlyph
        self.properties = properties
        let replacement = defaultGlyph ?? Self.box(width: boundingBox.width, height: ascent)
        self.replacementGlyph = replacement
        let blank = !replacement.bits.contains { $0 != 0 }
        self.replacementIsBlank = blank
        self.dashRule = blank ? Self.rule(advance: replacement.advance, ascent: ascent, descent: descent) : nil
    }

    /// Pixels from one baseline to the next: `ascent + descent`.
    package var lineHeight: Int { ascent + descent }

    /// The glyph drawn for `scalar`: its own, or nil when the font lacks it.
    package func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        glyphs[scalar.value]
    }

    /// The glyph drawn in place of a missing code point: `DEFAULT_CHAR`'s glyph, or a hollow box
    /// as wide as the bounding box and as tall as the ascent. Built once, with the font: a
    /// 4096×4096 bounding box makes a 2 MB box, which was rebuilt for every missing code point.
    package let replacementGlyph: Glyph

    /// True when ``replacementGlyph`` sets no pixel: the font's `DEFAULT_CHAR` is a space or an
    /// empty bitmap (xfonts-base's Sony 12x24 and Spleen name U+0020), so a missing code point would
    /// leave a gap with nothing to show for it.
    package let replacementIsBlank: Bool

    /// The glyph drawn for a missing `—` (U+2014, em dash) when ``replacementIsBlank``: a
    /// horizontal rule as wide as the replacement glyph's advance, `max(1, lineHeight / 12)`
    /// pixels thick, its top `ascent / 3` pixels above the baseline (about the middle of a
    /// lower-case letter). Nil when the replacement glyph draws something.
    package let dashRule: Glyph?

    /// The glyph drawn for `scalar` when the font lacks it: ``dashRule`` for U+2014 when there
    /// is one, otherwise ``replacementGlyph``.
    package func fallbackGlyph(for scalar: Unicode.Scalar) -> Glyph {
        if scalar.value == 0x2014, let dashRule { return dashRule }
        return replacementGlyph
    }

    /// A rule glyph `advance` wide (at least 1), as described at ``dashRule``.
    private static func rule(advance: Int, ascent: Int, descent: Int) -> Glyph {
        let width = max(1, advance)
        let thickness = max(1, (ascent + descent) / 12)
        let bytesPerRow = (width + 7) / 8
        var row = [UInt8](repeating: 0, count: bytesPerRow)
        for column in 0..<width { row[column / 8] |= 0x80 >> UInt8(column % 8) }
        let top = max(thickness, ascent / 3)
        return Glyph(
            width: width, height: thickness, xOffset: 0, yOffset: top - thickness, advance: width,
            bits: Array([[UInt8]](repeating: row, count: thickness).joined()))
    }

    /// A hollow box `width` × `height` (at least 3 × 3), its right column left clear as spacing.
    private static func box(width: Int, height: Int) -> Glyph {
        let width = max(3, width)
        let height = max(3, height)
        let bytesPerRow = (width + 7) / 8
        var bits = [UInt8](repeating: 0, count: bytesPerRow * height)
        for row in 0..<height {
            if row == 0 || row == height - 1 {
                for column in 0..<(width - 1) { bits[row * bytesPerRow + column / 8] |= 0x80 >> UInt8(column % 8) }
            } else {
                for column in [0, width - 2] { bits[row * bytesPerRow + column / 8] |= 0x80 >> UInt8(column % 8) }
            }
        }
        return Glyph(width: width, height: height, xOffset: 0, yOffset: 0, advance: width, bits: bits)
    }

    /// The advance width of `text` in pixels: the sum of each scalar's glyph advance
    /// (``fallbackGlyph(for:)``'s for a missing one).
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (glyph(for: $1) ?? fallbackGlyph(for: $1)).advance }
    }

    /// The code points of `text` this font has no glyph for, in order of first appearance.
    package func missingScalars(in text: String) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        return text.unicodeScalars.filter { glyphs[$0.value] == nil && seen.insert($0.value).inserted }
    }
}

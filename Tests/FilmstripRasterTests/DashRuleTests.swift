import FilmstripRaster
import FilmstripTestSupport
import Testing

/// When a font's `DEFAULT_CHAR` draws nothing (xfonts-base's Sony 12x24 and Spleen
/// name the space), a missing `—` would vanish; it is drawn as a rule instead, one cell wide.
@Suite struct DashRuleTests {
    /// Ascent 6, descent 2, 5 px cells, `DEFAULT_CHAR 32` (a blank space), and `i`; no `—`.
    static let blankDefaultBDF = """
        STARTFONT 2.1
        FONT -Test-Blank-Default
        FONTBOUNDINGBOX 5 8 0 -2
        STARTPROPERTIES 3
        FONT_ASCENT 6
        FONT_DESCENT 2
        DEFAULT_CHAR 32
        ENDPROPERTIES
        CHARS 2
        STARTCHAR space
        ENCODING 32
        DWIDTH 5 0
        BBX 5 8 0 -2
        BITMAP
        00
        00
        00
        00
        00
        00
        00
        00
        ENDCHAR
        STARTCHAR i
        ENCODING 105
        DWIDTH 5 0
        BBX 1 4 1 0
        BITMAP
        80
        00
        80
        80
        ENDCHAR
        ENDFONT
        """

    @Test func aMissingEmDashIsARuleWhenTheDefaultCharIsBlank() throws {
        let font = try BitmapFont(bdf: Self.blankDefaultBDF)
        #expect(font.replacementIsBlank)
        var canvas = Canvas(width: 16, height: 8)
        let run = canvas.drawText("i—i\u{2026}", at: Point(x: 0, y: 6), font: font, color: .white)
        // The rule: 5 px (the space's advance), 1 px thick (8 / 12 rounds up to 1), its top
        // 6 / 3 = 2 px above the baseline; the missing `…` stays blank.
        #expect(run == TextRun(advance: 20, missing: ["\u{2014}", "\u{2026}"]))
        assertPixels(canvas, [
            "................",
            "................",
            ".#.........#....",
            "................",
            ".#...#####.#....",
            ".#.........#....",
            "................",
            "................",
        ])
        #expect(font.width(of: "—") == 5)
    }

    @Test func aDefaultCharThatDrawsIsUsedForTheDashToo() throws {
        let tiny = try TestFonts.tiny
        #expect(!tiny.replacementIsBlank && tiny.dashRule == nil)
        #expect(tiny.fallbackGlyph(for: "\u{2014}") == tiny.replacementGlyph)
        let plain = try TestFonts.plain
        #expect(!plain.replacementIsBlank && plain.dashRule == nil, "no DEFAULT_CHAR: a box, which draws")
    }

    @Test func theRuleOfSony12x24IsACellWideAndTwoPixelsThick() {
        let font = DebianFonts.font("12x24")
        #expect(font.glyph(for: "\u{2014}") == nil && font.replacementIsBlank)
        let rule = font.dashRule
        #expect(rule?.advance == 12 && rule?.width == 12 && rule?.height == 2 && rule?.yOffset == 5)
    }
}

import FilmstripRaster

/// Small hand-written BDF fonts, so every glyph a test draws can be read off the source.
/// (The error tests keep their own fonts next to the line numbers they check.)
package enum TestFonts {
    /// Glyphs: `T` (3×4 on the baseline), `g` (descender, y-offset -2), `j` (x-offset -1,
    /// y-offset -2), `M` (20 px wide: 3 bytes a row, padding bits set in row 0), space
    /// (`BBX 0 0 0 0`, advance 4), no-break space (3×2, all rows zero), `?` (the
    /// `DEFAULT_CHAR`), and one `ENCODING -1` glyph that must not be loaded.
    package static let tinyBDF = #"""
        STARTFONT 2.1
        COMMENT A font for tests.
        FONT -Test-Tiny-Medium-R-Normal--6-60-75-75-C-40-ISO10646-1
        SIZE 6 75 75
        FONTBOUNDINGBOX 21 6 -1 -2
        STARTPROPERTIES 9
        FAMILY_NAME "Tiny ""Test"" Face"
        FOUNDRY """Quoted"" at the start"
        COPYRIGHT "Public domain"
        NOTICE ""
        WEIGHT_NAME Medium
        FONT_ASCENT 4
        FONT_DESCENT 2
        UNDERLINE_POSITION -1
        DEFAULT_CHAR 63
        ENDPROPERTIES
        CHARS 8
        STARTCHAR T
        ENCODING 84
        SWIDTH 666 0
        DWIDTH 4 0
        BBX 3 4 0 0
        BITMAP
        E0
        40
        40
        40
        ENDCHAR
        STARTCHAR g
        ENCODING 103
        SWIDTH 666 0
        DWIDTH 4 0
        BBX 3 5 0 -2
        BITMAP
        60
        A0
        60
        20
        C0
        ENDCHAR
        STARTCHAR j
        ENCODING 106
        SWIDTH 500 0
        DWIDTH 3 0
        BBX 3 6 -1 -2
        BITMAP
        20
        00
        20
        20
        20
        C0
        ENDCHAR
        STARTCHAR M
        ENCODING 77
        SWIDTH 3500 0
        DWIDTH 21 0
        BBX 20 3 0 0
        BITMAP
        FFFFFF
        800010
        f0f0f0
        ENDCHAR
        STARTCHAR space
        ENCODING 32
        SWIDTH 666 0
        DWIDTH 4 0
        BBX 0 0 0 0
        BITMAP
        ENDCHAR
        STARTCHAR nobreakspace
        ENCODING 160
        SWIDTH 500 0
        DWIDTH 3 0
        BBX 3 2 0 0
        BITMAP
        00
        00
        ENDCHAR
        STARTCHAR question
        ENCODING 63
        SWIDTH 666 0
        DWIDTH 4 0
        BBX 3 3 0 0
        BITMAP
        A0
        40
        A0
        ENDCHAR
        STARTCHAR ornament
        ENCODING -1
        SWIDTH 666 0
        DWIDTH 4 0
        BBX 2 2 0 0
        BITMAP
        C0
        C0
        ENDCHAR
        ENDFONT
        """#

    /// One glyph, `i`, and no `DEFAULT_CHAR`: a missing code point is drawn as a box as wide
    /// as the bounding box (4) and as tall as the ascent (4).
    package static let plainBDF = """
        STARTFONT 2.1
        FONT -Test-Plain
        FONTBOUNDINGBOX 4 5 0 -1
        STARTPROPERTIES 1
        FONT_ASCENT 4
        ENDPROPERTIES
        CHARS 1
        STARTCHAR i
        ENCODING 105
        DWIDTH 2 0
        BBX 1 4 0 0
        BITMAP
        80
        00
        80
        80
        ENDCHAR
        ENDFONT
        """

    package static var tiny: BitmapFont {
        get throws { try BitmapFont(bdf: tinyBDF) }
    }

    package static var plain: BitmapFont {
        get throws { try BitmapFont(bdf: plainBDF) }
    }
}

extension Glyph {
    /// The bitmap as a pattern, `#` for a set bit.
    package var rows: [String] {
        (0..<height).map { y in String((0..<width).map { isSet(x: $0, y: y) ? "#" : "." }) }
    }
}

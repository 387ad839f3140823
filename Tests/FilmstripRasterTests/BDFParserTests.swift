import FilmstripRaster
import FilmstripTestSupport
import Testing

struct BDFParserTests {
    // MARK: Header and properties

    @Test func readsNameBoundingBoxAndMetrics() throws {
        let font = try TestFonts.tiny
        #expect(font.name == "-Test-Tiny-Medium-R-Normal--6-60-75-75-C-40-ISO10646-1")
        #expect(font.boundingBox == (width: 21, height: 6, xOffset: -1, yOffset: -2))
        #expect(font.ascent == 4)
        #expect(font.descent == 2)
        #expect(font.lineHeight == 6)
    }

    @Test func propertiesAreIntegersOrUnquotedStrings() throws {
        let font = try TestFonts.tiny
        #expect(font.properties == [
            "FAMILY_NAME": .string(#"Tiny "Test" Face"#),
            "FOUNDRY": .string(#""Quoted" at the start"#),
            "COPYRIGHT": .string("Public domain"),
            "NOTICE": .string(""),
            "WEIGHT_NAME": .string("Medium"),
            "FONT_ASCENT": .integer(4),
            "FONT_DESCENT": .integer(2),
            "UNDERLINE_POSITION": .integer(-1),
            "DEFAULT_CHAR": .integer(63),
        ])
        #expect(font.properties["UNDERLINE_POSITION"]?.integerValue == -1)
        #expect(font.properties["UNDERLINE_POSITION"]?.stringValue == nil)
        #expect(font.properties["COPYRIGHT"]?.stringValue == "Public domain")
        #expect(font.properties["COPYRIGHT"]?.integerValue == nil)
    }

    @Test func ascentAndDescentFallBackToTheBoundingBox() throws {
        let font = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONTBOUNDINGBOX 5 9 0 -3
            STARTCHAR x
            ENCODING 120
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """)
        #expect(font.ascent == 6)
        #expect(font.descent == 3)
        #expect(font.lineHeight == 9)
        #expect(font.properties.isEmpty)
        #expect(font.name == "")
    }

    // MARK: Glyphs

    @Test func loadsEveryEncodedGlyphAndSkipsEncodingMinusOne() throws {
        let font = try TestFonts.tiny
        #expect(Set(font.glyphs.keys) == [32, 63, 77, 84, 103, 106, 160])
        // The ENCODING -1 glyph (2×2, all set) is nowhere, not even under some other key.
        #expect(!font.glyphs.values.contains { $0.width == 2 && $0.height == 2 })
    }

    @Test func glyphOnTheBaseline() throws {
        let glyph = try #require(try TestFonts.tiny.glyph(for: "T"))
        #expect(glyph == Glyph(width: 3, height: 4, xOffset: 0, yOffset: 0, advance: 4, bits: [0xE0, 0x40, 0x40, 0x40]))
        #expect(glyph.rows == ["###", ".#.", ".#.", ".#."])
    }

    @Test func descenderKeepsItsNegativeYOffset() throws {
        let glyph = try #require(try TestFonts.tiny.glyph(for: "g"))
        #expect(glyph.yOffset == -2)
        #expect(glyph.xOffset == 0)
        #expect(glyph.advance == 4)
        #expect(glyph.rows == [".##", "#.#", ".##", "..#", "##."])
    }

    @Test func negativeXAndYOffsets() throws {
        let glyph = try #require(try TestFonts.tiny.glyph(for: "j"))
        #expect(glyph.xOffset == -1)
        #expect(glyph.yOffset == -2)
        #expect(glyph.advance == 3)
        #expect(glyph.rows == ["..#", "...", "..#", "..#", "..#", "##."])
    }

    @Test func twentyPixelGlyphHasThreeBytesARowWithPaddingCleared() throws {
        let glyph = try #require(try TestFonts.tiny.glyph(for: "M"))
        #expect(glyph.width == 20)
        #expect(glyph.bytesPerRow == 3)
        #expect(glyph.advance == 21)
        // Row 0 was FFFFFF: the four padding bits past column 19 are cleared.
        #expect(glyph.bits == [0xFF, 0xFF, 0xF0, 0x80, 0x00, 0x10, 0xF0, 0xF0, 0xF0])
        #expect(glyph.rows == [
            "####################",
            "#..................#",
            "####....####....####",
        ])
    }

    @Test func emptyBitmapSpaceAdvancesByItsDWIDTH() throws {
        let font = try TestFonts.tiny
        let space = try #require(font.glyph(for: " "))
        #expect(space == Glyph(width: 0, height: 0, xOffset: 0, yOffset: 0, advance: 4, bits: []))
        let noBreak = try #require(font.glyph(for: "\u{A0}"))
        #expect(noBreak.advance == 3)
        #expect(noBreak.rows == ["...", "..."])
    }

    @Test func defaultCharBecomesTheDefaultGlyph() throws {
        let font = try TestFonts.tiny
        let question = try #require(font.glyph(for: "?"))
        #expect(font.defaultGlyph == question)
        #expect(font.replacementGlyph == question)
        #expect(question.rows == ["#.#", ".#.", "#.#"])
    }

    @Test func withoutDefaultCharTheReplacementIsAHollowBox() throws {
        let font = try TestFonts.plain
        #expect(font.defaultGlyph == nil)
        let box = font.replacementGlyph
        #expect(box.advance == 4)
        #expect(box.xOffset == 0)
        #expect(box.yOffset == 0)
        #expect(box.rows == ["###.", "#.#.", "#.#.", "###."])
    }

    @Test func defaultCharNamingNoGlyphFallsBackToTheBox() throws {
        let font = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 3 0 0
            STARTPROPERTIES 1
            DEFAULT_CHAR 9999
            ENDPROPERTIES
            STARTCHAR x
            ENCODING 120
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """)
        #expect(font.defaultGlyph == nil)
        #expect(font.replacementGlyph.rows == ["##.", "##.", "##."])
    }

    @Test func advanceFallsBackToFontDWIDTHThenToWidthPlusXOffset() throws {
        let withFontWidth = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 3 0 0
            DWIDTH 7 0
            STARTCHAR x
            ENCODING 120
            BBX 3 1 0 0
            BITMAP
            E0
            ENDCHAR
            ENDFONT
            """)
        #expect(withFontWidth.glyphs[120]?.advance == 7)
        let withoutAny = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 3 0 0
            STARTCHAR x
            ENCODING 120
            BBX 3 1 2 0
            BITMAP
            E0
            ENDCHAR
            ENDFONT
            """)
        #expect(withoutAny.glyphs[120]?.advance == 5)
    }

    /// "\r\n" is a single Character in a Swift String, so a parser that splits on "\n" alone
    /// would see a CRLF file as one line.
    @Test func crlfLineEndingsReadTheSame() throws {
        let lf = try TestFonts.tiny
        let crlfText = TestFonts.tinyBDF.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(crlfText.utf8.starts(with: "STARTFONT 2.1\r\nCOMMENT".utf8))
        let crlf = try BitmapFont(bdf: crlfText)
        #expect(crlf.glyphs == lf.glyphs)
        #expect(crlf.properties == lf.properties)
        #expect(crlf.name == lf.name)
    }

    @Test func crlfErrorsNameTheSameLines() {
        // 6 BBX
        let crlf = "STARTFONT 2.1\r\nFONTBOUNDINGBOX 3 4 0 0\r\nSTARTCHAR T\r\nENCODING 84\r\nDWIDTH 4 0\r\nBBX 3 four 0 0\r\nBITMAP\r\nE0\r\nENDCHAR\r\nENDFONT"
        let error = #expect(throws: BDFError.self) { try BitmapFont(bdf: crlf) }
        #expect(error?.line == 6)
    }

    @Test func commentsAndBlankLinesMayPrecedeStartFont() throws {
        let font = try BitmapFont(bdf: """

            COMMENT generated by hand

            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING 120
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """)
        #expect(font.glyphs[120]?.rows == ["#"])
    }

    // MARK: Measuring

    @Test func widthSumsAdvancesIncludingTheReplacementGlyph() throws {
        #expect(try TestFonts.tiny.width(of: "Tg j") == 4 + 4 + 4 + 3)
        #expect(try TestFonts.tiny.width(of: "T€") == 4 + 4)   // € drawn as ? (advance 4)
        #expect(try TestFonts.plain.width(of: "i€i") == 2 + 4 + 2)  // € drawn as the box (advance 4)
        #expect(try TestFonts.plain.width(of: "") == 0)
    }

    @Test func missingScalarsAreListedOnceInOrderOfFirstAppearance() throws {
        let font = try TestFonts.tiny
        #expect(font.missingScalars(in: "Tx€gx\u{E9}€") == ["x", "€", "\u{E9}"])
        #expect(font.missingScalars(in: "Tg j?") == [])
    }
}

import FilmstripRaster
import Foundation
import Testing

/// Fonts as other tools write them are read, with one warning per kind of repair; what cannot
/// be drawn is refused by name.
struct BDFToleranceTests {
    static let oneGlyph = """
        STARTFONT 2.1
        FONTBOUNDINGBOX 8 2 0 0
        STARTCHAR A
        ENCODING 65
        BBX 8 2 0 0
        BITMAP
        F0
        0F
        ENDCHAR
        ENDFONT
        """

    @Test func aByteOrderMarkIsReadLikeNone() throws {
        let plain = try BitmapFont(bdf: Self.oneGlyph)
        let marked = try BitmapFont(bdf: "\u{FEFF}" + Self.oneGlyph)
        #expect(marked.glyphs == plain.glyphs)
        #expect(marked.warnings.isEmpty)
        let fromBytes = try BitmapFont(bdf: String(decoding: [0xEF, 0xBB, 0xBF] + Array(Self.oneGlyph.utf8), as: UTF8.self))
        #expect(fromBytes.glyphs == plain.glyphs)
    }

    @Test func commentAndBlankLinesAreIgnoredAnywhereIncludingInsideBitmap() throws {
        let font = try BitmapFont(bdf: """
            COMMENT before
            STARTFONT 2.1
            COMMENT header

            FONTBOUNDINGBOX 8 2 0 0
            STARTPROPERTIES 1
            COMMENT inside properties

            FONT_ASCENT 2
            ENDPROPERTIES
            STARTCHAR A
            COMMENT in the glyph
            ENCODING 65
            BBX 8 2 0 0
            BITMAP
            COMMENT inside the bitmap
            F0

            0F
            COMMENT after the rows

            ENDCHAR
            ENDFONT
            """)
        #expect(font.glyphs == (try BitmapFont(bdf: Self.oneGlyph)).glyphs)
        #expect(font.properties["COMMENT"] == nil)
        #expect(font.warnings.isEmpty)
    }

    @Test func shortHexRowsAreZeroPaddedWithOneWarningPerFont() throws {
        // 7 BITMAP, 8 first row, 9 the first short row
        let font = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONTBOUNDINGBOX 20 2 0 0
            STARTCHAR M
            ENCODING 77
            DWIDTH 21 0
            BBX 20 2 0 0
            BITMAP
            FFFFF0
            FFFF
            ENDCHAR
            STARTCHAR N
            ENCODING 78
            BBX 20 2 0 0
            BITMAP
            F
            ABCDE
            ENDCHAR
            ENDFONT
            """)
        #expect(font.glyphs[77]?.bits == [0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0x00])
        #expect(font.glyphs[78]?.bits == [0xF0, 0x00, 0x00, 0xAB, 0xCD, 0xE0])
        #expect(font.warnings == ["line 9: 3 bitmap rows have fewer hex digits than the BBX width needs; padded with zeros"])
    }

    @Test func missingRowsArePaddedBlankWithOneWarningPerFont() throws {
        // 6 BITMAP, 7 and 8 rows, 9 ENDCHAR where a third row was due
        let font = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0 0
            STARTCHAR T
            ENCODING 84
            BBX 3 4 0 0
            BITMAP
            E0
            40
            ENDCHAR
            STARTCHAR U
            ENCODING 85
            BBX 3 4 0 0
            BITMAP
            ENDCHAR
            ENDFONT
            """)
        #expect(font.glyphs[84]?.bits == [0xE0, 0x40, 0x00, 0x00])
        #expect(font.glyphs[85]?.bits == [0x00, 0x00, 0x00, 0x00])
        #expect(font.warnings == ["line 9: 2 glyphs have fewer bitmap rows than the BBX height; padded with blank rows"])
    }

    @Test func aMissingEndPropertiesIsNamedAsSuch() {
        // 3 STARTPROPERTIES, 5 STARTCHAR where ENDPROPERTIES was due
        #expect(throws: BDFError(line: 5, message: "expected 'ENDPROPERTIES' before 'STARTCHAR' (the properties start on line 3)")) {
            try BitmapFont(bdf: "STARTFONT 2.1\nFONTBOUNDINGBOX 8 2 0 0\nSTARTPROPERTIES 1\nFONT_ASCENT 2\nSTARTCHAR A\nENCODING 65\nBBX 8 2 0 0\nBITMAP\nF0\n0F\nENDCHAR\nENDFONT")
        }
        #expect(throws: BDFError(line: 4, message: "expected 'ENDPROPERTIES' for the properties started on line 3; the file ended")) {
            try BitmapFont(bdf: "STARTFONT 2.1\nFONTBOUNDINGBOX 8 2 0 0\nSTARTPROPERTIES 1\nFONT_ASCENT 2")
        }
    }

    @Test(arguments: [2, 4, 8])
    func greyscaleSizeIsRefusedByName(depth: Int) {
        let text = Self.oneGlyph.replacingOccurrences(of: "FONTBOUNDINGBOX", with: "SIZE 10 75 75 \(depth)\nFONTBOUNDINGBOX")
        #expect(throws: BDFError(line: 2, message: "expected a font of 1 bit per pixel; SIZE gives \(depth) bits per pixel (a BDF 2.3 greyscale font), which filmstrip cannot draw (use a 1-bit version of the font)")) {
            try BitmapFont(bdf: text)
        }
    }

    @Test func sizeWithOneBitPerPixelOrNoneIsRead() throws {
        for size in ["SIZE 10 75 75 1", "SIZE 10 75 75"] {
            let font = try BitmapFont(bdf: Self.oneGlyph.replacingOccurrences(of: "FONTBOUNDINGBOX", with: "\(size)\nFONTBOUNDINGBOX"))
            #expect(font.glyphs.count == 1)
        }
    }

    @Test func anIndentedFontLineKeepsItsWholeName() throws {
        // The name is what follows the keyword: it was once cut 4 characters into the line, so
        // an indented "FONT" lost the start of its name ("T -Misc-…").
        for (line, name) in [("FONT -Misc-Fixed-6x13", "-Misc-Fixed-6x13"), ("  FONT -Misc-Fixed-6x13 ", "-Misc-Fixed-6x13"), ("\tFONT\tA b", "A b"), ("FONT", "")] {
            let font = try BitmapFont(bdf: Self.oneGlyph.replacingOccurrences(of: "FONTBOUNDINGBOX", with: "\(line)\nFONTBOUNDINGBOX"))
            #expect(font.name == name, "\(line)")
        }
    }

    @Test func keywordsNumbersAndRowsAreReadAsBytesBesideOtherText() throws {
        // Non-ASCII text around the ASCII the format defines: a property value, a comment, a
        // glyph name; "+8" and "-0" are integers as Int(_:) reads them, "８" (fullwidth) is not.
        let font = try BitmapFont(bdf: """
            STARTFONT 2.1
            FONT Ünïcode ☃
            FONTBOUNDINGBOX +8 2 -0 0
            STARTPROPERTIES 2
            FAMILY_NAME "Snö ""man""\"
            FONT_ASCENT +2
            ENDPROPERTIES
            COMMENT ☃☃☃
            STARTCHAR Ä
            ENCODING 196
            BBX 8 2 0 0
            BITMAP
            f0
            0F
            ENDCHAR
            ENDFONT
            """)
        #expect(font.name == "Ünïcode ☃")
        #expect(font.boundingBox == (8, 2, 0, 0))
        #expect(font.properties["FAMILY_NAME"] == .string("Snö \"man\""))
        #expect(font.ascent == 2)
        #expect(font.glyphs[196]?.bits == [0xF0, 0x0F])
        #expect(throws: BDFError.self) { try BitmapFont(bdf: Self.oneGlyph.replacingOccurrences(of: "BBX 8", with: "BBX ８")) }
    }
}

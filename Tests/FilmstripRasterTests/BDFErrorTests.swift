import Foundation
import FilmstripRaster
import Testing

/// Every malformed font throws ``BDFError`` with the 1-based line of the problem. Each font is
/// written without a trailing newline, so its last line is the last line of text; the line
/// numbers are given in a comment beside each one.
struct BDFErrorTests {
    func error(_ text: String) -> BDFError? {
        #expect(throws: BDFError.self) { try BitmapFont(bdf: text) }
    }

    // MARK: Keyword lines

    @Test func malformedBBXNamesItsLine() {
        // 1 STARTFONT, 2 FONTBOUNDINGBOX, 3 STARTCHAR, 4 ENCODING, 5 DWIDTH, 6 BBX
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0 0
            STARTCHAR T
            ENCODING 84
            DWIDTH 4 0
            BBX 3 four 0 0
            BITMAP
            E0
            40
            40
            40
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 6, message: "expected 'BBX w h xoff yoff' followed by 4 integers, found 'BBX 3 four 0 0'"))
        #expect(thrown?.description == "line 6: expected 'BBX w h xoff yoff' followed by 4 integers, found 'BBX 3 four 0 0'")
    }

    @Test func bbxWithTooFewNumbersNamesItsLine() {
        // 5 BBX
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0 0
            STARTCHAR T
            ENCODING 84
            BBX 3 4 0
            BITMAP
            E0
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown?.line == 5)
    }

    @Test func malformedFontBoundingBoxNamesItsLine() {
        // 1 COMMENT, 2 STARTFONT, 3 FONTBOUNDINGBOX
        let thrown = error("""
            COMMENT before the start
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 3, message: "expected 'FONTBOUNDINGBOX w h xoff yoff' followed by 4 integers, found 'FONTBOUNDINGBOX 3 4 0'"))
    }

    @Test func negativeBBXWidthNamesTheBBXLine() {
        // 5 BBX, 6 BITMAP
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0 0
            STARTCHAR T
            ENCODING 84
            BBX -3 4 0 0
            BITMAP
            E0
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 5, message: "expected a BBX with non-negative width and height"))
    }

    /// BDF fixes no order for a glyph's keywords, so the error must name the BBX line itself,
    /// not "the line before BITMAP".
    @Test func negativeBBXHeightNamesTheBBXLineWhereverItIs() {
        // 4 BBX, 5 ENCODING, 6 BITMAP
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0 0
            STARTCHAR T
            BBX 3 -4 0 0
            ENCODING 84
            BITMAP
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 4, message: "expected a BBX with non-negative width and height"))
    }

    @Test func encodingWithoutANumberNamesItsLine() {
        // 4 ENCODING
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING x
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 4, message: "expected 'ENCODING n', found 'ENCODING x'"))
    }

    @Test func bitmapBeforeBBXNamesTheBitmapLine() {
        // 5 BITMAP
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING 120
            BITMAP
            80
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 5, message: "expected 'BBX w h xoff yoff' before 'BITMAP'"))
    }

    @Test func unclosedQuoteInAPropertyNamesItsLine() {
        // 3 STARTPROPERTIES, 4 COPYRIGHT
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTPROPERTIES 1
            COPYRIGHT "unterminated
            ENDPROPERTIES
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 4, message: "expected a closing '\"' in property COPYRIGHT"))
    }

    // MARK: Bitmap rows

    @Test func nonHexRowNamesItsLine() {
        // 6 BITMAP, 7 the bad row
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 8 1 0 0
            STARTCHAR x
            ENCODING 120
            BBX 8 1 0 0
            BITMAP
            G0
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown?.line == 7)
    }

    @Test func fileEndingInsideTheBitmapNamesTheLastLine() {
        // 6 BITMAP, 7 and 8 rows, then the end of the text
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 3 4 0 0
            STARTCHAR T
            ENCODING 84
            BBX 3 4 0 0
            BITMAP
            E0
            40
            """)
        #expect(thrown == BDFError(line: 8, message: "expected 4 bitmap rows, the file ended after 2"))
    }

    @Test func tooManyBitmapRowsNamesTheExtraRow() {
        // 6 BITMAP, 7 the one row, 8 a second row where ENDCHAR was due
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING 120
            BBX 1 1 0 0
            BITMAP
            80
            80
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 8, message: "expected 'ENDCHAR' after 1 bitmap rows (BBX height)"))
    }

    // MARK: Structure

    @Test func missingEndFontNamesTheLastLine() {
        // 8 ENDCHAR is the last line
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING 120
            BBX 1 1 0 0
            BITMAP
            80
            ENDCHAR
            """)
        #expect(thrown == BDFError(line: 8, message: "expected 'ENDFONT' before the end of the file"))
    }

    /// A text file's last line normally ends with a newline; the line after it is not a line.
    @Test func missingEndFontInAFileEndingWithNewlineNamesItsLastLine() {
        // 8 ENDCHAR, then "\n"
        let thrown = error("STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nSTARTCHAR x\nENCODING 120\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\n")
        #expect(thrown == BDFError(line: 8, message: "expected 'ENDFONT' before the end of the file"))
    }

    @Test func endFontInsideAGlyphNamesTheEndFontLine() {
        // 3 STARTCHAR, 6 ENDFONT before any BITMAP
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING 120
            BBX 1 1 0 0
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 6, message: "expected 'ENDCHAR' for the glyph started on line 3"))
    }

    @Test func endCharBeforeBitmapNamesTheEndCharLine() {
        // 5 ENDCHAR
        let thrown = error("""
            STARTFONT 2.1
            FONTBOUNDINGBOX 1 1 0 0
            STARTCHAR x
            ENCODING 120
            ENDCHAR
            ENDFONT
            """)
        #expect(thrown == BDFError(line: 5, message: "expected 'BITMAP' before 'ENDCHAR'"))
    }

    @Test(arguments: [
        ("", 1),
        ("FONT nothing-before-it\nSTARTFONT 2.1", 1),
        ("COMMENT one\n\nCOMMENT two\nSTARTFNT 2.1\nENDFONT", 4),
    ])
    func missingStartFontNamesTheFirstOtherLine(text: String, line: Int) {
        #expect(error(text) == BDFError(line: line, message: "expected 'STARTFONT 2.1' at the start of a BDF file"))
    }

    @Test func missingFontBoundingBoxIsAWholeFileError() {
        let thrown = error("STARTFONT 2.1\nENDFONT")
        #expect(thrown == BDFError(line: 0, message: "expected a 'FONTBOUNDINGBOX w h xoff yoff' line in the header"))
        #expect(thrown?.description == "expected a 'FONTBOUNDINGBOX w h xoff yoff' line in the header")
    }

    // MARK: Numbers out of range

    @Test(arguments: [1_114_112, -2])
    func encodingOutsideUnicodeNamesItsLine(encoding: Int) {
        // 4 ENCODING
        let thrown = error("STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nSTARTCHAR x\nENCODING \(encoding)\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT")
        #expect(thrown == BDFError(line: 4, message: "expected an ENCODING from -1 to 1114111 (a Unicode code point), found \(encoding)"))
    }

    @Test func highestCodePointIsAccepted() throws {
        let font = try BitmapFont(bdf: "STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nSTARTCHAR x\nENCODING 1114111\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT")
        #expect(Array(font.glyphs.keys) == [0x10FFFF])
    }

    /// A font file is user input (`--font`): an ENCODING too large for UInt32 must be a BDFError
    /// for its line, never a trap. Run in a child process, so a trap fails this test alone.
    @Test func encodingTooLargeForUInt32IsAnErrorNotATrap() async {
        await #expect(processExitsWith: .success) {
            do throws(BDFError) {
                _ = try BitmapFont(bdf: "STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nSTARTCHAR x\nENCODING 4294967296\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT")
                preconditionFailure("ENCODING 4294967296 was accepted")
            } catch {
                precondition(error.line == 4, "the error names line \(error.line), not 4")
            }
        }
    }

    /// A DEFAULT_CHAR too large for UInt32 names no glyph: no default glyph, and no trap.
    @Test func defaultCharTooLargeForUInt32MeansNoDefaultGlyph() async {
        await #expect(processExitsWith: .success) {
            let font = try BitmapFont(bdf: "STARTFONT 2.1\nFONTBOUNDINGBOX 1 1 0 0\nSTARTPROPERTIES 1\nDEFAULT_CHAR 4294967296\nENDPROPERTIES\nENDFONT")
            precondition(font.defaultGlyph == nil)
            precondition(font.properties["DEFAULT_CHAR"] == .integer(4_294_967_296))
        }
    }

    @Test func negativeDefaultCharMeansNoDefaultGlyph() throws {
        let font = try BitmapFont(bdf: "STARTFONT 2.1\nFONTBOUNDINGBOX 3 3 0 0\nSTARTPROPERTIES 1\nDEFAULT_CHAR -1\nENDPROPERTIES\nENDFONT")
        #expect(font.defaultGlyph == nil)
    }
}

/// Hostile sizes in a font given with --font end in a BDFError naming the line, never a trap or a hang.
@Suite struct BDFLimitTests {
    static func font(replacing line: String, with replacement: String) -> String {
        """
        STARTFONT 2.1
        FONTBOUNDINGBOX 6 13 0 -2
        STARTPROPERTIES 2
        FONT_ASCENT 11
        FONT_DESCENT 2
        ENDPROPERTIES
        STARTCHAR x
        ENCODING 65
        DWIDTH 6 0
        BBX 1 1 0 0
        BITMAP
        80
        ENDCHAR
        ENDFONT
        """.replacingOccurrences(of: line, with: replacement)
    }

    @Test(arguments: [
        ("BBX 1 1 0 0", "BBX 9223372036854775807 1 0 0", 10),
        ("BBX 1 1 0 0", "BBX 1 1 9223372036854775807 0", 10),
        ("BBX 1 1 0 0", "BBX 1 1 0 -9223372036854775807", 10),
        ("DWIDTH 6 0", "DWIDTH 9223372036854775807 0", 9),
        ("FONTBOUNDINGBOX 6 13 0 -2", "FONTBOUNDINGBOX 9223372036854775807 9223372036854775807 0 -2", 2),
        ("FONT_ASCENT 11", "FONT_ASCENT 9223372036854775807", 4),
        ("BBX 1 1 0 0", "BBX 4097 1 0 0", 10),
    ])
    func hugeSizesAreRefusedWithTheirLine(original: String, replacement: String, line: Int) {
        do {
            _ = try BitmapFont(bdf: Self.font(replacing: original, with: replacement))
            Issue.record("expected a BDFError for \(replacement)")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains("-4096 to 4096"))
        }
    }

    @Test func theLargestAcceptedGlyphParses() throws {
        let font = try BitmapFont(bdf: Self.font(replacing: "BBX 1 1 0 0\nBITMAP\n80", with: "BBX 16 1 -4096 4096\nBITMAP\nFFFF"))
        #expect(font.glyphs[65]?.xOffset == -4096)
    }
}

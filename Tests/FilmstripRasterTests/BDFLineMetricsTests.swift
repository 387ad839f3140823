import FilmstripRaster
import Testing

/// Metrics no left-to-right line can be laid out with are refused at their line: a font whose
/// `FONT_ASCENT` + `FONT_DESCENT` is below one pixel once drew every frame 82 pixels tall with
/// the header above the top edge, and a negative `DWIDTH` drew every glyph of a run on one spot.
struct BDFLineMetricsTests {
    /// A one-glyph font; `properties` and `dwidth` are the lines under test.
    func font(properties: [String], dwidth: String = "DWIDTH 4 0") -> String {
        // 1 STARTFONT, 2 FONTBOUNDINGBOX, 3 STARTPROPERTIES, 4… the properties
        (["STARTFONT 2.1", "FONTBOUNDINGBOX 3 4 0 0", "STARTPROPERTIES \(properties.count)"] + properties + [
            "ENDPROPERTIES", "CHARS 1", "STARTCHAR T", "ENCODING 84", dwidth, "BBX 3 4 0 0", "BITMAP", "E0", "40", "40", "40", "ENDCHAR", "ENDFONT",
        ]).joined(separator: "\n")
    }

    @Test func aLineHeightBelowOnePixelNamesTheAscentsLine() {
        let thrown = #expect(throws: BDFError.self) { try BitmapFont(bdf: font(properties: ["FONT_ASCENT -50", "FONT_DESCENT -3"])) }
        #expect(thrown == BDFError(line: 4, message: "expected FONT_ASCENT + FONT_DESCENT (the height of a line) of at least 1 pixel, found -50 + -3 = -53"))
    }

    @Test func aZeroLineHeightFromTheDescentAloneNamesTheDescentsLine() {
        // 4 FONT_DESCENT; FONT_ASCENT comes from the bounding box (4 + 0)
        let thrown = #expect(throws: BDFError.self) { try BitmapFont(bdf: font(properties: ["FONT_DESCENT -4"])) }
        #expect(thrown == BDFError(line: 4, message: "expected FONT_ASCENT + FONT_DESCENT (the height of a line) of at least 1 pixel, found 4 + -4 = 0"))
    }

    @Test func aNegativeGlyphAdvanceNamesItsLine() {
        // 4, 5 the properties, 6 ENDPROPERTIES, 7 CHARS, 8 STARTCHAR, 9 ENCODING, 10 DWIDTH
        let thrown = #expect(throws: BDFError.self) { try BitmapFont(bdf: font(properties: ["FONT_ASCENT 4", "FONT_DESCENT 0"], dwidth: "DWIDTH -6 0")) }
        #expect(thrown == BDFError(line: 10, message: "expected DWIDTH dx from 0 to 4096 pixels (filmstrip draws left to right), found -6"))
    }

    @Test func aOnePixelLineAndAZeroAdvanceAreRead() throws {
        let read = try BitmapFont(bdf: font(properties: ["FONT_ASCENT 1", "FONT_DESCENT 0"], dwidth: "DWIDTH 0 0"))
        #expect(read.ascent == 1)
        #expect(read.descent == 0)
        #expect(read.glyphs[84]?.advance == 0)
    }
}

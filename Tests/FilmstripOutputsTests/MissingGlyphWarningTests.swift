@testable import FilmstripOutputs
import FilmstripRaster
import FilmstripTestSupport
import Testing

/// The one warning of a run about the code points its font lacked says how they were drawn;
/// with a blank `DEFAULT_CHAR` (Sony 12x24's is the space) it says the glyph was blank and that
/// `—` became a rule.
@Suite struct MissingGlyphWarningTests {
    @Test func aBlankDefaultCharIsNamedAndTheDashIsARule() {
        let font = DebianFonts.font("12x24")
        let loader = FontLoader()
        #expect(loader.missingGlyphWarning(["\u{2014}", "\u{2026}"], font: font, source: "12x24.bdf")
            == "font 12x24.bdf has no glyph for U+2014 and U+2026; its DEFAULT_CHAR glyph is blank, so U+2014 is drawn as a rule and U+2026 is left blank")
        #expect(loader.missingGlyphWarning(["\u{2014}"], font: font, source: "12x24.bdf")
            == "font 12x24.bdf has no glyph for U+2014; its DEFAULT_CHAR glyph is blank, so U+2014 is drawn as a rule")
        #expect(loader.missingGlyphWarning(["\u{2026}", "\u{1F600}"], font: font, source: "12x24.bdf")
            == "font 12x24.bdf has no glyph for U+2026 and U+1F600; its DEFAULT_CHAR glyph is blank, so U+2026 and U+1F600 are left blank")
    }

    @Test func aDefaultCharThatDrawsOrABoxKeepsTheirWords() throws {
        #expect(FontLoader().missingGlyphWarning(["\u{2014}"], font: try TestFonts.tiny, source: "tiny.bdf")
            == "font tiny.bdf has no glyph for U+2014; drawn as its DEFAULT_CHAR")
        #expect(FontLoader().missingGlyphWarning(["\u{2014}"], font: try TestFonts.plain, source: "plain.bdf")
            == "font plain.bdf has no glyph for U+2014; drawn as a box")
        #expect(FontLoader().missingGlyphWarning([], font: try TestFonts.plain, source: "plain.bdf") == nil)
    }
}

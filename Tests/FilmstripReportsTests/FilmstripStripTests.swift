import FilmstripCore
import FilmstripRaster
@testable import FilmstripReports
import FilmstripTestSupport
import Testing

/// The strip drawn in parts (cells as the frames are drawn, labels at the end) is the strip
/// ``FilmstripImage/compose(count:frameWidth:frameHeight:font:theme:cell:)`` draws, whenever the
/// labels stay outside the cells; a font whose glyphs reach into the cells is told apart.
@Suite struct FilmstripStripTests {
    /// Three cells of 100 × 40, each a colour of its own, the second dropped.
    static let cells: [Canvas?] = [Canvas(width: 100, height: 40, background: .white), nil, Canvas(width: 100, height: 40, background: Palette.mint)]
    static let labels = ["#0 · 0 ms", "#1 · 100 ms", "#2 · 200 ms"]

    @Test func cellsFirstAndLabelsLastDrawTheSamePixelsWithTheBundledFont() {
        let font = TestSupport.font
        let whole = FilmstripImage.compose(count: 3, frameWidth: 100, frameHeight: 40, font: font) { (Self.cells[$0], Self.labels[$0], $0 == 1 ? nil : Palette.mint) }
        var parts = FilmstripImage.Strip(count: 3, frameWidth: 100, frameHeight: 40, font: font, theme: .dark)
        #expect(parts.labelsStayOutsideCells(Self.labels))
        for cell in [2, 0, 1] { parts.place(Self.cells[cell], at: cell) }
        for cell in 0..<3 { parts.label(cell, Self.labels[cell], swatch: cell == 1 ? nil : Palette.mint) }
        let same = parts.canvas == whole
        #expect(same, "the same pixels, drawn in another order")
        #expect(parts.canvas.width == 6 + 3 * 106)
        // A cell too small for the dropped frame's word: the word would spill out of it.
        let small = FilmstripImage.Strip(count: 3, frameWidth: 40, frameHeight: 12, font: font, theme: .dark)
        #expect(!small.labelsStayOutsideCells(Self.labels))
    }

    /// A glyph 30 pixels tall standing on the baseline reaches up into the cell above its label.
    @Test func aGlyphThatReachesIntoACellIsToldApart() throws {
        let tall = """
            STARTFONT 2.1
            FONT tall
            SIZE 4 75 75
            FONTBOUNDINGBOX 2 30 0 0
            STARTPROPERTIES 2
            FONT_ASCENT 2
            FONT_DESCENT 0
            ENDPROPERTIES
            CHARS 1
            STARTCHAR box
            ENCODING 35
            DWIDTH 3 0
            BBX 2 30 0 0
            BITMAP
            \(Array(repeating: "C0", count: 30).joined(separator: "\n"))
            ENDCHAR
            ENDFONT
            """
        let font = try BitmapFont(bdf: tall)
        let strip = FilmstripImage.Strip(count: 2, frameWidth: 40, frameHeight: 20, font: font, theme: .dark)
        #expect(!strip.labelsStayOutsideCells(["#", "#"]))
        #expect(strip.labelsStayOutsideCells(["", ""]), "no glyph, nothing reaches up")
    }
}

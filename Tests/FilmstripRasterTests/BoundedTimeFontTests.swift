import FilmstripRaster
import FilmstripTestSupport
import Foundation
import Testing

/// An 11 KB font with a 4096×4096 bounding box and no DEFAULT_CHAR took 217 s of CPU
/// for one plan: the fallback box (2 MB of bits) was rebuilt for every missing code point, and
/// painted bit by bit, off the canvas too. The budget is in the name; the bound is generous.
@Suite struct BoundedTimeFontTests {
    /// FONTBOUNDINGBOX 4096×4096, ascent 4096, glyphs for `a` and space only, no DEFAULT_CHAR.
    static let hugeBox: BitmapFont = {
        let text = """
            STARTFONT 2.1
            FONT -Test-Huge-Medium-R-Normal--4096-40960-75-75-C-40960-ISO10646-1
            SIZE 4096 75 75
            FONTBOUNDINGBOX 4096 4096 0 0
            STARTPROPERTIES 2
            FONT_ASCENT 4096
            FONT_DESCENT 0
            ENDPROPERTIES
            CHARS 2
            STARTCHAR space
            ENCODING 32
            SWIDTH 500 0
            DWIDTH 4 0
            BBX 0 0 0 0
            BITMAP
            ENDCHAR
            STARTCHAR a
            ENCODING 97
            SWIDTH 500 0
            DWIDTH 4 0
            BBX 3 3 0 0
            BITMAP
            E0
            A0
            E0
            ENDCHAR
            ENDFONT

            """
        return try! BitmapFont(bdf: text)
    }()

    @Test func fourK_fontWithoutDefaultCharRendersUnder10s() throws {
        let font = Self.hugeBox
        #expect(font.defaultGlyph == nil)
        #expect(font.replacementGlyph.width == 4096 && font.replacementGlyph.height == 4096)
        let start = ContinuousClock.now
        // About what one plan's frames draw: 120 frames of a few lines, every letter missing
        // but `a`, some runs starting above and left of the canvas.
        var canvas = Canvas(width: 320, height: 180, background: .black)
        var advance = 0
        for frame in 0..<120 {
            for line in 0..<4 {
                let run = canvas.drawText("loading \(frame) a fetching", at: Point(x: -40 * line, y: 20 + 40 * line), font: font, color: .white)
                advance += run.advance
            }
            advance += font.width(of: "EMPTY STATE \(frame)")
        }
        #expect(advance > 0)
        #expect(start.duration(to: .now) < .seconds(10))
        // The box is still drawn where it lands: its top-left corner at the pen.
        var small = Canvas(width: 8, height: 8, background: .black)
        small.drawText("Z", at: Point(x: 1, y: 4097), font: font, color: .white)
        #expect(small.pixel(x: 1, y: 1) == .white && small.pixel(x: 7, y: 1) == .white && small.pixel(x: 2, y: 2) == .black)
    }
}

import FilmstripCore
import FilmstripSeedBenches
import FilmstripRaster
import FilmstripTestSupport
import Testing

@Suite struct PanelPainterTests {
    let painter = PanelPainter(width: 100, height: 20, font: TestSupport.font, background: .black)

    @Test func wrapBreaksAtSpacesWithinTheWidth() {
        // 6 px a character: 60 px hold 10.
        #expect(painter.wrap("ASC 409 · version already exists", maxWidth: 60) == ["ASC 409 ·", "version", "already", "exists"])
    }

    @Test func wrapBreaksAWordWiderThanTheLine() {
        let lines = painter.wrap(String(repeating: "x", count: 25) + " end", maxWidth: 60)
        #expect(lines == ["xxxxxxxxxx", "xxxxxxxxxx", "xxxxx end"])
        #expect(lines.allSatisfy { TestSupport.font.width(of: $0) <= 60 })
    }
}

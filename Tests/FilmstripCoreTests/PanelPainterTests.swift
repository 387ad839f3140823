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

    @Test func wrapStopsAtMaxLines() {
        #expect(painter.wrap("ASC 409 · version already exists", maxWidth: 60, maxLines: 2) == ["ASC 409 ·", "version"])
        #expect(painter.wrap(String(repeating: "x", count: 25), maxWidth: 60, maxLines: 1) == ["xxxxxxxxxx"])
        #expect(painter.wrap("", maxWidth: 60, maxLines: 3).isEmpty)
    }

    /// Wrapping one long word measured ever longer prefixes (quadratic); 1 MB of
    /// message text did not finish in a minute. The budget is in the name; the bound is generous.
    @Test func oneMegabyteWord_wrapsUnder20s() {
        let word = String(repeating: "x", count: 1 << 20)
        let start = ContinuousClock.now
        let lines = painter.wrap(word, maxWidth: 60)
        #expect(start.duration(to: .now) < .seconds(20))
        #expect(lines.count == (1 << 20) / 10 + 1 && lines.allSatisfy { $0.count <= 10 })
        let words = painter.wrap(String(repeating: "abc ", count: 1 << 12), maxWidth: 60)
        #expect(words.count == (1 << 12) / 2, "two words of three letters a line")
    }

    @Test func oneMegabyteMessage_threeLinesUnder1s() {
        let word = String(repeating: "x", count: 1 << 20)
        let start = ContinuousClock.now
        #expect(painter.wrap(word, maxWidth: 60, maxLines: 3) == Array(repeating: "xxxxxxxxxx", count: 3))
        #expect(start.duration(to: .now) < .seconds(1))
    }
}

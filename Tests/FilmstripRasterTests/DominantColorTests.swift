import FilmstripRaster
import Testing

/// `Canvas.dominantColor(in:)`: the most common colour of a clipped rectangle, the first to
/// reach a count winning a tie, in its short list and past it (more than 64 colours).
@Suite struct DominantColorTests {
    static let ink = Color(red: 230, green: 232, blue: 238, alpha: 255)
    static let panel = Color(red: 20, green: 22, blue: 27, alpha: 255)

    @Test func theMostCommonColourWinsAndATieGoesToTheFirst() {
        var canvas = Canvas(width: 10, height: 4, background: Self.panel)
        canvas.fill(Rect(x: 0, y: 0, width: 6, height: 4), with: Self.ink)
        #expect(canvas.dominantColor(in: Rect(x: 0, y: 0, width: 10, height: 4)) == Self.ink, "24 ink pixels against 16")
        #expect(canvas.dominantColor(in: Rect(x: 2, y: 0, width: 8, height: 4)) == Self.ink, "16 against 16: ink reached 16 first, row-major")
        #expect(canvas.dominantColor(in: Rect(x: 4, y: 0, width: 6, height: 4)) == Self.panel, "8 against 16")
        #expect(canvas.dominantColor(in: Rect(x: 8, y: 2, width: 20, height: 20)) == Self.panel, "clipped to the canvas")
        #expect(canvas.dominantColor(in: Rect(x: 10, y: 0, width: 3, height: 3)) == nil, "off the canvas")
    }

    @Test func manyColoursAreCountedAlike() {
        // 100 distinct colours, one pixel each, then 3 pixels of one of them: past the short list.
        var canvas = Canvas(width: 103, height: 1)
        for x in 0..<100 { canvas.setPixel(x: x, y: 0, to: Color(red: UInt8(x), green: 7, blue: 9, alpha: 255)) }
        for x in 100..<103 { canvas.setPixel(x: x, y: 0, to: Color(red: 42, green: 7, blue: 9, alpha: 255)) }
        #expect(canvas.dominantColor(in: Rect(x: 0, y: 0, width: 103, height: 1)) == Color(red: 42, green: 7, blue: 9, alpha: 255))
        #expect(canvas.dominantColor(in: Rect(x: 0, y: 0, width: 100, height: 1)) == Color(red: 0, green: 7, blue: 9, alpha: 255), "all tied at 1: the first")
    }
}

import FilmstripRaster
import Testing

/// Pixel tests as patterns: one character per pixel, legend given per test.
@Suite struct CanvasPatternTests {
    /// The canvas as rows of characters, one per pixel, from `legend` (colour → character; '?' otherwise).
    static func pattern(_ canvas: Canvas, _ legend: [Color: Character]) -> [String] {
        (0..<canvas.height).map { y in
            String((0..<canvas.width).map { x in legend[canvas.pixel(x: x, y: y)!] ?? "?" })
        }
    }

    @Test func fillIsClippedToTheCanvas() {
        var canvas = Canvas(width: 6, height: 3, background: .black)
        canvas.fill(Rect(x: 4, y: 1, width: 5, height: 5), with: .white)
        #expect(Self.pattern(canvas, [.black: ".", .white: "#"]) == [
            "......",
            "....##",
            "....##",
        ])
    }

    @Test func strokeDrawsTheOutlineInsideTheRectangle() {
        var canvas = Canvas(width: 5, height: 4, background: .black)
        canvas.stroke(canvas.bounds, with: .white)
        #expect(Self.pattern(canvas, [.black: ".", .white: "#"]) == [
            "#####",
            "#...#",
            "#...#",
            "#####",
        ])
    }

    @Test func scalingByTwoTurnsEachPixelIntoATwoByTwoBlock() {
        var canvas = Canvas(width: 3, height: 2, background: .black)
        canvas.setPixel(x: 1, y: 0, to: .white)
        canvas.setPixel(x: 2, y: 1, to: .white)
        #expect(Self.pattern(canvas.scaled(by: 2), [.black: ".", .white: "#"]) == [
            "..##..",
            "..##..",
            "....##",
            "....##",
        ])
        #expect(canvas.scaled(by: 1) == canvas)
    }

    @Test func drawCopiesWithoutBlendingAndClips() {
        var canvas = Canvas(width: 4, height: 3, background: .black)
        let source = Canvas(width: 2, height: 2, background: .clear)
        canvas.draw(source, at: Point(x: 3, y: 2))
        #expect(Self.pattern(canvas, [.black: ".", .clear: "_"]) == [
            "....",
            "....",
            "..._",
        ])
    }
}

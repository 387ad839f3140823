import FilmstripRaster
import FilmstripTestSupport
import Testing

/// Text is drawn with the pen on the baseline row `origin.y`, the first row below the glyphs'
/// bodies: a glyph with BBX height h and y-offset yo covers rows `origin.y - (h + yo) ..< origin.y - yo`.
struct TextDrawingTests {
    @Test func glyphBodySitsJustAboveTheBaselineAndADescenderCrossesIt() throws {
        var canvas = Canvas(width: 8, height: 8)
        let run = canvas.drawText("Tg", at: Point(x: 0, y: 5), font: try TestFonts.tiny, color: .white)
        #expect(run == TextRun(advance: 8, missing: []))
        assertPixels(canvas, [
            "........",
            "###.....",
            ".#...##.",
            ".#..#.#.",
            ".#...##.",
            "......#.",  // row 5, the baseline: only g's descender reaches it
            "....##..",
            "........",
        ])
    }

    @Test func negativeXOffsetDrawsLeftOfThePen() throws {
        var canvas = Canvas(width: 9, height: 8)
        let run = canvas.drawText("jT", at: Point(x: 1, y: 5), font: try TestFonts.tiny, color: .white)
        #expect(run.advance == 3 + 4)
        assertPixels(canvas, [
            ".........",
            "..#.###..",
            ".....#...",
            "..#..#...",
            "..#..#...",
            "..#......",
            "##.......",
            ".........",
        ])
    }

    @Test func wideGlyphDrawsAllTwentyColumnsAndNoPadding() throws {
        var canvas = Canvas(width: 24, height: 4)
        let run = canvas.drawText("M", at: Point(x: 0, y: 3), font: try TestFonts.tiny, color: .white)
        #expect(run.advance == 21)
        assertPixels(canvas, [
            "####################....",
            "#..................#....",
            "####....####....####....",
            "........................",
        ])
    }

    @Test func spacesAdvanceWithoutPainting() throws {
        var canvas = Canvas(width: 15, height: 4)
        let run = canvas.drawText("T \u{A0}T", at: Point(x: 0, y: 4), font: try TestFonts.tiny, color: .white)
        #expect(run == TextRun(advance: 4 + 4 + 3 + 4, missing: []))
        assertPixels(canvas, [
            "###........###.",
            ".#..........#..",
            ".#..........#..",
            ".#..........#..",
        ])
    }

    @Test func clearBitsLeaveTheTargetAlone() throws {
        var canvas = Canvas(width: 4, height: 4, background: .blue)
        canvas.drawText("T", at: Point(x: 0, y: 4), font: try TestFonts.tiny, color: .red)
        assertPixels(canvas, [
            "RRR.",
            ".R..",
            ".R..",
            ".R..",
        ], legend: [".": .blue, "R": .red])
    }

    @Test func missingCodePointIsDrawnAsTheDefaultCharAndListedOnce() throws {
        var canvas = Canvas(width: 16, height: 5)
        let run = canvas.drawText("T€x€", at: Point(x: 0, y: 4), font: try TestFonts.tiny, color: .white)
        #expect(run == TextRun(advance: 16, missing: ["€", "x"]))
        assertPixels(canvas, [
            "###.............",
            ".#..#.#.#.#.#.#.",
            ".#...#...#...#..",
            ".#..#.#.#.#.#.#.",
            "................",
        ])
    }

    @Test func missingCodePointWithoutDefaultCharIsDrawnAsABox() throws {
        var canvas = Canvas(width: 12, height: 5)
        let run = canvas.drawText("i☃i☃", at: Point(x: 0, y: 4), font: try TestFonts.plain, color: .white)
        #expect(run == TextRun(advance: 12, missing: ["☃"]))
        assertPixels(canvas, [
            "#.###.#.###.",
            "..#.#...#.#.",
            "#.#.#.#.#.#.",
            "#.###.#.###.",
            "............",
        ])
    }

    @Test func textPastTheEdgeIsClipped() throws {
        var canvas = Canvas(width: 5, height: 3)
        let run = canvas.drawText("TT", at: Point(x: -1, y: 4), font: try TestFonts.tiny, color: .white)
        #expect(run.advance == 8)
        // Each T is 3×4 on rows 0...3: the first loses its left column, the second its right
        // column, and both lose their bottom row.
        assertPixels(canvas, [
            "##.##",
            "#...#",
            "#...#",
        ])
    }

    @Test func emptyTextDrawsNothing() throws {
        var canvas = Canvas(width: 3, height: 3)
        let run = canvas.drawText("", at: Point(x: 1, y: 2), font: try TestFonts.tiny, color: .white)
        #expect(run == TextRun(advance: 0, missing: []))
        #expect(canvas == Canvas(width: 3, height: 3))
    }

    // MARK: Magnification

    @Test func magnificationTwoDoublesTheGlyph() throws {
        var canvas = Canvas(width: 8, height: 9)
        let run = canvas.drawText("T", at: Point(x: 0, y: 8), font: try TestFonts.tiny, color: .white, magnification: 2)
        #expect(run.advance == 8)
        assertPixels(canvas, [
            "######..",
            "######..",
            "..##....",
            "..##....",
            "..##....",
            "..##....",
            "..##....",
            "..##....",
            "........",
        ])
    }

    @Test func magnificationScalesOffsetsAndDescendersAlike() throws {
        var canvas = Canvas(width: 8, height: 10)
        canvas.drawText("g", at: Point(x: 1, y: 6), font: try TestFonts.tiny, color: .white, magnification: 2)
        // Top: 6 - (5 + -2) · 2 = 0; left: 1 + 0 · 2 = 1; the last two glyph rows (four canvas
        // rows) are the descender, from the baseline down.
        assertPixels(canvas, [
            "...####.",
            "...####.",
            ".##..##.",
            ".##..##.",
            "...####.",
            "...####.",
            ".....##.",  // row 6, the baseline
            ".....##.",
            ".####...",
            ".####...",
        ])
    }

    /// Drawing at 2× is the same as drawing at 1× and scaling the canvas by 2, for glyphs with
    /// negative offsets and descenders too.
    @Test func magnificationEqualsScalingTheOneTimesDrawing() throws {
        let font = try TestFonts.tiny
        var small = Canvas(width: 15, height: 8)
        let smallRun = small.drawText("jTg?", at: Point(x: 1, y: 5), font: font, color: .white)
        var large = Canvas(width: 30, height: 16)
        let largeRun = large.drawText("jTg?", at: Point(x: 2, y: 10), font: font, color: .white, magnification: 2)
        #expect(large == small.scaled(by: 2))
        #expect(largeRun.advance == 2 * smallRun.advance)
        #expect(small != Canvas(width: 15, height: 8))
    }

    @Test(arguments: [0, -3])
    func magnificationBelowOneCountsAsOne(magnification: Int) throws {
        let font = try TestFonts.tiny
        var plain = Canvas(width: 8, height: 8)
        plain.drawText("Tg", at: Point(x: 0, y: 5), font: font, color: .white)
        var clamped = Canvas(width: 8, height: 8)
        let run = clamped.drawText("Tg", at: Point(x: 0, y: 5), font: font, color: .white, magnification: magnification)
        #expect(clamped == plain)
        #expect(run.advance == 8)
    }

    @Test func drawsTheSamePixelsOnAnyRasterTarget() throws {
        let font = try TestFonts.tiny
        var canvas = Canvas(width: 20, height: 12)
        var grid = PixelGrid(width: 20, height: 12)
        canvas.drawText("jg€", at: Point(x: 0, y: 6), font: font, color: .white, magnification: 2)
        grid.drawText("jg€", at: Point(x: 0, y: 6), font: font, color: .white, magnification: 2)
        #expect(grid.canvas == canvas)
        #expect(grid.outOfBoundsWrites == 0)
    }
}

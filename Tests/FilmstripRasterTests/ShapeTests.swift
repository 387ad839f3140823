import FilmstripRaster
import FilmstripTestSupport
import Testing

struct ShapeTests {
    // MARK: stroke

    @Test func strokeDrawsAOnePixelOutlineInsideTheRectangle() {
        var canvas = Canvas(width: 6, height: 5)
        canvas.stroke(Rect(x: 1, y: 1, width: 4, height: 3), with: .white)
        assertPixels(canvas, [
            "......",
            ".####.",
            ".#..#.",
            ".####.",
            "......",
        ])
    }

    @Test func strokeTwoPixelsThick() {
        var canvas = Canvas(width: 6, height: 6)
        canvas.stroke(Rect(x: 0, y: 0, width: 6, height: 6), with: .white, thickness: 2)
        assertPixels(canvas, [
            "######",
            "######",
            "##..##",
            "##..##",
            "######",
            "######",
        ])
    }

    @Test func strokeThickerThanHalfTheRectangleFillsIt() {
        var canvas = Canvas(width: 7, height: 5)
        canvas.stroke(Rect(x: 1, y: 1, width: 5, height: 3), with: .white, thickness: 9)
        assertPixels(canvas, [
            ".......",
            ".#####.",
            ".#####.",
            ".#####.",
            ".......",
        ])
    }

    @Test func strokeOfAOnePixelWideRectangleIsAColumn() {
        var canvas = Canvas(width: 3, height: 4)
        canvas.stroke(Rect(x: 1, y: 0, width: 1, height: 4), with: .white)
        assertPixels(canvas, [".#.", ".#.", ".#.", ".#."])
    }

    @Test func strokeIsClippedAtTheEdges() {
        var canvas = Canvas(width: 4, height: 4)
        canvas.stroke(Rect(x: -1, y: -1, width: 4, height: 4), with: .white)
        assertPixels(canvas, [
            "..#.",
            "..#.",
            "###.",
            "....",
        ])
    }

    @Test(arguments: [
        (Rect(x: 1, y: 1, width: 3, height: 3), 0),
        (Rect(x: 1, y: 1, width: 3, height: 3), -2),
        (Rect(x: 1, y: 1, width: 0, height: 3), 1),
        (Rect(x: 1, y: 1, width: 3, height: -1), 1),
    ])
    func strokeOfNothingDrawsNothing(rect: Rect, thickness: Int) {
        var canvas = Canvas(width: 5, height: 5)
        canvas.stroke(rect, with: .white, thickness: thickness)
        #expect(canvas == Canvas(width: 5, height: 5))
    }

    @Test func strokeOnAPixelOnlyTargetMatchesTheCanvas() {
        var canvas = Canvas(width: 8, height: 6)
        var grid = PixelGrid(width: 8, height: 6)
        for target in [Rect(x: 1, y: 1, width: 6, height: 4), Rect(x: 5, y: -2, width: 6, height: 5)] {
            canvas.stroke(target, with: .white, thickness: 2)
            grid.stroke(target, with: .white, thickness: 2)
        }
        #expect(grid.canvas == canvas)
        #expect(grid.outOfBoundsWrites == 0)
    }

    // MARK: line

    @Test func horizontalLineIncludesBothEnds() {
        var canvas = Canvas(width: 6, height: 3)
        canvas.line(from: Point(x: 1, y: 1), to: Point(x: 4, y: 1), with: .white)
        assertPixels(canvas, ["......", ".####.", "......"])
    }

    @Test func verticalLineRunsUpwardsToo() {
        var canvas = Canvas(width: 3, height: 4)
        canvas.line(from: Point(x: 2, y: 3), to: Point(x: 2, y: 1), with: .white)
        assertPixels(canvas, ["...", "..#", "..#", "..#"])
    }

    @Test func lineOfZeroLengthIsOnePixel() {
        var canvas = Canvas(width: 3, height: 3)
        canvas.line(from: Point(x: 1, y: 2), to: Point(x: 1, y: 2), with: .white)
        assertPixels(canvas, ["...", "...", ".#."])
    }

    @Test func diagonalsCrossInTheMiddle() {
        var canvas = Canvas(width: 5, height: 5)
        canvas.line(from: Point(x: 0, y: 0), to: Point(x: 4, y: 4), with: .white)
        canvas.line(from: Point(x: 4, y: 0), to: Point(x: 0, y: 4), with: .white)
        assertPixels(canvas, [
            "#...#",
            ".#.#.",
            "..#..",
            ".#.#.",
            "#...#",
        ])
    }

    /// x = 1 + y / 3, rounded to the nearest column.
    @Test(arguments: [(Point(x: 1, y: 0), Point(x: 3, y: 6)), (Point(x: 3, y: 6), Point(x: 1, y: 0))])
    func steepLineStepsOneRowAtATime(start: Point, end: Point) {
        var canvas = Canvas(width: 5, height: 7)
        canvas.line(from: start, to: end, with: .white)
        assertPixels(canvas, [
            ".#...",
            ".#...",
            "..#..",
            "..#..",
            "..#..",
            "...#.",
            "...#.",
        ])
    }

    /// y = x / 3, rounded to the nearest row.
    @Test func shallowLineStepsOneColumnAtATime() {
        var canvas = Canvas(width: 7, height: 3)
        canvas.line(from: Point(x: 0, y: 0), to: Point(x: 6, y: 2), with: .white)
        assertPixels(canvas, [
            "##.....",
            "..###..",
            ".....##",
        ])
    }

    /// Where the ideal line passes exactly halfway between two pixels, the step goes towards
    /// the end point on both axes at once; so the same segment drawn from its other end takes
    /// the other pixel. (Frames depend on this choice, so it is pinned.)
    @Test func tieStepsTowardsTheEndPoint() {
        var forward = Canvas(width: 3, height: 2)
        forward.line(from: Point(x: 0, y: 0), to: Point(x: 2, y: 1), with: .white)
        assertPixels(forward, ["#..", ".##"])
        var backward = Canvas(width: 3, height: 2)
        backward.line(from: Point(x: 2, y: 1), to: Point(x: 0, y: 0), with: .white)
        assertPixels(backward, ["##.", "..#"])
        var steep = Canvas(width: 2, height: 3)
        steep.line(from: Point(x: 0, y: 0), to: Point(x: 1, y: 2), with: .white)
        assertPixels(steep, ["#.", ".#", ".#"])
    }

    @Test func lineLeavingTheCanvasIsClipped() {
        var canvas = Canvas(width: 4, height: 4)
        canvas.line(from: Point(x: -3, y: -3), to: Point(x: 2, y: 2), with: .white)
        canvas.line(from: Point(x: -2, y: 3), to: Point(x: 9, y: 3), with: .white)
        assertPixels(canvas, [
            "#...",
            ".#..",
            "..#.",
            "####",
        ])
    }

    @Test func lineOnAPixelOnlyTargetMatchesTheCanvas() {
        var canvas = Canvas(width: 6, height: 6)
        var grid = PixelGrid(width: 6, height: 6)
        canvas.line(from: Point(x: 0, y: 5), to: Point(x: 5, y: 1), with: .red)
        grid.line(from: Point(x: 0, y: 5), to: Point(x: 5, y: 1), with: .red)
        #expect(grid.canvas == canvas)
        #expect(canvas != Canvas(width: 6, height: 6))
    }
}

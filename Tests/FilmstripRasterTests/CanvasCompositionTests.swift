import FilmstripRaster
import FilmstripTestSupport
import Testing

struct CanvasCompositionTests {
    /// Legend for composition tests: a blue destination, a source with four distinct pixels.
    let legend: Legend = [".": .blue, "R": .red, "G": .green, "W": .white, "c": .clear]

    /// A 3×2 source:
    ///
    ///     RGW
    ///     WcR    (c = fully transparent)
    var source: Canvas {
        var source = Canvas(width: 3, height: 2)
        source.setPixel(x: 0, y: 0, to: .red)
        source.setPixel(x: 1, y: 0, to: .green)
        source.setPixel(x: 2, y: 0, to: .white)
        source.setPixel(x: 0, y: 1, to: .white)
        source.setPixel(x: 2, y: 1, to: .red)
        return source
    }

    // MARK: draw(_:at:)

    @Test func drawCopiesEveryPixelIncludingTransparentOnes() {
        var canvas = Canvas(width: 5, height: 4, background: .blue)
        canvas.draw(source, at: Point(x: 1, y: 1))
        assertPixels(canvas, [
            ".....",
            ".RGW.",
            ".WcR.",
            ".....",
        ], legend: legend)
    }

    @Test func drawClipsAtBottomRight() {
        var canvas = Canvas(width: 5, height: 4, background: .blue)
        canvas.draw(source, at: Point(x: 3, y: 3))
        assertPixels(canvas, [
            ".....",
            ".....",
            ".....",
            "...RG",
        ], legend: legend)
    }

    @Test func drawClipsAtTopLeft() {
        var canvas = Canvas(width: 5, height: 4, background: .blue)
        canvas.draw(source, at: Point(x: -1, y: -1))
        assertPixels(canvas, [
            "cR...",
            ".....",
            ".....",
            ".....",
        ], legend: legend)
    }

    @Test func drawOfALargerSourceCropsIt() {
        var big = Canvas(width: 4, height: 3, background: .green)
        big.setPixel(x: 2, y: 1, to: .red)
        var canvas = Canvas(width: 2, height: 2, background: .blue)
        canvas.draw(big, at: Point(x: -1, y: 0))
        assertPixels(canvas, ["GG", "GR"], legend: legend)
    }

    @Test(arguments: [Point(x: 5, y: 0), Point(x: 0, y: 4), Point(x: -3, y: 0), Point(x: 0, y: -2), Point(x: -100, y: 100)])
    func drawEntirelyOutsideChangesNothing(origin: Point) {
        var canvas = Canvas(width: 5, height: 4, background: .blue)
        canvas.draw(source, at: origin)
        #expect(canvas == Canvas(width: 5, height: 4, background: .blue))
    }

    @Test func drawOfAnEmptySourceChangesNothing() {
        var canvas = Canvas(width: 2, height: 2, background: .blue)
        canvas.draw(Canvas(width: 0, height: 0), at: Point(x: 0, y: 0))
        #expect(canvas == Canvas(width: 2, height: 2, background: .blue))
    }

    // MARK: scaled(by:)

    @Test func scaledByThreeTurnsEachPixelIntoABlock() {
        let scaled = source.scaled(by: 3)
        #expect(scaled.width == 9)
        #expect(scaled.height == 6)
        assertPixels(scaled, [
            "RRRGGGWWW",
            "RRRGGGWWW",
            "RRRGGGWWW",
            "WWWcccRRR",
            "WWWcccRRR",
            "WWWcccRRR",
        ], legend: legend)
    }

    @Test func scaledByTwoOfASingleRow() {
        var row = Canvas(width: 3, height: 1, background: .blue)
        row.setPixel(x: 1, y: 0, to: .red)
        assertPixels(row.scaled(by: 2), [
            "..RR..",
            "..RR..",
        ], legend: legend)
    }

    @Test(arguments: [1, 0, -4])
    func scaleFactorBelowTwoReturnsTheSameCanvas(factor: Int) {
        #expect(source.scaled(by: factor) == source)
    }

    @Test func scalingAnEmptyCanvasGivesAnEmptyCanvas() {
        let scaled = Canvas(width: 0, height: 3).scaled(by: 2)
        #expect(scaled.width == 0)
        #expect(scaled.height == 6)
        #expect(scaled.pixels.isEmpty)
    }
}

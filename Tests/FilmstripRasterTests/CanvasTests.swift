import FilmstripRaster
import FilmstripTestSupport
import Testing

struct CanvasTests {
    // MARK: Memory layout

    @Test func pixelAtXYStartsAtRowTimesStridePlusFourX() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.setPixel(x: 2, y: 1, to: Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        #expect(canvas.stride == 12)
        #expect(canvas.pixels.count == 24)
        // (2, 1) starts at 1 * 12 + 2 * 4 = 20, in the order R, G, B, A.
        var expected = [UInt8](repeating: 0, count: 24)
        expected[20...23] = [0x11, 0x22, 0x33, 0x44]
        #expect(canvas.pixels == expected)
    }

    @Test func backgroundFillsEveryPixelInRGBAOrder() {
        let canvas = Canvas(width: 2, height: 2, background: Color(red: 1, green: 2, blue: 3, alpha: 4))
        #expect(canvas.pixels == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4])
    }

    @Test func defaultBackgroundIsTransparentBlack() {
        #expect(Canvas(width: 2, height: 1).pixels == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func canvasOverExistingBytesReadsThemInLayoutOrder() throws {
        let bytes: [UInt8] = [
            1, 2, 3, 4, 5, 6, 7, 8,
            9, 10, 11, 12, 13, 14, 15, 16,
        ]
        let canvas = try #require(Canvas(width: 2, height: 2, pixels: bytes))
        #expect(canvas.pixel(x: 1, y: 0) == Color(red: 5, green: 6, blue: 7, alpha: 8))
        #expect(canvas.pixel(x: 0, y: 1) == Color(red: 9, green: 10, blue: 11, alpha: 12))
        #expect(canvas.pixel(x: 1, y: 1) == Color(red: 13, green: 14, blue: 15, alpha: 16))
    }

    @Test(arguments: [(2, 2, 15), (2, 2, 17), (-1, 2, 0), (0, 0, 4)])
    func canvasOverBytesOfTheWrongCountIsNil(width: Int, height: Int, count: Int) {
        #expect(Canvas(width: width, height: height, pixels: [UInt8](repeating: 0, count: count)) == nil)
    }

    @Test func negativeSizesCountAsZero() {
        let canvas = Canvas(width: -3, height: 2, background: .white)
        #expect(canvas.width == 0)
        #expect(canvas.height == 2)
        #expect(canvas.pixels.isEmpty)
    }

    @Test(arguments: [(-1, 0), (0, -1), (3, 0), (0, 2), (Int.min, Int.max)])
    func pixelOutsideCanvasIsNilAndWritingThereChangesNothing(x: Int, y: Int) {
        var canvas = Canvas(width: 3, height: 2)
        #expect(canvas.pixel(x: x, y: y) == nil)
        canvas.setPixel(x: x, y: y, to: .white)
        #expect(canvas == Canvas(width: 3, height: 2))
    }

    @Test func setPixelReplacesWithoutBlending() {
        var canvas = Canvas(width: 1, height: 1, background: .white)
        canvas.setPixel(x: 0, y: 0, to: Color(red: 9, green: 8, blue: 7, alpha: 0))
        #expect(canvas.pixels == [9, 8, 7, 0])
    }

    // MARK: Fill

    @Test func fillPaintsExactlyTheRectangle() {
        var canvas = Canvas(width: 6, height: 4)
        canvas.fill(Rect(x: 1, y: 1, width: 3, height: 2), with: .white)
        assertPixels(canvas, [
            "......",
            ".###..",
            ".###..",
            "......",
        ])
    }

    @Test func fillClipsAtTopLeftEdges() {
        var canvas = Canvas(width: 5, height: 4)
        canvas.fill(Rect(x: -2, y: -1, width: 4, height: 3), with: .white)
        assertPixels(canvas, [
            "##...",
            "##...",
            ".....",
            ".....",
        ])
    }

    @Test func fillClipsAtBottomRightEdges() {
        var canvas = Canvas(width: 5, height: 4)
        canvas.fill(Rect(x: 3, y: 2, width: 10, height: 10), with: .white)
        assertPixels(canvas, [
            ".....",
            ".....",
            "...##",
            "...##",
        ])
    }

    @Test func fillLargerThanCanvasCoversIt() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.fill(Rect(x: -5, y: -5, width: 20, height: 20), with: .white)
        assertPixels(canvas, ["###", "###"])
    }

    @Test(arguments: [
        Rect(x: 5, y: 0, width: 2, height: 2),   // right of the canvas
        Rect(x: 0, y: 4, width: 2, height: 2),   // below
        Rect(x: -3, y: 0, width: 3, height: 2),  // ends just left of column 0
        Rect(x: 1, y: 1, width: 0, height: 2),   // no width
        Rect(x: 1, y: 1, width: 2, height: -1),  // negative height
    ])
    func fillOutsideOrEmptyChangesNothing(rect: Rect) {
        var canvas = Canvas(width: 5, height: 4)
        canvas.fill(rect, with: .white)
        #expect(canvas == Canvas(width: 5, height: 4))
    }

    @Test func clearPaintsEveryPixel() {
        var canvas = Canvas(width: 2, height: 2)
        canvas.setPixel(x: 1, y: 1, to: .red)
        canvas.clear(to: .blue)
        #expect(canvas == Canvas(width: 2, height: 2, background: .blue))
    }

    /// The canvas's row-copy fill must paint what the protocol's pixel-by-pixel default paints.
    @Test(arguments: [
        Rect(x: 1, y: 1, width: 3, height: 2),
        Rect(x: -2, y: -1, width: 4, height: 3),
        Rect(x: 4, y: 3, width: 5, height: 5),
        Rect(x: 0, y: 2, width: 7, height: 1),
        Rect(x: 2, y: -4, width: 1, height: 20),
        Rect(x: 9, y: 9, width: 2, height: 2),
    ])
    func canvasFillMatchesTheProtocolDefault(rect: Rect) {
        var canvas = Canvas(width: 7, height: 5, background: .blue)
        var grid = PixelGrid(width: 7, height: 5, background: .blue)
        canvas.fill(rect, with: .red)
        grid.fill(rect, with: .red)
        #expect(canvas == grid.canvas)
        #expect(grid.outOfBoundsWrites == 0)
    }

    @Test func defaultFillClipsBeforeWriting() {
        var grid = PixelGrid(width: 4, height: 3)
        grid.fill(Rect(x: 2, y: -1, width: 5, height: 3), with: .white)
        #expect(grid.outOfBoundsWrites == 0)
        assertPixels(grid.canvas, [
            "..##",
            "..##",
            "....",
        ])
    }

    @Test func boundsCoversTheWholeCanvas() {
        #expect(Canvas(width: 7, height: 3).bounds == Rect(x: 0, y: 0, width: 7, height: 3))
    }
}

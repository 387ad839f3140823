import FilmstripPNG
import FilmstripRaster
import Testing

/// A picture composed on an ``IndexedCanvas`` gives the same ``IndexedImage`` (palette order by
/// first appearance, indices) as the same picture composed on an RGBA ``Canvas`` and indexed, and
/// indexing a canvas gives back its pixels exactly, whatever the lengths of its runs of one colour.
@Suite struct IndexedCompositionTests {
    static let colours: [Color] = [
        Color(red: 12, green: 34, blue: 56), Color(red: 200, green: 10, blue: 10),
        Color(red: 0, green: 0, blue: 0, alpha: 0), Color(red: 255, green: 255, blue: 255),
        Color(red: 12, green: 34, blue: 57),
    ]

    /// A cell of runs 1, 2, …, 9 pixels long (lengths around the 4- and 16-pixel steps), cycling
    /// through the colours, row after row with a shifted start.
    static func cell(width: Int, height: Int) -> Canvas {
        var cell = Canvas(width: width, height: height, background: colours[0])
        var run = 1
        var colour = 1
        for y in 0..<height {
            var x = y % 3
            while x < width {
                cell.fill(Rect(x: x, y: y, width: run, height: 1), with: colours[colour % colours.count])
                x += run
                run = run % 9 + 1
                colour += 1
            }
        }
        return cell
    }

    /// The same drawing on any composition target, its cells drawn from their RGBA8 canvases or
    /// from the ``IndexedImage`` of each (`fromIndices`).
    static func compose<Target: CompositionTarget>(on _: Target.Type, fromIndices: Bool = false) -> Target {
        var target = Target(width: 61, height: 23, background: Color(red: 1, green: 2, blue: 3))
        func draw(_ cell: Canvas, at origin: Point) {
            if fromIndices, let indexed = IndexedImage(cell) {
                indexed.draw(on: &target, at: origin)
            } else {
                cell.draw(on: &target, at: origin)
            }
        }
        // Drawn before what appears above it, so drawing order and first appearance differ.
        target.fill(Rect(x: 0, y: 20, width: 61, height: 3), with: colours[3])
        draw(cell(width: 37, height: 9), at: Point(x: 5, y: 4))
        draw(cell(width: 30, height: 30), at: Point(x: 40, y: 10))  // clipped at the right and bottom
        draw(cell(width: 11, height: 5), at: Point(x: -4, y: -2))  // clipped at the left and top
        target.fill(Rect(x: -4, y: 1, width: 9, height: 2), with: colours[1])
        target.setPixel(x: 60, y: 0, to: colours[4])
        return target
    }

    @Test func anIndexedCompositionIndexesLikeTheRGBAOne() throws {
        let rgba = try #require(IndexedImage(Self.compose(on: Canvas.self)))
        let indexed = try #require(IndexedImage(Self.compose(on: IndexedCanvas.self)))
        #expect(indexed == rgba)
        #expect(indexed.palette.count == 4 * 6, "the background and the five colours")
        #expect(rgba.canvas() == Self.compose(on: Canvas.self))
    }

    /// Cells drawn from their indices give the same pixels on either target as from their
    /// canvases, clipped on every side; the RGBA8 target gets each entry's exact bytes.
    @Test func cellsDrawnFromTheirIndicesGiveTheSamePicture() throws {
        let rgba = Self.compose(on: Canvas.self)
        #expect(Self.compose(on: Canvas.self, fromIndices: true) == rgba)
        let fromIndices = try #require(IndexedImage(Self.compose(on: IndexedCanvas.self, fromIndices: true)))
        #expect(fromIndices == IndexedImage(rgba))
        #expect(fromIndices.canvas() == rgba)
        // The corner cell's pixel (0, 0) is the cell's (4, 2).
        let corner = Self.cell(width: 11, height: 5)
        #expect(rgba.pixel(x: 0, y: 0) == corner.pixel(x: 4, y: 2))
        #expect(rgba.pixel(x: 60, y: 22) == Self.cell(width: 30, height: 30).pixel(x: 20, y: 12))
    }

    /// A cell drawn from its indices onto a canvas holding 256 colours overflows it as drawing
    /// its canvas does, and drawing only the colours already held does not.
    @Test func aCellFromIndicesOverflowsLikeItsCanvas() throws {
        func full() -> IndexedCanvas {
            var target = IndexedCanvas(width: 256, height: 2, background: Color(red: 0, green: 0, blue: 1))
            for x in 1..<256 { target.setPixel(x: x, y: 0, to: Color(red: UInt8(x), green: 0, blue: 1)) }
            return target
        }
        var held = Canvas(width: 2, height: 1, background: Color(red: 7, green: 0, blue: 1))
        held.setPixel(x: 1, y: 0, to: Color(red: 9, green: 0, blue: 1))
        var target = full()
        try #require(IndexedImage(held)).draw(on: &target, at: Point(x: 0, y: 1))
        #expect(!target.overflowed)
        #expect(Array(target.indices[256..<258]) == [7, 9])
        var new = Canvas(width: 2, height: 1, background: Color(red: 7, green: 1, blue: 1))
        new.setPixel(x: 1, y: 0, to: Color(red: 9, green: 0, blue: 1))
        var viaCanvas = full()
        viaCanvas.draw(new, at: Point(x: 0, y: 1))
        var viaIndices = full()
        try #require(IndexedImage(new)).draw(on: &viaIndices, at: Point(x: 0, y: 1))
        #expect(viaCanvas.overflowed && viaIndices.overflowed)
        #expect(IndexedImage(viaIndices) == nil)
    }

    @Test func indexingACanvasKeepsEveryPixelOfEveryRun() throws {
        let cell = Self.cell(width: 53, height: 7)
        let image = try #require(IndexedImage(cell))
        #expect(image.canvas() == cell)
        #expect(Array(image.palette.prefix(4)) == [200, 10, 10, 255], "the first pixel's colour first")
    }

    @Test func aCompositionOfMoreThan256ColoursOverflowsAndGivesNoImage() {
        var target = IndexedCanvas(width: 300, height: 1, background: .clear)
        var many = Canvas(width: 300, height: 1)
        for x in 0..<300 { many.setPixel(x: x, y: 0, to: Color(red: UInt8(x % 256), green: UInt8(x / 256), blue: 9)) }
        target.draw(many, at: Point(x: 0, y: 0))
        #expect(target.overflowed)
        #expect(IndexedImage(target) == nil)
        #expect(IndexedImage(many) == nil)
    }
}

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

    /// The same drawing on any composition target.
    static func compose<Target: CompositionTarget>(on _: Target.Type) -> Target {
        var target = Target(width: 61, height: 23, background: Color(red: 1, green: 2, blue: 3))
        // Drawn before what appears above it, so drawing order and first appearance differ.
        target.fill(Rect(x: 0, y: 20, width: 61, height: 3), with: colours[3])
        target.draw(cell(width: 37, height: 9), at: Point(x: 5, y: 4))
        target.draw(cell(width: 30, height: 30), at: Point(x: 40, y: 10))  // clipped at the edges
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

import FilmstripRaster
import FilmstripTestSupport
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

    /// Runs are counted a run at a time: on random rectangles of canvases drawn in runs of 1 to 9
    /// pixels of 2 to 5 colours (many ties), the colour must be the one a count at every pixel,
    /// in row-major order, gives.
    @Test func countingRunsAgreesWithCountingPixels() {
        var generator = SeededGenerator(seed: 22)
        let colours: [Color] = (0..<5).map { (n: Int) -> Color in
            let step = UInt8(n)
            return Color(red: step * 40, green: 255 - step * 30, blue: 9, alpha: 255 - step)
        }
        for trial in 0..<300 {
            let width = Int(generator.next() % 23) + 1
            let height = Int(generator.next() % 7) + 1
            let palette = colours.prefix(Int(generator.next() % 4) + 2)
            var canvas = Canvas(width: width, height: height)
            var x = 0, y = 0
            while y < height {
                let colour = palette[palette.startIndex + Int(generator.next() % UInt64(palette.count))]
                for _ in 0..<(Int(generator.next() % 9) + 1) where y < height {
                    canvas.setPixel(x: x, y: y, to: colour)
                    x += 1
                    if x == width { (x, y) = (0, y + 1) }
                }
            }
            let rectX = Int(generator.next() % UInt64(width)) - 2
            let rectY = Int(generator.next() % UInt64(height)) - 1
            let rectWidth = Int(generator.next() % 26) + 1
            let rectHeight = Int(generator.next() % 8) + 1
            let rect = Rect(x: rectX, y: rectY, width: rectWidth, height: rectHeight)
            #expect(canvas.dominantColor(in: rect) == Self.countedPixelByPixel(canvas, rect), "trial \(trial): \(rect)")
        }
    }

    /// The definition, pixel by pixel: the first colour whose count passes every other's.
    static func countedPixelByPixel(_ canvas: Canvas, _ rect: Rect) -> Color? {
        var counts: [Color: Int] = [:]
        var best: (colour: Color, count: Int)?
        for y in max(0, rect.y)..<max(max(0, rect.y), min(canvas.height, rect.y + rect.height)) {
            for x in max(0, rect.x)..<max(max(0, rect.x), min(canvas.width, rect.x + rect.width)) {
                guard let colour = canvas.pixel(x: x, y: y) else { continue }
                let count = counts[colour, default: 0] + 1
                counts[colour] = count
                if best == nil || count > best!.count { best = (colour, count) }
            }
        }
        return best?.colour
    }
}

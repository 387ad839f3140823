import FilmstripRaster
import FilmstripTestSupport
import Testing

struct SpinnerTests {
    let legend: Legend = [".": .clear, "H": .red, "d": .grey]

    func spinner(stepMs: Int = 100) -> Spinner {
        Spinner(center: Point(x: 4, y: 4), radius: 4, stepMs: stepMs, highlight: .red, dim: .grey)
    }

    func drawn(atMs timeMs: Int) -> Canvas {
        var canvas = Canvas(width: 9, height: 9)
        spinner().draw(on: &canvas, atMs: timeMs)
        return canvas
    }

    @Test(arguments: [
        (0, 0), (99, 0), (100, 1), (250, 2), (799, 7), (800, 0), (1_000_000, 0), (1_000_150, 1),
        (-1, 7), (-100, 7), (-101, 6), (-800, 0), (-801, 7),
    ])
    func highlightedSpokeIsTheStepNumberModuloEight(timeMs: Int, spoke: Int) {
        #expect(spinner().highlightedSpoke(atMs: timeMs) == spoke)
    }

    @Test(arguments: [(0, 0), (249, 0), (250, 1), (1999, 7), (2000, 0), (-1, 7)])
    func stepLengthIsConfigurable(timeMs: Int, spoke: Int) {
        #expect(spinner(stepMs: 250).highlightedSpoke(atMs: timeMs) == spoke)
    }

    @Test func radiusAndStepAreClampedToTheirMinimums() {
        let clamped = Spinner(center: Point(x: 0, y: 0), radius: 0, stepMs: 0, highlight: .red, dim: .grey)
        #expect(clamped.radius == 2)
        #expect(clamped.stepMs == 1)
        #expect(clamped.highlightedSpoke(atMs: 5) == 5)
        #expect(clamped.highlightedSpoke(atMs: 9) == 1)
    }

    /// Radius 4: each spoke runs from 2 px out (radius / 2) to 4 px out; the diagonals reach
    /// 707 · 2 / 1000 = 1 and 707 · 4 / 1000 = 2 pixels on each axis.
    @Test func atTimeZeroTheUpwardSpokeIsLit() {
        assertPixels(drawn(atMs: 0), [
            "....H....",
            "....H....",
            "..d.H.d..",
            "...d.d...",
            "ddd...ddd",
            "...d.d...",
            "..d.d.d..",
            "....d....",
            "....d....",
        ], legend: legend)
    }

    @Test func atThreeHundredMillisecondsTheLowerRightSpokeIsLit() {
        assertPixels(drawn(atMs: 300), [
            "....d....",
            "....d....",
            "..d.d.d..",
            "...d.d...",
            "ddd...ddd",
            "...d.H...",
            "..d.d.H..",
            "....d....",
            "....d....",
        ], legend: legend)
    }

    @Test func sameInstantDrawsIdenticalPixels() {
        #expect(drawn(atMs: 420) == drawn(atMs: 420))
        #expect(drawn(atMs: 420) == drawn(atMs: 499))
        #expect(drawn(atMs: 0) == drawn(atMs: 800))
    }

    @Test(arguments: 1..<8)
    func everyOtherStepDrawsDifferentPixels(step: Int) {
        #expect(drawn(atMs: step * 100) != drawn(atMs: 0))
    }

    @Test func drawsTheSamePixelsOnAnyRasterTarget() {
        var grid = PixelGrid(width: 9, height: 9)
        spinner().draw(on: &grid, atMs: 500)
        #expect(grid.canvas == drawn(atMs: 500))
    }

    @Test func spinnerNearTheEdgeIsClipped() {
        var canvas = Canvas(width: 5, height: 5)
        Spinner(center: Point(x: 0, y: 0), radius: 4, highlight: .red, dim: .grey).draw(on: &canvas, atMs: 200)
        assertPixels(canvas, [
            "..HHH",
            ".d...",
            "d.d..",
            "d....",
            "d....",
        ], legend: legend)
    }

    /// Spinner time is any `Int` of milliseconds, so the floor division must not overflow near
    /// `Int.min`. Run in a child process, so a trap fails this test alone.
    @Test func extremeTimesDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            let spinner = Spinner(center: Point(x: 4, y: 4), radius: 4, highlight: .red, dim: .grey)
            // floor(Int.min / 100) = -92_233_720_368_547_759, which is 1 modulo 8.
            precondition(spinner.highlightedSpoke(atMs: Int.min) == 1)
            // Int.min = -9_223_372_036_854_775_808: that step ends at Int.min + 7, and the next
            // one starts at Int.min + 8 = -9_223_372_036_854_775_800, a whole multiple of 100.
            precondition(spinner.highlightedSpoke(atMs: Int.min + 7) == 1)
            precondition(spinner.highlightedSpoke(atMs: Int.min + 8) == 2)
        }
        // Int.max / 100 = 92_233_720_368_547_758, which is 6 modulo 8.
        #expect(spinner().highlightedSpoke(atMs: Int.max) == 6)
    }
}

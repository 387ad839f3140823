import FilmstripRaster
import FilmstripTestSupport
import Testing

/// The pattern helper is itself tested, so a pixel test that passes means the pixels matched.
struct PatternAssertionsTests {
    @Test func matchingCanvasHasNoMismatch() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.setPixel(x: 1, y: 0, to: .white)
        #expect(patternMismatch(canvas, [".#.", "..."]) == nil)
        #expect(pattern(of: canvas) == [".#.", "..."])
    }

    @Test func mismatchReportsFirstDifferenceAndSideBySideDiff() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.setPixel(x: 2, y: 1, to: .white)
        let report = patternMismatch(canvas, [".#.", "..."])
        #expect(report == """
            2 of 6 pixels differ; first at (x: 1, y: 0): expected '#' (#ffffff), found '.' (#00000000)
                expected  actual    diff
              0 .#.       ...       -X-
              1 ...       ..#       --X
            legend: '#' = #ffffff, '.' = #00000000; '?' is a colour the legend lacks
            """)
    }

    @Test func colourOutsideLegendShowsAsQuestionMark() {
        var canvas = Canvas(width: 2, height: 1)
        canvas.setPixel(x: 0, y: 0, to: .red)
        #expect(pattern(of: canvas) == ["?."])
        #expect(patternMismatch(canvas, ["#."])?.hasPrefix("1 of 2 pixels differ; first at (x: 0, y: 0): expected '#' (#ffffff), found '?' (#ff0000)") == true)
    }

    @Test func sizeMismatchIsReported() {
        let canvas = Canvas(width: 2, height: 1)
        #expect(patternMismatch(canvas, ["...", "..."]) == "canvas is 2×1, pattern is 3×2\nactual:\n..")
    }

    @Test func malformedPatternsAreReported() {
        let canvas = Canvas(width: 2, height: 2)
        #expect(patternMismatch(canvas, ["..", "."]) == "pattern row 1 has 1 characters, row 0 has 2")
        #expect(patternMismatch(canvas, ["..", ".x"])?.hasPrefix("pattern row 1 uses 'x', which the legend lacks") == true)
    }

    @Test func assertPixelsRecordsAnIssueOnMismatch() {
        let canvas = Canvas(width: 1, height: 1)
        withKnownIssue("the helper must fail when the pixels differ") {
            assertPixels(canvas, ["#"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("1 of 1 pixels differ") }
        }
    }

    @Test func customLegendMapsCharactersToColours() {
        var canvas = Canvas(width: 3, height: 1, background: .blue)
        canvas.setPixel(x: 1, y: 0, to: .red)
        assertPixels(canvas, ["bRb"], legend: ["b": .blue, "R": .red])
    }
}

import FilmstripPNG
import FilmstripRaster
import FilmstripTestSupport
import Foundation
import Testing

/// Through the built binary: a plan recorded with Sony 12x24 (a blank
/// `DEFAULT_CHAR`, no `—`) exits 0, warns once that the glyph was blank and the dash became a
/// rule, writes frames sized from the font's metrics, and draws the large-font frame docs/FONTS.md shows.
@Suite struct LargeFontTests {
    @Test func twelveByTwentyFourRecordsWithTheDashAsARuleAndTheFontsPageFrame() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-failed.json")])
        let font = CommandRunner.root.appendingPathComponent("Tests/Fonts/12x24.bdf").path
        let result = try CommandRunner.run(["record", "--font", font], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") } == [
            "warning: font \(font) has no glyph for U+2014; its DEFAULT_CHAR glyph is blank, so U+2014 is drawn as a rule",
        ])
        let folder = workspace.appendingPathComponent("captures/inbox-pinned-failed")
        let still = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("stills/failed.png"))))
        // Two panels of 422 × 299 in a 886 × 350 frame, at the plan's 2×.
        #expect(still.width == 1772 && still.height == 700)
        // The control's dash, magnified 4×, is a rule: 4 × 12 px wide and 4 × 2 px thick at 1×,
        // centred on the panel (x 14 + 211 - 24), its top 4 × 7 px above its baseline
        // (line 1 of the body: 37 + 30 + 4 + 26 + 88 = 185), in rose.
        for (x, y) in [(201, 157), (248, 157), (201, 164), (248, 164)] {
            #expect(still.pixel(x: 2 * x, y: 2 * y) == Color(hex: 0xF44664), "(\(x), \(y)) is on the rule")
        }
        #expect(still.pixel(x: 2 * 200, y: 2 * 157) != Color(hex: 0xF44664) && still.pixel(x: 2 * 201, y: 2 * 165) != Color(hex: 0xF44664))
        // docs/FONTS.md shows this frame: docs/images/inbox-failed-12x24.png.
        let shown = try PNGCodec.decode(Array(try Data(contentsOf: CommandRunner.root.appendingPathComponent("docs/images/inbox-failed-12x24.png"))))
        #expect(shown == still, "re-record: filmstrip record captures/inbox-pinned-failed.json --font Tests/Fonts/12x24.bdf --out /tmp/large, then copy stills/failed.png to docs/images/inbox-failed-12x24.png")
    }
}

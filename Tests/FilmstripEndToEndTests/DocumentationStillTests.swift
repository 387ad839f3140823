import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripReports
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Testing

/// Images for documentation, through the built binary: a light theme (plan member and
/// `--theme`), stills showing only some panels, and stills at several scales named `@2x`.
@Suite(.serialized) struct DocumentationStillTests {
    static let planFile = CommandRunner.root.appendingPathComponent("captures/docs-light-failed.json")

    func decoded(_ folder: URL, _ path: String) throws -> Canvas {
        try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent(path))))
    }

    func report(_ folder: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any])
    }

    @Test func aLightPlanDrawsLightFramesAndAOnePanelStillAtThreeScales() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.planFile])
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = workspace.appendingPathComponent("captures/docs-light-failed")
        let frameSize = RecordedRun.logicalFrameSize(panelCount: 2, font: TestSupport.font)
        let onePanel = RecordedRun.logicalFrameSize(panelCount: 1, font: TestSupport.font)

        // A whole frame at the plan's scale (2): the light background in the bottom-left margin,
        // the white header bar at the top-left.
        let frame = try decoded(folder, "frames/0004.png")
        #expect(frame.width == frameSize.width * 2 && frame.height == frameSize.height * 2)
        #expect(frame.pixel(x: 0, y: frame.height - 1) == Color(hex: 0xF3F4F6))
        #expect(frame.pixel(x: 0, y: 0) == .white)

        // The still of one panel: as wide as a frame with one panel, at 1×, 2× and 3×.
        let one = try decoded(folder, "stills/failed.png")
        let two = try decoded(folder, "stills/failed@2x.png")
        let three = try decoded(folder, "stills/failed@3x.png")
        #expect(one.width == onePanel.width && one.height == onePanel.height)
        #expect(two.width == one.width * 2 && two.height == one.height * 2)
        #expect(three.width == one.width * 3 && three.height == one.height * 3)
        // Its panel is the candidate: its border (x 8, below the header) is mint darkened for a
        // light page, and its title bar the same; every 2× pixel is its 1× pixel's.
        let mint = Theme.light.color(for: Palette.mint)
        #expect(one.pixel(x: 8, y: 40) == mint)
        for (x, y) in [(8, 40), (50, 22), (100, 90), (onePanel.width - 1, onePanel.height - 1)] {
            #expect(two.pixel(x: 2 * x + 1, y: 2 * y + 1) == one.pixel(x: x, y: y))
            #expect(three.pixel(x: 3 * x + 2, y: 3 * y) == one.pixel(x: x, y: y))
        }
        // The same instant with both panels, at the plan's scale, equals the frame at 1,000 ms's
        // size and shows the control's rose border (darkened) at x 8.
        let both = try decoded(folder, "stills/both-panels.png")
        #expect(both.width == frameSize.width * 2)
        #expect(both.pixel(x: 16, y: 80) == Theme.light.color(for: Palette.rose))

        let json = try report(folder)
        #expect(json["theme"] as? String == "light")
        let stills = try #require(json["stills"] as? [[String: Any]])
        #expect(stills[0]["files"] as? [String] == ["stills/failed.png", "stills/failed@2x.png", "stills/failed@3x.png"])
        #expect(stills[0]["file"] as? String == "stills/failed.png")
        #expect((stills[0]["panels"] as? [[String: Any]])?.map { $0["panel"] as? String } == ["allFour"])
        #expect(stills[1]["files"] == nil)
        #expect(stills[1]["file"] as? String == "stills/both-panels.png")

        // check draws in the theme the outputs were recorded in, so it passes; --theme dark does not.
        let check = try CommandRunner.run(["check", "captures/docs-light-failed.json"], in: workspace)
        #expect(check.status == 0, "\(check.stdout)")
        let dark = try CommandRunner.run(["check", "captures/docs-light-failed.json", "--theme", "dark"], in: workspace)
        #expect(dark.status == 1)
        #expect(dark.stdout.contains("mismatch: captures/docs-light-failed/report.json"))
    }

    @Test func themeOnTheCommandLineOverridesThePlanAndReRunsRemoveOldScales() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.planFile])
        #expect(try CommandRunner.run(["record", "--theme", "dark"], in: workspace).status == 0)
        let folder = workspace.appendingPathComponent("captures/docs-light-failed")
        let frame = try decoded(folder, "frames/0000.png")
        #expect(frame.pixel(x: 0, y: frame.height - 1) == Palette.background)
        #expect(try report(folder)["theme"] == nil)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("stills/failed@3x.png").path))

        // The plan now asks for 1× only: the @2x and @3x files of the last run go.
        let planPath = workspace.appendingPathComponent("captures/docs-light-failed.json")
        let text = try String(contentsOf: planPath, encoding: .utf8).replacingOccurrences(of: "\"scales\": [1, 2, 3]", with: "\"scales\": [1]")
        try Data(text.utf8).write(to: planPath)
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let stills = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("stills").path).sorted()
        #expect(stills == ["both-panels.png", "failed.png"])
    }

    @Test(arguments: [
        (#"{ "name": "a", "atMs": 0, "panels": ["nope"] }"#, "$.stills[0].panels[0]: unknown panel 'nope' in this plan; expected one of: loadedOnly, allFour"),
        (#"{ "name": "a", "atMs": 0, "panels": [] }"#, "$.stills[0].panels: expected at least one of this plan's panels: loadedOnly, allFour"),
        (#"{ "name": "a", "atMs": 0, "panels": ["allFour", "allFour"] }"#, "$.stills[0].panels[1]: panel 'allFour' is listed twice"),
        (#"{ "name": "a", "atMs": 0, "scales": [1, 9] }"#, "$.stills[0].scales[1]: expected an integer from 1 to 8, found 9"),
        (#"{ "name": "a", "atMs": 0, "scales": [2, 2] }"#, "$.stills[0].scales[1]: scale 2 is listed twice"),
        (#"{ "name": "a", "atMs": 0, "scales": [0] }"#, "$.stills[0].scales[0]: expected an integer from 1 to 8, found 0"),
    ])
    func badStillsExitTwoNamingTheJSONPath(still: String, message: String) throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = #"{ "bench": "inbox", "mode": "pinned", "script": [ { "reply": "failed", "latencyMs": 791 } ], "windowMs": 1000, "frameIntervalMs": 500, "stills": [ "# + still + " ] }"
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/bad.json"))
        let result = try CommandRunner.run(["record", "captures/bad.json"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("captures/bad.json: \(message)"), "\(result.stderr)")
    }

    @Test func anUnknownThemeExitsTwo() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = #"{ "bench": "inbox", "theme": "sepia", "script": [ { "reply": "failed", "latencyMs": 791 } ], "windowMs": 1000, "frameIntervalMs": 500 }"#
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/bad.json"))
        let result = try CommandRunner.run(["record", "captures/bad.json"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"captures/bad.json: $.theme: expected one of: "dark", "light", found "sepia""#), "\(result.stderr)")
        let option = try CommandRunner.run(["record", "captures/bad.json", "--theme", "sepia"], in: workspace)
        #expect(option.status == 2)
        #expect(option.stderr.contains("--theme expects 'dark' or 'light', found 'sepia'"), "\(option.stderr)")
    }
}

import FilmstripPNG
import FilmstripTestSupport
import Foundation
import Testing

/// Pages for every reader, checked in headless Chromium
/// (`Fixtures/chromium_page_audit.py`, driven over its DevTools pipe): axe-core finds no WCAG
/// 2.2 A/AA or best-practice violation, at 1,400 px and on a 320 px phone, on one contact sheet
/// per bench in both themes (the live inbox's recorded against the scripted server), the index
/// in both themes, a `compare.html` and a `sweep.html`; none of those pages is wider than a
/// 375 px phone; in forced colours a timeline keeps each segment apart by pattern and boundary,
/// with its phase written on it where it fits; and a contact sheet printed with the print
/// dialog's defaults (no background graphics) still has its timeline, counted in poppler's
/// rendering of page 1.
///
/// Without Chromium, axe-core (PyPI's axe-playwright-python bundles axe.min.js) or poppler's
/// `pdftoppm` the tests are skipped, saying what to install; in CI (`CI=true`)
/// ``toolsAreInstalledInCI()`` fails instead (`.ci/run` installs them).
@Suite(.serialized) struct PageAuditTests {
    static let chromium = ExternalTool.chromium.executable
    /// Whether python3 finds the axe-core copy the audit injects.
    static let axe: Bool = (try? AnimationTests.python(["-c", "import importlib.util as u, os, sys; s = u.find_spec('axe_playwright_python'); sys.exit(0 if s and os.path.exists(os.path.join(s.submodule_search_locations[0], 'axe.min.js')) else 1)"]).status) == 0
    static let pdftoppm = ExternalTool.pdftoppm.executable != nil
    static let script = CommandRunner.fixtures.appendingPathComponent("chromium_page_audit.py").path

    /// One plan per bench with a state graph, rules and stills between them.
    static let plans = ["inbox-cycle", "orders-refresh-error", "scenes-retry-refresh"]
    /// The live bench's plan of every phase, recorded against the scripted server.
    static let livePlan = "live-four-states"

    /// A workspace with the three plans and the live one recorded dark into `captures/` and light into `light/`,
    /// `compare/compare.html` (the fast scenes load against one answered after 1,500 ms) and
    /// `sweep/sweep.html` (the scenes HAR file's sweep).
    /// Returns the workspace and the pages, relative to it.
    static let recorded: Result<(URL, [String]), any Error> = Result {
        let workspace = try CommandRunner.workspace(
            plans: plans.map { CommandRunner.root.appendingPathComponent("captures/\($0).json") }
                + [CompareCommandTests.fastPlan, CommandRunner.root.appendingPathComponent("captures/live/\(livePlan).json")])
        let files = plans.map { "captures/\($0).json" }
        let server = try LiveCapturesTests.capturesServer()
        defer { server.stop() }
        let live = ["FILMSTRIP_LIVE_PORT": String(server.port)]
        let dark = try CommandRunner.run(["record"] + files + ["captures/\(livePlan).json"], in: workspace, environment: live)
        let light = try CommandRunner.run(["record"] + files + ["captures/\(livePlan).json", "--out", "light", "--theme", "light"], in: workspace, environment: live)
        let fast = try String(contentsOf: CompareCommandTests.fastPlan, encoding: .utf8)
        try Data(fast.replacingOccurrences(of: "\"latencyMs\": 300", with: "\"latencyMs\": 1500").utf8).write(to: workspace.appendingPathComponent("slow.json"))
        let compare = try CommandRunner.run(["compare", "captures/scenes-fast-load.json", "slow.json", "--out", "compare"], in: workspace)
        let sweep = try CommandRunner.run(["sweep", CommandRunner.fixtures.appendingPathComponent("scenes.har").path], in: workspace)
        guard dark.status == 0, light.status == 0, compare.status == 0, sweep.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: dark.stderr + light.stderr + compare.stderr + sweep.stderr])
        }
        let sheets = (plans + [livePlan]).flatMap { ["captures/\($0)/index.html", "light/\($0)/index.html"] }
        return (workspace, sheets + ["captures/index.html", "light/index.html", "compare/compare.html", "sweep/sweep.html"])
    }

    /// Runs the audit script with `arguments`, those ending in `.html` or `.pdf` taken relative
    /// to `workspace`; its lines name them relative to it again.
    static func audit(_ arguments: [String], in workspace: URL) throws -> (status: Int32, lines: [String], stderr: String) {
        let prefix = workspace.path + "/"
        let absolute = arguments.map { $0.hasSuffix(".html") || $0.hasSuffix(".pdf") ? prefix + $0 : $0 }
        let result = try AnimationTests.python([script] + absolute)
        return (result.status, result.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: prefix, with: "") }, result.stderr)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] == "true"))
    func toolsAreInstalledInCI() {
        #expect(Self.chromium != nil, "CI needs headless Chromium: apt-get install -y chromium")
        #expect(Self.axe, "CI needs axe-core: pip install --no-deps axe-playwright-python")
        #expect(Self.pdftoppm, "CI needs poppler's pdftoppm: apt-get install -y poppler-utils")
    }

    @Test(.enabled(if: chromium != nil && axe, "skipped: needs headless Chromium (apt-get install -y chromium) and axe-core (pip install --no-deps axe-playwright-python); CI fails without them"))
    func axeFindsNoViolationOnAnyPageInEitherTheme() throws {
        let (workspace, pages) = try Self.recorded.get()
        let result = try Self.audit(["axe"] + pages, in: workspace)
        #expect(result.lines == pages.flatMap { ["\($0) 1400 violations 0", "\($0) 320 violations 0"] }, "\(result.stderr)")
        #expect(result.status == 0)
        // The light index is light: every plan in its folder was recorded with --theme light.
        let lightIndex = try String(contentsOf: workspace.appendingPathComponent("light/index.html"), encoding: .utf8)
        #expect(lightIndex.contains("body{background:#ffffff;color:#111827}"))
        let darkIndex = try String(contentsOf: workspace.appendingPathComponent("captures/index.html"), encoding: .utf8)
        #expect(!darkIndex.components(separatedBy: "@media print")[0].contains("body{background:#ffffff;color:#111827}"), "the dark index is light only in print")
    }

    /// The audit can fail: a page without landmarks has violations.
    @Test(.enabled(if: chromium != nil && axe, "skipped: needs headless Chromium and axe-core (pip install --no-deps axe-playwright-python)"))
    func axeReportsAPageWithoutLandmarks() throws {
        let (workspace, _) = try Self.recorded.get()
        let page = try String(contentsOf: workspace.appendingPathComponent("captures/inbox-cycle/index.html"), encoding: .utf8)
        let stripped = page.replacingOccurrences(of: "<main>", with: "").replacingOccurrences(of: "</main>", with: "")
        try Data(stripped.utf8).write(to: workspace.appendingPathComponent("captures/inbox-cycle/stripped.html"))
        let result = try Self.audit(["axe", "captures/inbox-cycle/stripped.html"], in: workspace)
        #expect(result.status == 1)
        #expect(result.lines.first == "captures/inbox-cycle/stripped.html 1400 violations 2", "\(result.lines.prefix(4))")
        #expect(result.lines.contains { $0.hasPrefix("  landmark-one-main (moderate): html") })
    }

    @Test(.enabled(if: chromium != nil, "skipped: needs headless Chromium (apt-get install -y chromium); CI fails without it"))
    func noPageIsWiderThanA375PixelPhone() throws {
        let (workspace, pages) = try Self.recorded.get()
        let result = try Self.audit(["width", "375"] + pages, in: workspace)
        #expect(result.lines == pages.map { "\($0) scrollWidth 375" }, "\(result.stderr)")
        // Without the viewport meta tag a phone lays the page out 980 px wide.
        let page = try String(contentsOf: workspace.appendingPathComponent("captures/inbox-cycle/index.html"), encoding: .utf8)
        let withoutViewport = page.replacingOccurrences(of: "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">", with: "")
        #expect(withoutViewport != page)
        try Data(withoutViewport.utf8).write(to: workspace.appendingPathComponent("captures/inbox-cycle/desktop.html"))
        let desktop = try Self.audit(["width", "375", "captures/inbox-cycle/desktop.html"], in: workspace)
        #expect(desktop.lines.first.map { $0.hasPrefix("captures/inbox-cycle/desktop.html scrollWidth 9") } == true, "\(desktop.lines)")
    }

    /// Rules of WCAG 2.2 run too: the orders sheet's frame links in its rules table, drawn at
    /// their text's size (about 21 × 16 px), fail 2.5.8 (target size) on a phone.
    @Test(.enabled(if: chromium != nil && axe, "skipped: needs headless Chromium and axe-core (pip install --no-deps axe-playwright-python)"))
    func axeReportsFrameLinksSmallerThan24Pixels() throws {
        let (workspace, _) = try Self.recorded.get()
        let page = try String(contentsOf: workspace.appendingPathComponent("captures/orders-refresh-error/index.html"), encoding: .utf8)
        let small = page.replacingOccurrences(of: "<a class=\"fl\" ", with: "<a ")
        #expect(small != page)
        try Data(small.utf8).write(to: workspace.appendingPathComponent("captures/orders-refresh-error/small.html"))
        let result = try Self.audit(["axe", "captures/orders-refresh-error/small.html"], in: workspace)
        #expect(result.status == 1)
        #expect(result.lines.contains("captures/orders-refresh-error/small.html 320 violations 1"), "\(result.lines.prefix(4))")
        #expect(result.lines.contains { $0.hasPrefix("  target-size (serious): a[href$=\"#frame-") })
    }

    /// Windows high contrast (forced colours, emulated) draws every colour of the page in the
    /// system's text colour. The inbox cycle's phase timeline still shows its eight segments
    /// apart: along a row under the labels the pixels change at least once per segment, any two
    /// neighbouring segments differ in how much of them is ink (their patterns), and each segment
    /// wide enough for its phase's name shows it whole.
    @Test(.enabled(if: chromium != nil, "skipped: needs headless Chromium (apt-get install -y chromium); CI fails without it"))
    func forcedColoursKeepEveryTimelineSegmentApart() throws {
        let (workspace, _) = try Self.recorded.get()
        let result = try Self.audit(["forced", "captures/inbox-cycle/index.html", workspace.appendingPathComponent("forced.png").path], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let segments = result.lines.map { $0.split(separator: " ").map(String.init) }.filter { $0.first == "segment" }
        #expect(segments.map { $0[3] } == ["loading", "empty", "loading", "failed", "loading", "loaded", "loading", "empty"])
        let image = try PNGCodec.decode(Array(try Data(contentsOf: workspace.appendingPathComponent("forced.png"))))
        #expect(image.height == 22)
        func luma(_ x: Int, _ y: Int) -> Int {
            let offset = (y * image.width + x) * 4
            return (Int(image.pixels[offset]) * 299 + Int(image.pixels[offset + 1]) * 587 + Int(image.pixels[offset + 2]) * 114) / 1000
        }
        // Row 20: under the labels (they sit in rows 4 to 17).
        let row = (0..<image.width).map { luma($0, 20) }
        let runs = 1 + zip(row, row.dropFirst()).count { $0 != $1 }
        #expect(runs >= segments.count, "\(runs) runs along the timeline for \(segments.count) segments")
        // How much of each segment's lower rows is ink (darker than mid grey), in percent.
        let ink = segments.map { segment -> Int in
            let (left, right) = (Int(segment[1])! + 4, Int(segment[2])! - 1)
            let pixels = (left..<right).flatMap { x in (18..<22).map { luma(x, $0) } }
            return pixels.count { $0 < 128 } * 100 / max(1, pixels.count)
        }
        for (a, b) in zip(ink, ink.dropFirst()) {
            #expect(abs(a - b) >= 10, "neighbouring segments look alike in forced colours: \(ink)")
        }
        for segment in segments {
            let width = Int(segment[2])! - Int(segment[1])!
            let fits = width >= 7 * segment[3].count + 14
            #expect(segment[5] == (fits ? "whole" : "none"), "\(segment)")
        }
    }

    /// A failed sheet says when in its first screen (1,400 × 1,000): the verdict names each
    /// failed check's moments with links to the frames that show them, and the strip is whole
    /// above the fold. The orders refresh-error plan, made to hold its naive panel to the rules.
    @Test(.enabled(if: chromium != nil, "skipped: needs headless Chromium (apt-get install -y chromium); CI fails without it"))
    func aFailedSheetSaysWhenInItsFirstScreen() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = try String(contentsOf: CommandRunner.root.appendingPathComponent("captures/orders-refresh-error.json"), encoding: .utf8)
        let strict = plan.replacingOccurrences(of: "\"expect\": { ", with: "\"expect\": { \"followRules\": [\"naive\"], ")
        #expect(strict != plan)
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("captures"), withIntermediateDirectories: true)
        try Data(strict.utf8).write(to: workspace.appendingPathComponent("captures/orders-strict.json"))
        let record = try CommandRunner.run(["record", "captures/orders-strict.json"], in: workspace)
        #expect(record.status == 1, "\(record.stderr)")
        let result = try Self.audit(["firstscreen", "captures/orders-strict/index.html"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let strip = try #require(result.lines.first { $0.hasPrefix("strip ") }).split(separator: " ").compactMap { Int($0) }
        #expect(strip.count == 2 && strip[0] >= 0 && strip[1] <= 1000, "the strip is in the first screen: \(result.lines)")
        let verdict = try #require(result.lines.first { $0.hasPrefix("verdict ") })
        let box = verdict.split(separator: " ").dropFirst().prefix(2).compactMap { Int($0) }
        #expect(box.count == 2 && box[1] <= 1000)
        #expect(verdict.contains("When: rules.naive: 0–400 ms, frames frame #0 frame #1 frame #2 frame #3; 1,200–1,600 ms, frames frame #12 frame #13 frame #14 frame #15; 1,600–2,600 ms, frames frame #16 frame #17 frame #18 frame #19 frame #20 frame #21 frame #22 frame #23 and 2 more; 2,600–3,000 ms, frames frame #26 frame #27 frame #28 frame #29"), "\(verdict)")
        let page = try String(contentsOf: workspace.appendingPathComponent("captures/orders-strict/index.html"), encoding: .utf8)
        #expect(page.contains("<a class=\"fl\" href=\"#frame-16\"><span class=\"sr\">frame </span>#16</a>"))
        #expect(page.contains("<figure id=\"frame-16\""))
    }

    /// Pixels of page 1 (rendered by `pdftoppm` at 72 dpi) of `page` printed with the defaults,
    /// by colour (`#rrggbb`).
    static func printedColours(_ page: String, in workspace: URL) throws -> [String: Int] {
        let pdf = workspace.appendingPathComponent("printed.pdf").path
        let printed = try audit(["pdf", page, "printed.pdf"], in: workspace)
        #expect(printed.status == 0, "\(printed.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.pdftoppm.path())
        process.arguments = ["-r", "72", "-f", "1", "-l", "1", pdf, workspace.appendingPathComponent("printed").path]
        try process.run()
        process.waitUntilExit()
        let bytes = Array(try Data(contentsOf: workspace.appendingPathComponent("printed-1.ppm")))
        // P6, width, height, 255, each on its own line, then RGB triples.
        var newlines = 0
        var start = 0
        while newlines < 3 {
            if bytes[start] == 0x0A { newlines += 1 }
            start += 1
        }
        var counts: [String: Int] = [:]
        var index = start
        while index + 2 < bytes.count {
            counts[String(format: "#%02x%02x%02x", bytes[index], bytes[index + 1], bytes[index + 2]), default: 0] += 1
            index += 3
        }
        return counts
    }

    @Test(.enabled(if: chromium != nil && pdftoppm, "skipped: needs headless Chromium (apt-get install -y chromium) and poppler's pdftoppm (apt-get install -y poppler-utils); CI fails without them"))
    func aContactSheetPrintedWithTheDefaultsKeepsItsTimeline() throws {
        let (workspace, _) = try Self.recorded.get()
        let page = "captures/inbox-cycle/index.html"
        let counts = try Self.printedColours(page, in: workspace)
        // The dark sheet prints light: its phases in the light theme's colours (PagePalette), on
        // white. Loading is 44.7% of two bars (phase, allFour) of 16.5 × ~555 pixels at 72 dpi,
        // less the labels written on its segments (its name on each of four per bar).
        let phases = ["loading": "#957027", "empty": "#3f7ba8", "failed": "#cd484c", "loaded": "#25865c"]
        for (phase, colour) in phases {
            #expect((counts[colour] ?? 0) >= 2_000, "\(phase) \(colour): \(counts[colour] ?? 0) pixels")
        }
        #expect((counts["#957027"] ?? 0) >= 6_000, "loading: \(counts["#957027"] ?? 0)")
        // No dark page background in print: white is the most common colour (the strip, a
        // picture of dark frames, is on page 1 too).
        #expect(counts.max { $0.value < $1.value }?.key == "#ffffff", "\(counts.sorted { $0.value > $1.value }.prefix(3))")
        // Drawn as backgrounds instead, the same segments vanish from the print.
        let sheet = try String(contentsOf: workspace.appendingPathComponent(page), encoding: .utf8)
        let backgrounds = sheet.replacingOccurrences(of: "border-top:22px solid}", with: "border-top:0;background:currentColor}")
        #expect(backgrounds != sheet)
        try Data(backgrounds.utf8).write(to: workspace.appendingPathComponent("captures/inbox-cycle/backgrounds.html"))
        let lost = try Self.printedColours("captures/inbox-cycle/backgrounds.html", in: workspace)
        #expect((lost["#957027"] ?? 0) < 1_000, "only the legend's swatches keep loading's colour: \(lost["#957027"] ?? 0)")
    }
}

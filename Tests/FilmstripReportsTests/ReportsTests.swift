import FilmstripCore
import FilmstripSeedBenches
import FilmstripRaster
import FilmstripReports
import Foundation
import Testing

/// The report, the terminal table, the pages and the strip, from real runs of small plans.
@Suite struct ReportsTests {
    static let plan = try! CapturePlan(
        name: "edge", summary: "a <small> plan", bench: .inbox, settings: InboxSettings(script: [Beat(reply: .empty, latencyMs: 500)]),
        panels: ["loadedOnly", "allFour"], mode: .pinned, windowMs: 1000, frameIntervalMs: 250, scale: 1,
        stills: [CapturePlan.Still(name: "after", atMs: 600)],
        expect: .init(minFrames: ["empty": 1, "failed": 1], maxSharePercent: ["loading": 50]))

    static func make() throws -> (RecordedRun, Analysis, RunReport) {
        let run = try (plan).run(clock: .virtual)
        let analysis = Analysis(run)
        return (run, analysis, RunReport(run: run, analysis: analysis, lint: ["a finding"], renderedStills: [], withFiles: true))
    }

    @Test func reportHoldsTheRequiredFieldsWithExactValues() throws {
        let (_, _, report) = try Self.make()
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        for key in ["plan", "clock", "windowMs", "frameIntervalMs", "frames", "dwell", "panels", "checks", "passed"] {
            #expect(json[key] != nil, "report.json has \(key)")
        }
        #expect(report.plan == "edge" && report.clock == "virtual" && report.windowMs == 1000 && report.frameIntervalMs == 250)
        #expect(report.frames.map(\.tMs) == [0, 250, 500, 750])
        #expect(report.frames.map(\.phase) == ["loading", "loading", "empty", "empty"])
        #expect(report.frames.map(\.file) == ["frames/0000.png", "frames/0001.png", "frames/0002.png", "frames/0003.png"])
        #expect(report.frames[2].panels.map { "\($0.panel): \($0.depiction)" } == ["loadedOnly: dash", "allFour: emptyMessage"])
        #expect(report.frames[2].panels.allSatisfy { $0.texts == nil && $0.elements == nil })
        func dwell(_ phase: String) -> [Double]? {
            report.dwell[phase].map { [Double($0.ms), Double($0.frames), $0.share, $0.frameShare] }
        }
        #expect(dwell("loading") == [500, 2, 0.5, 0.5])
        #expect(dwell("empty") == [500, 2, 0.5, 0.5])
        #expect(dwell("failed") == [0, 0, 0, 0])
        #expect(report.panels["allFour"]?["spinner"]?.ms == 500)
        #expect(report.panels["loadedOnly"]?["dash"]?.ms == 1000)
        #expect(report.checks.map(\.name) == ["coverage.empty", "coverage.failed", "dominance.loading"])
        #expect(report.checks.map(\.passed) == [true, false, true])
        #expect(report.verdict == "failed: failed was never captured.")
        #expect(report.passed == false)
        #expect(report.stills.map(\.file) == ["stills/after.png"])
        #expect(report.writtenFiles == ["frames/0000.png", "frames/0001.png", "frames/0002.png", "frames/0003.png", "stills/after.png", "filmstrip.png", "animation.png", "index.html", "index-row.json", "report.json"])
    }

    @Test func reportJSONHasSortedKeysNoDatesAndRoundTrips() throws {
        let (_, _, report) = try Self.make()
        let data = report.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        let top = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(top == top.sorted())
        #expect(RunReport.read(data) == report)
        #expect(try Self.make().2.jsonData() == data)
    }

    @Test func reportWrittenInPiecesIsByteIdenticalToTheWholeOne() throws {
        var (_, _, report) = try Self.make()
        func pieces(_ report: RunReport) -> (Data, Int) {
            var data = Data()
            var count = 0
            report.writeJSON { (piece: Data) in
                data.append(piece)
                count += 1
            }
            return (data, count)
        }
        #expect(pieces(report).0 == report.jsonData(), "with stills whose panels carry texts")

        // A run long enough to need several pieces.
        let plan = try Self.plan.resampled(windowMs: 200_000, frameIntervalMs: 100)
        let run = try (plan).run(clock: .virtual)
        let long = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: true)
        let (data, count) = pieces(long)
        #expect(count > 1)
        #expect(data == long.jsonData())

        report.frames = []
        #expect(pieces(report).0 == report.jsonData(), "no frames")
    }

    /// The keys after `frames` that grow with the run (the timeline, the violations) are
    /// written an element at a time and in pieces: the bytes stay those of the whole report,
    /// with rows, without rows, and with either array empty.
    @Test func timelineAndViolationsWrittenInPiecesGiveTheWholeReport() throws {
        var (_, _, report) = try Self.make()
        // Made by decoding: the report's element types have no public initialisers.
        func decoded<T: Decodable>(_ json: String) throws -> T { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
        report.timeline = try (0..<3_000).map { (index: Int) -> RunReport.Entry in
            let kind = index % 3 == 0 ? "phase" : "event"
            return try decoded(#"{"tMs": \#(index * 7), "sequence": \#(index), "kind": "\#(kind)", "text": "entry \#(index) · “quoted” \\ slash/"}"#)
        }
        report.violations = try (0..<400).map { (index: Int) -> RunReport.Violation in
            try decoded(#"{"panel": "allFour", "rule": "loadingPlaceholder", "sentence": "a placeholder while loading", "startMs": \#(index * 10), "endMs": \#(index * 10 + 5), "frames": [\#(index), \#(index + 1)]}"#)
        }
        func streamed(_ report: RunReport) -> (data: Data, pieces: [Int]) {
            var data = Data()
            var pieces: [Int] = []
            report.writeJSON { (piece: Data) in
                data.append(piece)
                pieces.append(piece.count)
            }
            return (data, pieces)
        }
        let whole = report.jsonData()
        let written = streamed(report)
        #expect(whole.count > 300_000)
        #expect(written.data == whole)
        #expect(written.pieces.count >= 5)
        #expect(written.pieces.allSatisfy { $0 < 65_536 + 1_024 }, "pieces \(written.pieces)")
        #expect(RunReport.read(written.data) == report)

        var rowless = report
        rowless.frames = []
        #expect(streamed(rowless).data == rowless.jsonData(), "no rows")
        #expect(RunReport.JSONWriter(skeleton: rowless, frameCount: 0).head == rowless.jsonData())

        var noViolations = report
        noViolations.violations = []
        #expect(streamed(noViolations).data == noViolations.jsonData(), "no violations")
        var noTimeline = report
        noTimeline.timeline = []
        #expect(streamed(noTimeline).data == noTimeline.jsonData(), "no timeline")
    }

    /// What `record` does for a long run: a skeleton without frame rows, each row made from its
    /// record and written in order, the page's head, one figure per row and its tail. The bytes
    /// are those of the whole report and the whole page.
    @Test func rowsWrittenOneAtATimeAroundASkeletonGiveTheWholeReportAndPage() throws {
        let plan = try Self.plan.resampled(windowMs: 20_000, frameIntervalMs: 100)
        let run = try (plan).run(clock: .virtual)
        let analysis = Analysis(run)
        let digest = { (index: Int) in String(repeating: String(index % 10), count: 64) }
        let whole = RunReport(
            run: run, analysis: analysis, lint: ["a lint finding"], renderedStills: [], withFiles: true,
            pixelDigests: Dictionary(uniqueKeysWithValues: run.frames.map { ($0.index, digest($0.index)) }),
            fileDigests: Dictionary(uniqueKeysWithValues: run.frames.map { (OutputLayout.framePath($0.index), digest($0.index + 1)) }))
        let skeleton = RunReport(run: run, analysis: analysis, lint: ["a lint finding"], renderedStills: [], withFiles: true, frameRows: false)
        #expect(skeleton.frames.isEmpty)
        #expect(whole.frames.count == 200)
        let writer = RunReport.JSONWriter(skeleton: skeleton, frameCount: run.frames.count)
        var data = writer.head
        var page = ""
        ContactSheet.writeHead(report: skeleton, run: run, analysis: analysis, frameCount: run.frames.count) { page += $0 }
        for (offset, frame) in run.frames.enumerated() {
            let row = RunReport.frameRow(frame, elements: nil, withFiles: true, pixelsSHA256: digest(frame.index), fileSHA256: digest(frame.index + 1))
            #expect(row == whole.frames[offset])
            writer.append(row, first: offset == 0, to: &data)
            page += ContactSheet.figure(of: row, report: skeleton, run: run)
        }
        data.append(writer.tail)
        ContactSheet.writeTail(report: skeleton) { page += $0 }
        #expect(data == whole.jsonData())
        #expect(page == ContactSheet.html(report: whole, run: run, analysis: analysis))
        // No rows to come: the head is the whole skeleton.
        let empty = RunReport.JSONWriter(skeleton: skeleton, frameCount: 0)
        #expect(empty.head == skeleton.jsonData() && empty.tail.isEmpty)
    }

    @Test func contactSheetWrittenInPiecesIsTheWholePage() throws {
        let plan = try Self.plan.resampled(windowMs: 200_000, frameIntervalMs: 100)
        let run = try (plan).run(clock: .virtual)
        let analysis = Analysis(run)
        let report = RunReport(run: run, analysis: analysis, lint: [], renderedStills: [], withFiles: true)
        var pieces: [String] = []
        ContactSheet.write(report: report, run: run, analysis: analysis) { pieces.append($0) }
        #expect(pieces.count > 2000, "one piece per frame at least")
        #expect(pieces.allSatisfy { $0.utf8.count < 70_000 })
        #expect(pieces.joined() == ContactSheet.html(report: report, run: run, analysis: analysis))
        #expect(pieces.joined().contains("#1999 · 199,900 ms"))
    }

    @Test func terminalTableAlignsTheDwellColumns() throws {
        let (run, analysis, _) = try Self.make()
        #expect(TerminalTable.lines(run: run, analysis: analysis) == [
            "edge · inbox · pinned · virtual clock · window 1,000 ms · 4 frames every 250 ms",
            "  phase    dwell ms   time  frames  frames%  expected",
            "  loading       500  50.0%       2    50.0%  ≤ 50%",
            "  empty         500  50.0%       2    50.0%  ≥ 1 frame",
            "  failed          0   0.0%       0     0.0%  ≥ 1 frame",
            "  loaded          0   0.0%       0     0.0%",
            "  loader allFour: visible 500 ms, no flash, held back 0 ms, blank 0 ms",
            "  verdict: failed: failed was never captured.",
        ])
    }

    @Test func captionsAndAltTextCarryThePhasesPayloadEscaped() throws {
        let plan = try CapturePlan(
            name: "edge", summary: "a <small> plan", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .failed(message: #"<b>"409" & co</b>"#), latencyMs: 500)]),
            panels: ["loadedOnly", "allFour"], mode: .pinned, windowMs: 1000, frameIntervalMs: 250, scale: 1,
            expect: .init(minFrames: ["empty": 1, "failed": 1], maxSharePercent: ["loading": 50]))
        let run = try plan.run(clock: .virtual)
        #expect(run.frames.map { $0.phaseDetail ?? "-" } == ["elapsed 0 ms", "elapsed 250 ms", #"<b>"409" & co</b>"#, #"<b>"409" & co</b>"#])
        let report = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: true)
        #expect(report.frames.map { $0.phaseDetail ?? "-" } == run.frames.map { $0.phaseDetail ?? "-" })
        let html = ContactSheet.html(report: report, run: run, analysis: Analysis(run))
        // The alt text says what the panels show; the caption gives the time and the payload.
        #expect(html.contains(##"alt="full-size frame #1: loadedOnly shows dash, allFour shows spinner""##))
        #expect(html.contains(##"alt="full-size frame #2: loadedOnly shows dash, allFour shows errorRetry""##))
        #expect(html.contains(##"<figcaption>#2 · 500 ms · failed: &lt;b&gt;&quot;409&quot; &amp; co&lt;/b&gt;<br>"##))
        #expect(!html.contains("<b>\"409"))
    }

    @Test func contactSheetShowsVerdictBarsTablesAndEveryFrame() throws {
        let (run, analysis, report) = try Self.make()
        let html = ContactSheet.html(report: report, run: run, analysis: analysis)
        #expect(html.contains("<div class=\"verdict fail\"><h2>FAILED</h2><ul><li>failed was never captured</li></ul></div>"))
        #expect(html.contains("a &lt;small&gt; plan"), "text is escaped")
        #expect(html.contains("<li>a finding</li>"))
        // The phase bar: loading then empty, each 50% wide, in their colours (the palette's first
        // two, the bench's phase colours in the dark theme), each a list item a screen reader
        // reads with its name on it, then the same segments as a list.
        #expect(html.contains("<div class=\"bar\" role=\"list\" aria-label=\"phase timeline to scale\"><div role=\"listitem\" style=\"width:50.000%;color:var(--k0)\" title=\"loading 0 ms–500 ms (500 ms)\"><span class=\"lbl w7\" aria-hidden=\"true\">loading</span><span class=\"sr\">loading 0 ms–500 ms (500 ms)</span></div>"))
        #expect(html.contains("<div role=\"listitem\" style=\"width:50.000%;color:var(--k1)\" title=\"empty 500 ms–1,000 ms (500 ms)\"><span class=\"lbl w5\" aria-hidden=\"true\">empty</span><span class=\"sr\">empty 500 ms–1,000 ms (500 ms)</span></div>"))
        #expect(html.contains(":root{--k0:\(BenchDefinition.inbox.style(ofPhase: "loading").color.hexString);--k1:\(BenchDefinition.inbox.style(ofPhase: "empty").color.hexString);"))
        #expect(html.contains("<details><summary>phase timeline as a list (2 segments)</summary><ol><li>loading 0 ms–500 ms (500 ms)</li><li>empty 500 ms–1,000 ms (500 ms)</li></ol></details>"))
        for index in 0..<4 {
            #expect(html.contains("<a href=\"./frames/000\(index).png\"><img loading=\"lazy\" src=\"./frames/000\(index).png\""))
        }
        #expect(html.contains("#2 · 500 ms · empty<br><span class=\"dep\">loadedOnly: dash<br>allFour: emptyMessage</span>"))
        #expect(html.contains("<img class=\"strip\" src=\"./filmstrip.png\""))
        #expect(html.contains("<a href=\"./stills/after.png\">"))
        #expect(html.contains("<a href=\"./../index.html\">all plans</a>"))
    }

    /// A plan file named `javascript:void(document.body.id=7).json` linked as
    /// `javascript:…/index.html` ran script when clicked.
    @Test func linksArePercentEncodedPathsThatStartWithDotSlash() throws {
        let name = "javascript:void(document.body.id=7)"
        let html = IndexPage.html(rows: [
            .init(plan: name, bench: "inbox", summary: "", passed: true, verdict: "passed", frames: 1, windowMs: 1000, thumbnails: [("frames/0000.png", "loading")]),
        ], phaseColor: { BenchDefinition.inbox.style(ofPhase: $1).color })
        let encoded = "./javascript%3Avoid%28document.body.id%3D7%29"
        #expect(html.contains("<a href=\"\(encoded)/index.html\">"))
        #expect(html.contains("<a href=\"\(encoded)/report.json\">"))
        #expect(html.contains("<img src=\"\(encoded)/frames/0000.png\""))
        #expect(!html.contains("href=\"javascript"))
        #expect(RelativeLink.to("a b/ü#?%&\"'<>.png") == "./a%20b/%C3%BC%23%3F%25%26%22%27%3C%3E.png")
        #expect(RelativeLink.to("../x") == "./%2E%2E/x", "a segment is never followed upwards")
        #expect(RelativeLink.to("index.html", up: 1) == "./../index.html")
    }

    @Test func indexPageListsPlansSortedWithTheirVerdicts() throws {
        let html = IndexPage.html(rows: [
            .init(plan: "zeta", bench: "inbox", summary: "", passed: true, verdict: "passed", frames: 4, windowMs: 1000, thumbnails: [("frames/0000.png", "loading")]),
            .init(plan: "alpha", bench: "inbox", summary: "s", passed: false, verdict: "failed: x.", frames: 6, windowMs: 12_000, thumbnails: []),
        ], phaseColor: { BenchDefinition.inbox.style(ofPhase: $1).color })
        #expect(html.contains("2 plans · 1 failed"))
        let alpha = try #require(html.firstRange(of: "alpha/index.html")).lowerBound
        let zeta = try #require(html.firstRange(of: "zeta/index.html")).lowerBound
        #expect(alpha < zeta)
        #expect(html.contains("<img src=\"./zeta/frames/0000.png\""))
        #expect(html.contains("✗ failed: x."))
    }

    @Test func indexPageCountsOnePlanInTheSingular() throws {
        let row = IndexPage.Row(plan: "solo", bench: "inbox", summary: "", passed: true, verdict: "passed", frames: 4, windowMs: 1000, thumbnails: [])
        let one = IndexPage.html(rows: [row], phaseColor: { BenchDefinition.inbox.style(ofPhase: $1).color })
        #expect(one.contains("<h2>1 plan · all passed</h2>"))
        let none = IndexPage.html(rows: [], phaseColor: { BenchDefinition.inbox.style(ofPhase: $1).color })
        #expect(none.contains("<h2>0 plans · all passed</h2>"))
        var failed = row
        failed.passed = false
        let three = IndexPage.html(rows: [row, failed, row], phaseColor: { BenchDefinition.inbox.style(ofPhase: $1).color })
        #expect(three.contains("<h2>3 plans · 1 failed</h2>"))
    }

    @Test func stripLaysFramesOutInRowsOfEightWithLabels() throws {
        let font = try BitmapFont(bdf: Self.tinyFont)
        let frame = Canvas(width: 10, height: 6, background: .white)
        let swatch = Color(hex: 0x3DDC97)
        let cells = (0..<9).map { (canvas: Optional(frame), label: "#\($0)", swatch: Optional(swatch)) }
        let strip = FilmstripImage.compose(frames: cells, frameWidth: 10, frameHeight: 6, font: font)
        // 8 columns of (10 + 6) plus a 6-pixel margin; 2 rows of (10 + 6 + 5 + 10) plus a 6-pixel
        // gap: the label is a line of the font (ascent 2, descent 0) and 3 pixels.
        #expect(strip.width == 6 + 8 * 16)
        #expect(strip.height == 2 * 31 + 6)
        #expect(strip.pixel(x: 6, y: 10) == .white, "first frame's top-left")
        #expect(strip.pixel(x: 6 + 7 * 16, y: 10) == .white, "eighth frame in the first row")
        #expect(strip.pixel(x: 6, y: 31 + 6 + 10) == .white, "ninth frame wraps to the second row")
        #expect(strip.pixel(x: 6 + 16, y: 31 + 6 + 10) != .white, "nothing beside the ninth")
        // The swatch, 2 × 2, ends a pixel above the label's baseline (10 + 6 + 2 + 2 = 20).
        #expect(strip.pixel(x: 6, y: 17) == swatch && strip.pixel(x: 7, y: 18) == swatch, "phase swatch under the frame")
        #expect(strip.pixel(x: 6, y: 16) != swatch && strip.pixel(x: 6, y: 19) != swatch)
    }

    @Test func stripShowsEveryFrameUpTo32ThenThirtyTwoEvenlySpaced() throws {
        #expect(FilmstripImage.frameIndices(count: 0) == [])
        #expect(FilmstripImage.frameIndices(count: 32) == Array(0..<32))
        let many = FilmstripImage.frameIndices(count: 120)
        #expect(many.count == 32 && many.first == 0 && many.last == 119)
        #expect(Array(many.prefix(8)) == [0, 3, 7, 11, 15, 19, 23, 26])
        #expect(zip(many, many.dropFirst()).allSatisfy { $1 - $0 == 3 || $1 - $0 == 4 }, "evenly spaced")
        #expect(FilmstripImage.frameIndices(count: 10_000).count == 32)

        // The report lists the strip's frames; the contact sheet says when it shows only some.
        let plan = try Self.plan.resampled(windowMs: 10_000, frameIntervalMs: 100)
        #expect(plan.stills.count == 1, "the still at 600 ms stays inside the longer window")
        let run = try (plan).run(clock: .virtual)
        let report = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: true)
        #expect(report.filmstripFrames == FilmstripImage.frameIndices(count: 100))
        let html = ContactSheet.html(report: report, run: run, analysis: Analysis(run))
        #expect(html.contains("32 of 100 frames, evenly spaced from the first to the last; every frame is below."))
        let (_, _, small) = try Self.make()
        #expect(small.filmstripFrames == [0, 1, 2, 3])
    }

    static let tinyFont = """
        STARTFONT 2.1
        FONT tiny
        SIZE 4 75 75
        FONTBOUNDINGBOX 2 2 0 0
        STARTPROPERTIES 2
        FONT_ASCENT 2
        FONT_DESCENT 0
        ENDPROPERTIES
        CHARS 1
        STARTCHAR box
        ENCODING 35
        DWIDTH 3 0
        BBX 2 2 0 0
        BITMAP
        C0
        C0
        ENDCHAR
        ENDFONT
        """
}

@Suite struct StateGraphTests {
    @Test func graphDrawsEachPhaseOnceAndEachTransitionWithItsCount() {
        let svg = StateGraph.svg(
            transitions: [.init(from: "loading", to: "loaded", count: 1), .init(from: "loaded", to: "refreshing", count: 2), .init(from: "refreshing", to: "loaded", count: 2)],
            phaseOrder: ["loading", "refreshing", "loaded", "failed"], phaseColor: { _ in "#123456" })
        #expect(svg.contains("<rect class=\"node\" x=\"274\" y=\"36\" width=\"92\" height=\"28\" rx=\"6\" style=\"stroke:#123456\" stroke-width=\"2\"/>"), "nodes take the bench's phase colour")
        #expect(!svg.contains("fill=\"#"), "every other colour comes from the page's theme")
        #expect(svg.hasPrefix("<svg class=\"graph\""))
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 3, "three nodes: failed never happened")
        #expect(svg.components(separatedBy: "marker-end=").count - 1 == 3, "three arrows")
        #expect(svg.contains("<title>loaded → refreshing: 2</title>"))
        #expect(svg.contains(">refreshing</text>"))
        #expect(StateGraph.svg(transitions: [], phaseOrder: ["loading"], phaseColor: { _ in "#123456" }) == "")
    }
}

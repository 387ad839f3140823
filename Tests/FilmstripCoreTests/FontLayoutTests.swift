import FilmstripRaster
import FilmstripSeedBenches
import FilmstripTestSupport
@testable import FilmstripCore
import Foundation
import Testing

/// Panel geometry comes from the font's metrics, so misc-fixed 4x6, 6x13,
/// 10x20 and 12x24 draw every bench with no text run crossing its panel's edge, another line or
/// a figure (read from the frame's records: ``RenderedFrame/layoutProblems()``).
@Suite struct FontLayoutTests {
    /// Renders one frame of each distinct set of depictions of `run` (and every still) in every
    /// size and returns the problems found, each prefixed with the font and frame.
    static func problems(of run: RecordedRun) -> [String] {
        var seen = Set<[PanelDepiction]>()
        let frames = (run.frames + run.stills.map(\.frame)).filter { !$0.dropped && seen.insert($0.panels).inserted }
        var problems: [String] = []
        for (name, font) in DebianFonts.layoutSizes {
            for frame in frames {
                guard let rendered = run.render(frame, font: font, scale: 1) else { continue }
                problems += rendered.layoutProblems().map { "\(run.plan.name) at \(frame.tMs) ms in \(name): \($0)" }
            }
        }
        return problems
    }

    /// The metrics of misc-fixed 6x13 (ascent 11, descent 2, 6 px a cell) give these panels;
    /// 12x24 (ascent 22, descent 2, 12 px) twice as wide.
    @Test func geometryFollowsTheMetrics() {
        let small = PanelLayout(font: TestSupport.font)
        #expect([small.ascent, small.descent, small.advance, small.leading, small.linePitch, small.gap] as [Int] == [11, 2, 6, 1, 14, 2])
        #expect([small.width, small.height, small.titleHeight, small.titleBaseline, small.lineTop(0), small.baseline(line: 1)] as [Int] == [212, 160, 15, 12, 17, 42])
        #expect(small.frameSize(panelCount: 2).width == 448 && small.frameSize(panelCount: 2).height == 187)
        #expect(small.button(line: 6, labelWidth: 30) == Rect(x: 85, y: 99, width: 42, height: 17))
        let large = PanelLayout(font: DebianFonts.font("12x24"))
        #expect([large.ascent, large.descent, large.advance, large.leading, large.linePitch, large.gap] as [Int] == [22, 2, 12, 2, 26, 4])
        #expect([large.width, large.height, large.lineTop(0)] as [Int] == [422, 299, 34])
        let tiny = PanelLayout(font: DebianFonts.font("4x6"))
        #expect([tiny.width, tiny.height, tiny.linePitch] as [Int] == [142, 81, 7])
    }

    /// A 4096-pixel font cannot make a frame of gigabytes: the metrics stop at Spleen 32x64's.
    @Test func hugeMetricsAreClampedToTheLargestLine() throws {
        let huge = BitmapFont(
            name: "huge", ascent: 4096, descent: 4096, boundingBox: (width: 4096, height: 8192, xOffset: 0, yOffset: -4096),
            glyphs: [0x61: Glyph(width: 1, height: 1, xOffset: 0, yOffset: 0, advance: 4096, bits: [0x80])], defaultGlyph: nil, properties: [:])
        let layout = PanelLayout(font: huge)
        #expect([layout.ascent, layout.descent, layout.advance] as [Int] == [48, 16, 32])
        #expect(layout.frameSize(panelCount: 3).width == 3502 && layout.frameSize(panelCount: 3).height == 922)
    }

    @Test(arguments: TestSupport.shippedPlanNames)
    func everyShippedPlanFitsEveryFont(plan name: String) throws {
        let run = try TestSupport.shippedPlan(name).run(clock: .virtual)
        let problems = Self.problems(of: run)
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    /// What the shipped plans do not reach: the pattern's spinner (layout unknown), three lines
    /// of failure message, long rows and a long query, cut to fit.
    @Test func longTextsAndTheOtherDepictionsFitEveryFont() throws {
        let benches: [BenchDefinition] = [.inbox, .scenes, .orders]
        let long = "ASC 409 · version 2.4.0 (118) already exists on App Store Connect; bump the build number and upload again"
        let plans = [
            #"{"bench": "orders", "settings": {"layoutKnown": false}, "windowMs": 800, "frameIntervalMs": 100, "script": [{"atMs": 0, "event": "reopen"}, {"atMs": 0, "event": "search", "query": "a very long query that cannot fit in any panel at all"}]}"#,
            #"{"bench": "inbox", "mode": "pinned", "windowMs": 400, "frameIntervalMs": 100, "script": [{"reply": "failed", "latencyMs": 100, "message": "\#(long)"}]}"#,
            #"{"bench": "inbox", "mode": "pinned", "windowMs": 400, "frameIntervalMs": 100, "script": [{"reply": "loaded", "latencyMs": 100, "rows": [{"title": "\#(long)", "detail": "\#(long)"}, {"title": "b", "detail": ""}, {"title": "c", "detail": "d"}, {"title": "e", "detail": "f"}, {"title": "g", "detail": "h"}]}]}"#,
            #"{"bench": "scenes", "windowMs": 400, "frameIntervalMs": 100, "script": [{"reply": "failed", "latencyMs": 100, "message": "\#(long)"}]}"#,
        ]
        var problems: [String] = []
        for (index, json) in plans.enumerated() {
            let run = try CapturePlan(json: Data(json.utf8), name: "extra-\(index)", benches: benches).run(clock: .virtual)
            problems += Self.problems(of: run)
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    /// The live inbox runs on a real network; its panels are drawn here from phases built in code:
    /// every screen, with and without the work footer, and away.
    @Test func liveInboxPanelsFitEveryFont() {
        let rows = ManifestRow.samples + [ManifestRow(title: "2.3.0 (114)", detail: "Removed from Sale")]
        let message = "ASC 409 · version already exists, and a second sentence to wrap onto more lines"
        let screens: [LiveInboxPhase.Screen] = [
            .loading(.init(startedAtMs: 0)), .loading(.init(startedAtMs: 0, receivedBytes: 80, expectedBytes: 160)),
            .empty, .failed(message), .loaded(rows),
            .stale(rows, .refreshing(.init(startedAtMs: 0))), .stale(rows, .refreshing(.init(startedAtMs: 0, receivedBytes: 1, expectedBytes: 3))),
            .stale(rows, .failed(message)),
        ]
        var problems: [String] = []
        for showsWork in [false, true] {
            let panels: [any Panel<LiveInboxPhase>] = [
                LiveLoadedOnlyPanel(),
                LiveScreenPanel(id: "allFour", title: "ALL FIVE · .task", tint: Palette.mint, lane: .task, showsWork: showsWork),
                LiveScreenPanel(id: "onAppear", title: "ALL FIVE · onAppear Task", tint: Palette.rose, lane: .onAppear, showsWork: showsWork),
            ]
            let renderer = FrameRenderer(planName: "live-layout", panels: panels, phaseName: { $0.name.rawValue }, phaseColor: { _ in Palette.mint })
            for screen in screens {
                for away in [false, true] {
                    let lane = LiveInboxPhase.Lane(screen: screen)
                    let phase = LiveInboxPhase(task: lane, onAppear: lane, away: away)
                    for (name, font) in DebianFonts.layoutSizes {
                        let frame = renderer.render(phase, atMs: 1_093, font: font, scale: 1)
                        problems += frame.layoutProblems().map { "\(screen.name) away \(away) work \(showsWork) in \(name): \($0)" }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    /// Every failure the live inbox can show is drawn in whole words: on the failed screen each
    /// transport problem's sentence whole, in every font; a longer message and the one-line band
    /// under stale rows end with `…` after a whole word, never inside one.
    @Test func liveInboxFailuresAreNeverCutInsideAWord() {
        let problems: [LiveInboxReply.TransportProblem] = [
            .refused, .timedOut(afterMs: 600_000), .incomplete(afterMs: 600_000), .cutShort, .unknownHost,
            .tls("SSL routines::certificate verify failed"), .redirectLoop, .other("curl error 7"),
        ]
        let long = "ASC 503 · service unavailable because the database is being migrated to a new cluster tonight · try again in 30 min"
        let renderer = FrameRenderer(
            planName: "live-words", panels: [LiveScreenPanel(id: "allFour", title: "ALL FIVE", tint: Palette.mint, lane: .task, showsWork: false)],
            phaseName: { $0.name.rawValue }, phaseColor: { _ in Palette.mint })
        func drawn(_ screen: LiveInboxPhase.Screen, _ font: BitmapFont) -> [String] {
            let frame = renderer.render(LiveInboxPhase(task: .init(screen: screen), onAppear: nil, away: false), atMs: 0, font: font, scale: 1)
            return frame.panels[0].texts.map(\.text).filter { !["FAILED", "RETRY", "REFRESH FAILED · RETRY", "(no rows)"].contains($0) }
        }
        for (name, font) in DebianFonts.layoutSizes {
            for problem in problems {
                #expect(drawn(.failed(problem.message), font).joined(separator: " ") == problem.message, "\(name): \(problem)")
            }
            for lines in [drawn(.failed(long), font), drawn(.stale([], .failed(long)), font)] {
                let text = lines.joined(separator: " ")
                #expect(text.hasSuffix(" …") && long.hasPrefix(String(text.dropLast(2)) + " "), "\(name): \(lines)")
            }
        }
    }

    /// The check itself: a run placed on another's line, a run past the body's edge and a run
    /// over a figure are each reported with their boxes.
    @Test func theCheckNamesOverlapsAndEdges() {
        let layout = PanelLayout(font: TestSupport.font)
        var painter = PanelPainter(layout: layout, font: TestSupport.font, background: Palette.panel)
        painter.centeredText("FETCHING", line: 4, color: Palette.text)
        painter.text("1093 ms", x: layout.centerX, baseline: layout.baseline(line: 4) + 5, color: Palette.text)
        painter.text("edge", x: layout.width - 10, baseline: layout.baseline(line: 0), color: Palette.text)
        painter.spinner(line: 7, highlight: Palette.mint, dim: Palette.faint, atMs: 0)
        painter.text("x", x: layout.centerX, baseline: layout.baseline(line: 8), color: Palette.text)
        let frame = RenderedFrame(
            canvas: painter.canvas, panels: [PanelRendering(panel: "p", depiction: .spinner, texts: painter.texts, elements: [],
                title: DrawnText(text: "P", origin: Point(x: 6, y: 12), color: .black, box: Rect(x: 6, y: 1, width: 6, height: 13)), figures: painter.figures)],
            missing: [], layout: layout, header: [], swatch: Rect(x: 1, y: 1, width: 2, height: 2))
        #expect(frame.layoutProblems() == [
            "p: \"edge\" (x 202…225, y 17…29) is not inside the body (x 1…210, y 15…158)",
            "p: \"FETCHING\" (x 82…129, y 73…85) crosses \"1093 ms\" (x 106…147, y 78…90)",
            "p: \"x\" (x 106…111, y 129…141) crosses a figure (x 94…118, y 116…140)",
        ])
    }
}

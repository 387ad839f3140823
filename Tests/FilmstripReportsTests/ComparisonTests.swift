import FilmstripCore
import FilmstripRaster
import FilmstripReports
import FilmstripSeedBenches
import Foundation
import Testing

/// `filmstrip compare`'s data, gates, table, page and strip, from real runs of the scenes bench:
/// one load answered after 300 ms against one answered after 1,500 ms, in a 2,000 ms window.
@Suite struct ComparisonTests {
    /// A scenes plan whose single load is answered after `latencyMs`, as `captures/scenes-fast-load.json`.
    static func side(latencyMs: Int, source: String) throws -> ComparisonSide {
        let json = """
            {"bench": "scenes", "mode": "pinned", "script": [{"trigger": "open", "reply": "loaded", "latencyMs": \(latencyMs)}],
             "windowMs": 2000, "frameIntervalMs": 100, "flashThresholdMs": 500}
            """
        let plan = try CapturePlan(json: Data(json.utf8), name: "load-\(latencyMs)", benches: [.scenes])
        let run = try plan.run(clock: .virtual)
        let report = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: false)
        return try ComparisonSide(reportJSON: report.jsonData(), source: source)
    }

    static func fastAgainstSlow() throws -> RunComparison {
        RunComparison(a: try side(latencyMs: 300, source: "fast.json"), b: try side(latencyMs: 1500, source: "slow.json"), bench: .scenes)
    }

    @Test func dwellPerPhaseAndDepictionDiffersByExactMillisecondsAndPoints() throws {
        let comparison = try Self.fastAgainstSlow()
        #expect(comparison.phases.map { "\($0.name) \($0.aMs) \($0.bMs) \($0.differenceMs) \($0.differenceHundredths)" } == [
            "loading 300 1500 1200 6000", "refreshing 0 0 0 0", "loaded 1700 500 -1200 -6000", "empty 0 0 0 0", "failed 0 0 0 0",
        ])
        // Immediate: a spinner from 0; delayed (1 s): blank, then a spinner from 1,000 ms;
        // delayedMinimum (500 ms delay, 500 ms minimum): blank, then a spinner from 500 ms.
        #expect(comparison.panels.map { panel in "\(panel.panel): " + panel.rows.map { "\($0.name) \($0.aMs)→\($0.bMs)" }.joined(separator: ", ") } == [
            "immediate: spinner 300→1500, rows 1700→500",
            "delayed: blank 300→1000, spinner 0→500, rows 1700→500",
            "delayedMinimum: blank 300→500, spinner 0→1000, rows 1700→500",
        ])
        // The 300 ms spinner is a flash under 500 ms; a 500 ms one is not.
        #expect(comparison.flashes.map(\.panel) == ["immediate"])
        #expect(comparison.flashes.first?.a == [Segment(name: "immediate", enterMs: 0, exitMs: 300)] && comparison.flashes.first?.b == [])
        #expect(comparison.axis == (0, 2000))
        #expect(comparison.pairs.count == 20)
        #expect(comparison.pairs.allSatisfy { $0.b?.index == $0.a.index && $0.b?.tMs == $0.a.tMs })
        #expect(comparison.pairs[10].a.phase == "loaded" && comparison.pairs[10].b?.phase == "loading")
    }

    @Test func framesPairWithTheFrameOnScreenAtTheirInstantWhenIntervalsDiffer() throws {
        let a = try Self.side(latencyMs: 300, source: "a")
        var b = try Self.side(latencyMs: 300, source: "b")
        // B sampled every 300 ms from 150 ms: 150, 450, 750, …
        b.frames = (0..<6).map { ComparisonSide.Frame(index: $0, tMs: 150 + 300 * $0, phase: $0 == 0 ? "loading" : "loaded") }
        let pairs = RunComparison(a: a, b: b, bench: .scenes).pairs
        #expect(pairs.prefix(8).map { "\($0.a.tMs):\($0.b.map { String($0.tMs) } ?? "-")" } == [
            "0:-", "100:-", "200:150", "300:150", "400:150", "500:450", "600:450", "700:450",
        ])
    }

    @Test func shareGateTripsOnlyAboveItsPointsDecidedExactly() throws {
        let comparison = try Self.fastAgainstSlow()
        func tripped(_ text: String) throws -> Bool { try #require(ComparisonGate(text)).outcome(comparison).tripped }
        #expect(try tripped("loading+10"))
        #expect(try tripped("loading+59.99"))
        #expect(try !tripped("loading+60"))
        #expect(try !tripped("loading+60.01"))
        #expect(try !tripped("loaded+0"))
        #expect(try #require(ComparisonGate("loading+10")).outcome(comparison).message
            == "loading+10: loading's time share changed by +60.0 points (15.0% → 75.0%): more than the 10 allowed")
        // One third against two thirds of a window: 33.333… points, above 33.33, below 33.34.
        let row = RunComparison.Row(name: "x", aMs: 1, bMs: 2, aWindowMs: 3, bWindowMs: 3)
        #expect(row.differenceHundredths == 3333)
        #expect(row.shareGrew(byMoreThan: 3333) && !row.shareGrew(byMoreThan: 3334))
        // Different windows: 300 of 2,000 (15%) against 300 of 1,000 (30%).
        #expect(RunComparison.Row(name: "x", aMs: 300, bMs: 300, aWindowMs: 2000, bWindowMs: 1000).differenceHundredths == 1500)
    }

    @Test func gatesAreReadAsTypedAndRefusedOtherwise() {
        #expect(ComparisonGate("loading+10") == .shareGrowth(phase: "loading", hundredths: 1000))
        #expect(ComparisonGate("loading+2.5") == .shareGrowth(phase: "loading", hundredths: 250))
        #expect(ComparisonGate("loading+0.05") == .shareGrowth(phase: "loading", hundredths: 5))
        #expect(ComparisonGate("loading+100") == .shareGrowth(phase: "loading", hundredths: 10_000))
        #expect(ComparisonGate("flashes") == .flashes)
        for bad in ["loading+100.01", "loading+1.234", "+5", "loading+", "loading+-1", "loading+1e2", "loading", "loading+.5", "loading+5."] {
            #expect(ComparisonGate(bad) == nil, "\(bad)")
        }
        #expect(ComparisonGate("loading+2.5")?.description == "loading+2.5")
        #expect(ComparisonGate("lodaing+5")?.unknownPhase(in: .scenes) == "lodaing")
        #expect(ComparisonGate("loading+5")?.unknownPhase(in: .scenes) == nil)
    }

    @Test func flashGateTripsWhenBFlashesMoreOnAnyPanel() throws {
        let fast = try Self.side(latencyMs: 300, source: "fast")
        let slow = try Self.side(latencyMs: 1500, source: "slow")
        let worse = ComparisonGate.flashes.outcome(RunComparison(a: slow, b: fast, bench: .scenes))
        #expect(worse.tripped)
        #expect(worse.message == "flashes: B has more flashes than A on immediate (immediate 0 → 1)")
        #expect(!ComparisonGate.flashes.outcome(RunComparison(a: fast, b: fast, bench: .scenes)).tripped)
        #expect(!ComparisonGate.flashes.outcome(RunComparison(a: fast, b: slow, bench: .scenes)).tripped)
        #expect(ComparisonGate.flashes.outcome(RunComparison(a: slow, b: slow, bench: .scenes)).message
            == "flashes: B has no more flashes than A on any panel (no flash on either side)")
    }

    @Test func tablePrintsBothSidesTheDifferencesAndTheVerdict() throws {
        let comparison = try Self.fastAgainstSlow()
        let lines = ComparisonTable.lines(comparison, outcomes: [ComparisonGate.flashes.outcome(comparison)])
        #expect(Array(lines.prefix(9)) == [
            "compare · scenes · A load-300 (fast.json, virtual clock, window 2,000 ms)",
            "                 · B load-1500 (slow.json, virtual clock, window 2,000 ms)",
            "  phase        A ms  A time   B ms  B time    Δ ms  Δ points",
            "  loading       300   15.0%  1,500   75.0%  +1,200     +60.0",
            "  refreshing      0    0.0%      0    0.0%       0       0.0",
            "  loaded      1,700   85.0%    500   25.0%  -1,200     -60.0",
            "  empty           0    0.0%      0    0.0%       0       0.0",
            "  failed          0    0.0%      0    0.0%       0       0.0",
            "  panel immediate",
        ])
        #expect(lines.contains("  flashes immediate: A 1 (300 ms at 0 ms) · B none"))
        #expect(lines.suffix(2) == ["  gate held: flashes: B has no more flashes than A on any panel (immediate 1 → 0)", "  verdict: passed"])
    }

    @Test func pageLeadsWithWhatChangedInTimeInCheckWords() throws {
        let comparison = try Self.fastAgainstSlow()
        let timing = try #require(comparison.timing)
        let lines = timing.sections.flatMap(\.lines) + [try #require(timing.firstDifferingFrame).sentence]
        #expect(lines == [
            "phases: loading 300 ms (15.0%) → 1,500 ms (75.0%), +1,200 ms",
            "phases: loaded 1,700 ms (85.0%) → 500 ms (25.0%), -1,200 ms",
            "panel immediate: spinner 300 ms (15.0%) → 1,500 ms (75.0%), +1,200 ms",
            "panel immediate: rows 1,700 ms (85.0%) → 500 ms (25.0%), -1,200 ms",
            "panel immediate: flash removed: 300 ms at 0 ms",
            "panel delayed: blank 300 ms (15.0%) → 1,000 ms (50.0%), +700 ms",
            "panel delayed: spinner 0 ms (0.0%) → 500 ms (25.0%), +500 ms",
            "panel delayed: rows 1,700 ms (85.0%) → 500 ms (25.0%), -1,200 ms",
            "panel delayed: blank time 300 ms → 1,000 ms, +700 ms",
            "panel delayedMinimum: blank 300 ms (15.0%) → 500 ms (25.0%), +200 ms",
            "panel delayedMinimum: spinner 0 ms (0.0%) → 1,000 ms (50.0%), +1,000 ms",
            "panel delayedMinimum: rows 1,700 ms (85.0%) → 500 ms (25.0%), -1,200 ms",
            "panel delayedMinimum: blank time 300 ms → 500 ms, +200 ms",
            "first differing frame: 3 at 300 ms (phase loaded → loading)",
        ])
        // The page says the same lines, right after the verdict and before any timeline, strip or table.
        let html = ComparisonPage.html(comparison, outcomes: [])
        let section = "<section aria-labelledby=\"time\"><h2 id=\"time\">Time changed (A → B)</h2>\n<ul>"
            + lines.map { "<li>\($0)</li>" }.joined() + "</ul></section>\n"
        let start = try #require(html.range(of: section)).lowerBound
        #expect(try #require(html.range(of: "<div class=\"verdict")).lowerBound < start)
        for later in ["<h2>Timelines, to one scale</h2>", "<div class=\"bar\"", "<table>", "<img class=\"strip\""] {
            #expect(start < (try #require(html.range(of: later))).lowerBound, "\(later)")
        }
        // The same runs on both sides: one sentence says nothing changed.
        let same = RunComparison(a: comparison.a, b: comparison.a, bench: .scenes)
        #expect(ComparisonPage.html(same, outcomes: []).contains(
            "<section aria-labelledby=\"time\"><h2 id=\"time\">Time unchanged (A → B)</h2>\n<p>every dwell, flash, held-back and blank time is the same on A and B</p>\n</section>\n"))
    }

    @Test func pageNamesTheSideWhoseReportIsNotWholeInsteadOfTimeChanges() throws {
        var a = try Self.side(latencyMs: 300, source: "old/report.json")
        a.report = nil
        let comparison = RunComparison(a: a, b: try Self.side(latencyMs: 1500, source: "slow.json"), bench: .scenes)
        #expect(comparison.timing == nil)
        #expect(ComparisonPage.html(comparison, outcomes: []).contains(
            "<h2 id=\"time\">Time not compared</h2>\n<p>time not compared: A (old/report.json) is not a whole filmstrip report of this version; the tables below compare dwell and flashes</p></section>"))
    }

    @Test func aReportMissingAMemberIsRefusedAtItsPath() throws {
        let report = try Self.side(latencyMs: 300, source: "x")
        #expect(report.phaseSegments == [Segment(name: "loading", enterMs: 0, exitMs: 300), Segment(name: "loaded", enterMs: 300, exitMs: 2000)])
        func problem(_ edit: (inout [String: Any]) -> Void) throws -> PlanError? {
            let json = """
                {"bench": "scenes", "mode": "pinned", "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 300}], "windowMs": 2000, "frameIntervalMs": 500}
                """
            let run = try CapturePlan(json: Data(json.utf8), name: "p", benches: [.scenes]).run(clock: .virtual)
            let data = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: false).jsonData()
            var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            edit(&object)
            do {
                _ = try ComparisonSide(reportJSON: try JSONSerialization.data(withJSONObject: object), source: "x")
                return nil
            } catch let error as PlanError {
                return error
            }
        }
        #expect(try problem { _ in } == nil)
        #expect(try problem { $0["dwell"] = ["loading": ["frames": 1]] } == PlanError(path: "$.dwell.loading.ms", message: "required member is missing"))
        #expect(try problem { $0["windowMs"] = "2000" } == PlanError(path: "$.windowMs", message: "expected an integer from 1 to 1000000000000 ms, found string"))
        #expect(try problem { $0.removeValue(forKey: "timeline") } == PlanError(path: "$.timeline", message: "required member is missing"))
        #expect(try problem { object in
            var frames = object["frames"] as! [[String: Any]]
            frames[2].removeValue(forKey: "phase")
            object["frames"] = frames
        } == PlanError(path: "$.frames[2].phase", message: "required member is missing"))
        #expect(throws: PlanError.self) { try ComparisonSide(reportJSON: Data("{\"plan\": ".utf8), source: "x") }
    }

    @Test func stripShowsBothTimelinesOnOneAxisAndEachPairInItsPhasesColours() throws {
        let comparison = try Self.fastAgainstSlow()
        let font = try BitmapFont(bdf: ReportsTests.tinyFont)
        let frame = (width: 40, height: 20)
        let layout = ComparisonStrip.geometry(comparison, aFrame: frame, bFrame: frame)
        let strip = ComparisonStrip.draw(comparison, aFrame: frame, bFrame: frame, font: font) { _, isA in
            Canvas(width: 40, height: 20, background: isA ? .white : .black)
        }
        #expect(strip.width == layout.width && strip.height == layout.height)
        #expect(layout.width == 640 && layout.barLeft == 28 && layout.barWidth == 594)
        let loading = BenchDefinition.scenes.style(ofPhase: "loading").color
        let loaded = BenchDefinition.scenes.style(ofPhase: "loaded").color
        func a(_ ms: Int) -> Color? { strip.pixel(x: layout.x(forMs: ms), y: layout.aBarTop + 7) }
        func b(_ ms: Int) -> Color? { strip.pixel(x: layout.x(forMs: ms), y: layout.bBarTop + 7) }
        // A: loading [0, 300), loaded after; B: loading [0, 1,500).
        #expect(a(0) == loading && a(299) == loading && a(300) == loaded && a(1999) == loaded)
        // 1,499 ms and 1,500 ms fall on one pixel (445.2 and 445.5): the later segment wins it.
        #expect(b(0) == loading && b(1490) == loading && b(1500) == loaded && b(1999) == loaded)
        #expect(layout.x(forMs: 1500) == 28 + 445)
        // Pair 10 (1,000 ms): A shows loaded, B loading; each frame drawn at its origin.
        let top = layout.frameOrigin(position: 10, isA: true)
        let bottom = layout.frameOrigin(position: 10, isA: false)
        #expect(strip.pixel(x: top.x + 20, y: top.y + 10) == .white && strip.pixel(x: bottom.x + 20, y: bottom.y + 10) == .black)
        let aSwatch = layout.swatch(origin: top, frameHeight: 20)
        let bSwatch = layout.swatch(origin: bottom, frameHeight: 20)
        #expect(strip.pixel(x: aSwatch.x + 4, y: aSwatch.y + 4) == loaded)
        #expect(strip.pixel(x: bSwatch.x + 4, y: bSwatch.y + 4) == loading)
    }

    @Test func reportHoldsEveryRowPairAndGateWithNullForAPairWithoutBFrame() throws {
        let a = try Self.side(latencyMs: 300, source: "a.json")
        var b = try Self.side(latencyMs: 1500, source: "b.json")
        b.frames.removeFirst()  // B's first frame is at 100 ms: A's frame at 0 ms has no partner.
        let comparison = RunComparison(a: a, b: b, bench: .scenes)
        let data = ComparisonReport.jsonData(comparison, outcomes: [ComparisonGate.flashes.outcome(comparison)])
        #expect(data == ComparisonReport.jsonData(comparison, outcomes: [ComparisonGate.flashes.outcome(comparison)]))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["a", "b", "bench", "flashes", "gates", "pairs", "panels", "passed", "phases"])
        let loading = try #require((json["phases"] as? [[String: Any]])?.first)
        #expect(NSDictionary(dictionary: loading) == NSDictionary(dictionary: [
            "name": "loading", "aMs": 300, "bMs": 1500, "aShare": 0.15, "bShare": 0.75, "differenceMs": 1200, "differencePoints": 60.0,
        ]))
        let pairs = try #require(json["pairs"] as? [[String: Any]])
        #expect(pairs.count == 20 && pairs[0]["b"] is NSNull)
        #expect(NSDictionary(dictionary: try #require(pairs[1]["b"] as? [String: Any])) == NSDictionary(dictionary: ["index": 1, "tMs": 100, "phase": "loading"]))
        #expect(json["passed"] as? Bool == true)
        #expect(String(decoding: data, as: UTF8.self).contains("\"b\" : null"))
    }

    @Test func pageLinksOnlyInsideItsFolderAndEscapesWhatItQuotes() throws {
        let fast = try Self.side(latencyMs: 300, source: "<b>fast</b>.json")
        let comparison = RunComparison(a: fast, b: try Self.side(latencyMs: 1500, source: "slow.json"), bench: .scenes)
        let html = ComparisonPage.html(comparison, outcomes: [try #require(ComparisonGate("loading+10")).outcome(comparison)])
        #expect(!html.contains("<b>fast"))
        #expect(html.contains("&lt;b&gt;fast&lt;/b&gt;.json"))
        let links = html.matches(of: #/(?:href|src)="([^"]*)"/#).map { String($0.output.1) }
        #expect(links == ["./compare.png", "./compare.json"])
        #expect(html.contains("Failed: 1 of 1 gate(s) tripped"))
        #expect(html.contains("<td class=\"n\">+1,200</td><td class=\"n\">+60.0</td></tr>"))
        // Every table has a caption and scoped headers, in a scrolling region of its own name.
        #expect(html.components(separatedBy: "<table>").count - 1 == 6, "phases, three panels, flashes, frame pairs")
        #expect(html.components(separatedBy: "<caption>").count - 1 == 6)
        #expect(html.contains("<div class=\"wide\" tabindex=\"0\" role=\"region\" aria-label=\"dwell of panel delayed\"><table><caption>Panel delayed: each depiction&#39;s dwell on side A and side B and the difference</caption>"))
        #expect(!html.contains("<th>"), "every header cell has a scope")
    }
}

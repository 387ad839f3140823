import FilmstripSeedBenches
import FilmstripTestSupport
import FilmstripCore
import Foundation
import Testing

/// A depiction interval is a maximal stretch of one depiction on one panel;
/// zero-length phases and phase changes that keep the depiction do not split it.
@Suite struct DepictionIntervalTests {
    static func plan(_ json: String, name: String = "test") throws -> CapturePlan {
        try CapturePlan(json: Data(json.utf8), name: name, benches: [.inbox, .scenes, .orders])
    }

    func intervals(_ run: RecordedRun, _ panel: String) -> [String] {
        (run.depictionSegments[panel] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    @Test func aFailureHeldForZeroMsBetweenTwoLoadsIsOneLoaderIntervalAndNoFlash() throws {
        let plan = try Self.plan("""
            {"bench": "scenes", "panels": ["immediate"], "mode": "pinned", "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "failed", "latencyMs": 600, "holdMs": 0},
                        {"trigger": "retry", "reply": "loaded", "latencyMs": 200}],
             "expect": {"maxFlashes": {"immediate": 0}}}
            """)
        let run = try (plan).run(clock: .virtual)
        #expect(intervals(run, "immediate") == ["spinner 0-800", "rows 800-1000"])
        let analysis = Analysis(run)
        let loader = try #require(analysis.loaders.first { $0.panel == "immediate" })
        #expect(loader.visibleMs == 800)
        #expect(loader.flashes.isEmpty)
        #expect(loader.flashSummary == "no flash")
        #expect(analysis.dwell(ofDepiction: "spinner", panel: "immediate")?.ms == 800)
        #expect(analysis.dwell(ofDepiction: "errorRetry", panel: "immediate") == nil)
        #expect(analysis.verdict == "passed")
    }

    @Test func aCycleOfFastLoadsWithNoHoldKeepsTheSpinnerForTheWholeWindow() throws {
        let plan = try Self.plan("""
            {"bench": "scenes", "windowMs": 1000, "frameIntervalMs": 50,
             "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 150}]}
            """)
        let run = try (plan).run(clock: .virtual)
        #expect(intervals(run, "immediate") == ["spinner 0-1000"])
        let analysis = Analysis(run)
        let loader = try #require(analysis.loaders.first { $0.panel == "immediate" })
        #expect(loader.visibleMs == 1000)
        #expect(loader.flashes.isEmpty)
        #expect(analysis.panels.first { $0.panel == "immediate" }?.depictions.map(\.depiction) == ["spinner"])
        // The delayed panels never pass their delay: blank for the whole window.
        #expect(intervals(run, "delayed") == ["blank 0-1000"])
    }

    /// The flash threshold at its edge: a loader visible exactly `flashThresholdMs` is not a flash.
    @Test(arguments: [(299, true), (300, false), (301, false)])
    func aLoaderIsAFlashOnlyBelowTheThreshold(visibleMs: Int, isFlash: Bool) throws {
        let plan = try Self.plan("""
            {"bench": "scenes", "panels": ["immediate"], "mode": "pinned", "windowMs": 1000, "frameIntervalMs": 100,
             "flashThresholdMs": 300, "script": [{"trigger": "open", "reply": "loaded", "latencyMs": \(visibleMs)}]}
            """)
        let loader = try #require(Analysis(try (plan).run(clock: .virtual)).loaders.first)
        #expect(loader.visibleMs == visibleMs)
        #expect(loader.flashes == (isFlash ? [Segment(name: "spinner", enterMs: 0, exitMs: visibleMs)] : []))
    }

    @Test func heldBackContentIsListedWithItsReadyAndPaintedTimes() throws {
        // Data at 600; the 500/500 panel's loader appeared at 500 and stays until 1,000.
        let analysis = Analysis(try (try TestSupport.shippedPlan("scenes-inside-minimum")).run(clock: .virtual))
        let loader = try #require(analysis.loaders.first { $0.panel == "delayedMinimum" })
        #expect(loader.heldBackMs == 400)
        #expect(loader.heldBack == [HeldBack(readyMs: 600, paintedMs: 1000)])
        #expect(loader.heldBackSummary == "held back 400 ms (ready 600 ms, painted 1,000 ms)")
        #expect(analysis.loaders.first { $0.panel == "immediate" }?.heldBack == [])
    }
}

import FilmstripTestSupport
import FilmstripCore
import FilmstripSeedBenches
import Testing

/// A window starting near the limit of `windowStartMs` (86,400,000 ms) took 52 s:
/// the held-back time compared every loader interval with every phase interval of the whole run
/// (about 11,500 cycles before the window), which is quadratic. The budget is in the name; the
/// bound is generous (a debug build on a shared machine measured 1.8–2.2 s of CPU).
@Suite struct BoundedTimeAnalysisTests {
    @Test func windowStartNearItsLimit_runsAndAnalysesUnder60s() throws {
        let shipped = try TestSupport.shippedPlan("inbox-cycle")
        let plan = try CapturePlan(
            name: shipped.name, bench: shipped.bench, settings: shipped.settings, panels: shipped.panels, mode: shipped.mode,
            windowStartMs: 86_388_000, windowMs: shipped.windowMs, frameIntervalMs: shipped.frameIntervalMs, scale: shipped.scale)
        let start = ContinuousClock.now
        let run = try plan.run(clock: .virtual)
        let analysis = Analysis(run)
        #expect(start.duration(to: .now) < .seconds(60))
        #expect(run.frames.count == 24 && run.frames.first?.tMs == 86_388_000)
        #expect(analysis.loaders.count == 1)
    }

    /// The merge gives what the pairwise loop gave: a loader over a held phase, clipped to the window.
    @Test func heldBackTimeIsTheOverlapOfLoaderAndHeldPhasesInsideTheWindow() {
        let spinner = "spinner"
        let stats = LoaderStats(
            panel: "p",
            depictions: [Segment(name: spinner, enterMs: 0, exitMs: 100), Segment(name: "rows", enterMs: 100, exitMs: 200), Segment(name: spinner, enterMs: 200, exitMs: 500)],
            phases: [Segment(name: "loading", enterMs: 0, exitMs: 50), Segment(name: "loaded", enterMs: 50, exitMs: 250), Segment(name: "loading", enterMs: 250, exitMs: 300), Segment(name: "failed", enterMs: 300, exitMs: 600)],
            windowStartMs: 10, windowEndMs: 450, thresholdMs: 300,
            loaders: [spinner], blanks: [], loadingPhases: ["loading"])
        // loaded 50–250 under spinners 0–100 and 200–500: 50 + 50; failed 300–600 under 200–500, clipped at 450: 150.
        #expect(stats.heldBackMs == 250)
    }
}

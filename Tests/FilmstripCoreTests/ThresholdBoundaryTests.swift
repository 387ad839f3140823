import FilmstripSeedBenches
import FilmstripTestSupport
@testable import FilmstripCore
import Testing

/// Every threshold the product applies, exactly at its boundary and one unit to each side
/// (the flash threshold: DepictionIntervalTests; the loader delay: LoaderPolicyTests).
@Suite struct ThresholdBoundaryTests {
    /// loading [0, latency) of a 2,000 ms window, frames every 200 ms, limit 50%.
    @Test(arguments: [(999, 5, true), (1000, 5, true), (1001, 6, false)])
    func dominanceOfTimeAndFramesAtTheLimit(latencyMs: Int, loadingFrames: Int, passes: Bool) throws {
        let plan = TestSupport.plan(
            mode: .pinned, script: [Beat(reply: .empty, latencyMs: latencyMs)], windowMs: 2000, intervalMs: 200,
            minFrames: [:], maxSharePercent: ["loading": 50])
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.phaseMs["loading"] == latencyMs)
        #expect(analysis.phaseFrames["loading"] == loadingFrames)
        #expect(analysis.passed == passes)
    }

    /// Exactly 50% of time and frames against limits of 49, 50 and 51 percent.
    @Test(arguments: [(49, false), (50, true), (51, true)])
    func dominanceLimitPercentAtTheShare(limit: Int, passes: Bool) throws {
        let plan = TestSupport.plan(
            mode: .pinned, script: [Beat(reply: .empty, latencyMs: 1000)], windowMs: 2000, intervalMs: 200,
            minFrames: [:], maxSharePercent: ["loading": limit])
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.passed == passes)
        if !passes { #expect(analysis.reasons == ["loading filled 5 of 10 frames (1.0 s of 2.0 s, limit 49%)"]) }
    }

    /// A real-clock frame may be half a frame interval late (at least 1 ms); one millisecond more is dropped.
    @Test(arguments: [(100, 49, false), (100, 50, false), (100, 51, true), (1, 0, false), (1, 1, false), (1, 2, true), (3, 1, false), (3, 2, true)])
    func droppedFrameTolerance(frameIntervalMs: Int, lateByMs: Int, dropped: Bool) {
        let tolerance = FrameDeadline.toleranceMs(frameIntervalMs: frameIntervalMs)
        #expect(FrameDeadline.isDropped(lateByMs: lateByMs, toleranceMs: tolerance) == dropped)
    }

    /// With every answer an error, automatic retries stop once the failures in a row reach the
    /// limit: the first load plus limit − 1 automatic retries, never one more.
    @Test(arguments: [1, 2, 3])
    func automaticRetriesStopExactlyAtTheLimit(limit: Int) throws {
        let events = [
            OrdersEvent(atMs: 0, kind: .serverAnswers(.error(status: 503, message: "down"), latencyMs: 100)),
            OrdersEvent(atMs: 0, kind: .reopen),
        ]
        let plan = try CapturePlan(
            name: "retry-limit", bench: .orders, settings: OrdersSettings(events: events, latencyMs: 100, retryLimit: limit, retryDelayMs: 200),
            panels: ["pattern"], mode: .pinned, windowMs: 5000, frameIntervalMs: 100, scale: 1, expect: .init(minFrames: [:], maxSharePercent: [:]))
        let run = try (plan).run(clock: .virtual)
        let sent = run.timeline.filter { $0.text.hasPrefix("request ") && $0.text.contains(" sent;") }.map { $0.tMs }
        // Each attempt takes 100 ms and the next starts 200 ms after its failure.
        #expect(sent == (0..<limit).map { $0 * 300 })
        #expect(run.timeline.filter { $0.text.hasPrefix("automatic retries stopped after \(limit) failures") }.map { $0.tMs } == [limit * 300 - 200])
    }

    /// The minimum visible time: data one millisecond before the loader's minimum ends is held
    /// back 1 ms; exactly at it or after it, nothing is.
    @Test(arguments: [(999, 1000, 1), (1000, 1000, 0), (1001, 1001, 0)])
    func minimumVisibleTimeAtItsEnd(readyMs: Int, contentFromMs: Int, heldBackMs: Int) {
        let schedule = LoaderPolicy(delayMs: 500, minimumVisibleMs: 500).schedule(startMs: 0, readyMs: readyMs)
        #expect(schedule.loaderFromMs == 500)
        #expect(schedule.contentFromMs == contentFromMs)
        #expect(schedule.heldBackMs == heldBackMs)
    }

    /// The loader delay, through a whole run: data ready at 999, 1,000 or 1,001 ms under seed
    /// 004's 1 s delay: no loader, no loader, a 1 ms loader (a flash).
    @Test(arguments: [(999, 0, 0), (1000, 0, 0), (1001, 1, 1)])
    func loaderDelayAtItsEndInARun(latencyMs: Int, visibleMs: Int, flashes: Int) throws {
        let plan = try CapturePlan(
            name: "delay", bench: .scenes, settings: ScenesSettings(script: [Beat(trigger: .open, reply: .loaded(rows: []), latencyMs: latencyMs)]),
            panels: ["delayed"], mode: .pinned, windowMs: 2000, frameIntervalMs: 100, scale: 1,
            expect: .init(minFrames: [:], maxSharePercent: [:]))
        let run = try plan.run(clock: .virtual)
        let stats = LoaderStats(
            panel: "delayed", depictions: run.depictionSegments["delayed"] ?? [],
            phases: run.phaseSegments, windowStartMs: 0, windowEndMs: 2000, thresholdMs: 300,
            loaders: ["spinner"], blanks: ["blank"], loadingPhases: BenchDefinition.scenes.inFlightPhases)
        #expect(stats.visibleMs == visibleMs)
        #expect(stats.flashes.count == flashes)
    }
}

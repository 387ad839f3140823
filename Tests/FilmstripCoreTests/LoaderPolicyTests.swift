import FilmstripCore
import FilmstripTestSupport
import FilmstripSeedBenches
import Testing

/// Rule of time 7 at its edges, with the expected intervals computed by hand.
@Suite struct LoaderPolicyTests {
    let delayed = LoaderPolicy(delayMs: 1000)
    let withMinimum = LoaderPolicy(delayMs: 500, minimumVisibleMs: 500)

    @Test func dataReadyOneMillisecondBeforeTheDelayShowsNoLoader() {
        let schedule = delayed.schedule(startMs: 0, readyMs: 999)
        #expect(schedule.loaderFromMs == nil)
        #expect(schedule.contentFromMs == 999)
        #expect(schedule.blankMs == 999)
        #expect(schedule.loaderVisibleMs == 0)
    }

    @Test func dataReadyExactlyAtTheDelayShowsNoLoader() {
        // At 1,000 ms the data is ready: the state after every event due at 1,000 is loaded.
        let schedule = delayed.schedule(startMs: 0, readyMs: 1000)
        #expect(schedule.loaderFromMs == nil)
        #expect(schedule.loaderVisibleMs == 0)
        #expect(!schedule.isFlash(thresholdMs: 300))
    }

    @Test func dataReadyOneMillisecondAfterTheDelayFlashesForOneMillisecond() {
        let schedule = delayed.schedule(startMs: 0, readyMs: 1001)
        #expect(schedule.loaderFromMs == 1000)
        #expect(schedule.contentFromMs == 1001)
        #expect(schedule.loaderVisibleMs == 1)
        #expect(schedule.isFlash(thresholdMs: 300))
    }

    @Test func minimumHoldsContentBackWhenDataArrivesInsideIt() {
        // v = 500, v + m = 1,000: data at 700 is held back 300 ms.
        let schedule = withMinimum.schedule(startMs: 0, readyMs: 700)
        #expect(schedule.loaderFromMs == 500)
        #expect(schedule.contentFromMs == 1000)
        #expect(schedule.heldBackMs == 300)
        #expect(schedule.loaderVisibleMs == 500)
    }

    @Test func minimumHoldsNothingWhenDataArrivesExactlyAtItsEnd() {
        let schedule = withMinimum.schedule(startMs: 0, readyMs: 1000)
        #expect(schedule.contentFromMs == 1000)
        #expect(schedule.heldBackMs == 0)
    }

    @Test func minimumHoldsNothingWhenDataArrivesAfterIt() {
        let schedule = withMinimum.schedule(startMs: 0, readyMs: 1001)
        #expect(schedule.contentFromMs == 1001)
        #expect(schedule.heldBackMs == 0)
        #expect(schedule.loaderVisibleMs == 501)
    }

    @Test func schedulesShiftWithTheLoadsStart() {
        let schedule = withMinimum.schedule(startMs: 2000, readyMs: 2600)
        #expect(schedule.loaderFromMs == 2500 && schedule.contentFromMs == 3000 && schedule.blankMs == 500)
    }
}

/// The scenes bench: depiction intervals per panel from exact event times.
@Suite struct ScenesBenchTests {
    func plan(_ script: [Beat], windowMs: Int, intervalMs: Int, policies: [String: LoaderPolicy] = [:]) -> CapturePlan {
        try! CapturePlan(
            name: "scenes-test", bench: .scenes, settings: ScenesSettings(script: script, loaderPolicies: policies),
            panels: ["immediate", "delayed", "delayedMinimum"], mode: .pinned,
            windowMs: windowMs, frameIntervalMs: intervalMs, scale: 1,
            expect: .init(minFrames: [:], maxSharePercent: [:]))
    }

    func segments(_ run: RecordedRun, _ panel: String) -> [String] {
        (run.depictionSegments[panel] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    @Test func aFastLoadShowsNoLoaderInAnyFrameOfTheDelayedPanel() throws {
        let run = try (plan([Beat(reply: .loaded(rows: []), latencyMs: 300)], windowMs: 2000, intervalMs: 100)).run(clock: .virtual)
        let delayedFrames = run.frames.compactMap { $0.panels.first { $0.panel == "delayed" }?.depiction }
        #expect(!delayedFrames.contains(.spinner))
        #expect(segments(run, "delayed") == ["blank 0-300", "rows 300-2000"])
        let flashPlan = try CapturePlan(
            name: "scenes-test", bench: .scenes, settings: ScenesSettings(script: [Beat(reply: .loaded(rows: []), latencyMs: 300)]),
            panels: ["immediate", "delayed", "delayedMinimum"], mode: .pinned, windowMs: 2000, frameIntervalMs: 100, scale: 1,
            expect: .init(minFrames: [:], maxSharePercent: [:]), flashThresholdMs: 500)
        let analysis = Analysis(try (flashPlan).run(clock: .virtual))
        let immediate = try #require(analysis.loaders.first { $0.panel == "immediate" })
        #expect(immediate.flashes == [Segment(name: "spinner", enterMs: 0, exitMs: 300)])
        #expect(immediate.flashSummary == "1 flash (300 ms at 0 ms)")
        #expect(analysis.loaders.first { $0.panel == "delayed" }?.flashes == [])
    }

    @Test(arguments: [100, 7, 1000, 333])
    func aLoadEndingThreeMillisecondsAfterTheDelayIsAThreeMillisecondFlash(intervalMs: Int) throws {
        let run = try (plan([Beat(reply: .loaded(rows: []), latencyMs: 1003)], windowMs: 2000, intervalMs: intervalMs)).run(clock: .virtual)
        let stats = try #require(Analysis(run).loaders.first { $0.panel == "delayed" })
        #expect(stats.flashes == [Segment(name: "spinner", enterMs: 1000, exitMs: 1003)])
        #expect(stats.visibleMs == 3)
        #expect(segments(run, "delayed") == ["blank 0-1000", "spinner 1000-1003", "rows 1003-2000"])
        #expect(segments(run, "delayedMinimum") == ["blank 0-500", "spinner 500-1003", "rows 1003-2000"])
    }

    @Test func contentArrivingInsideTheMinimumIsHeldBack() throws {
        let run = try (plan([Beat(reply: .loaded(rows: []), latencyMs: 600)], windowMs: 1500, intervalMs: 50)).run(clock: .virtual)
        #expect(segments(run, "delayedMinimum") == ["blank 0-500", "spinner 500-1000", "rows 1000-1500"])
        let stats = try #require(Analysis(run).loaders.first { $0.panel == "delayedMinimum" })
        #expect(stats.heldBackMs == 400)
        #expect(stats.blankMs == 500)
        // The frame at 950 ms: the phase is loaded, the panel still shows its loader.
        let frame = try #require(run.frames.first { $0.tMs == 950 })
        #expect(frame.phase == "loaded")
        #expect(frame.panels.map(\.depiction) == [.rows, .rows, .spinner])
    }

    @Test func aRetryAfterAFailureFollowsThePolicyAndARefreshShowsNoLoader() throws {
        let script = [
            Beat(trigger: .open, reply: .failed(message: "offline"), latencyMs: 1200, holdMs: 800),
            Beat(trigger: .retry, reply: .loaded(rows: ScenesPhase.sampleScenes), latencyMs: 1100, holdMs: 1200),
            Beat(trigger: .refresh, reply: .loaded(rows: ScenesPhase.sampleScenes), latencyMs: 700),
        ]
        let run = try (plan(script, windowMs: 6000, intervalMs: 200)).run(clock: .virtual)
        // failed at 1,200; retry at 2,000; loaded at 3,100; refresh at 4,300; loaded at 5,000.
        #expect(run.phaseSegments.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == [
            "loading 0-1200", "failed 1200-2000", "loading 2000-3100", "loaded 3100-4300", "refreshing 4300-5000", "loaded 5000-6000",
        ])
        #expect(segments(run, "delayed") == [
            "blank 0-1000", "spinner 1000-1200", "errorRetry 1200-2000", "blank 2000-3000", "spinner 3000-3100", "rows 3100-4300",
            "rowsRefreshing 4300-5000", "rows 5000-6000",
        ])
        #expect(segments(run, "delayedMinimum") == [
            "blank 0-500", "spinner 500-1200", "errorRetry 1200-2000", "blank 2000-2500", "spinner 2500-3100", "rows 3100-4300",
            "rowsRefreshing 4300-5000", "rows 5000-6000",
        ])
        // The refresh keeps the scenes with their "refreshing…" indicator, and no loader.
        #expect(segments(run, "immediate") == ["spinner 0-1200", "errorRetry 1200-2000", "spinner 2000-3100", "rows 3100-4300", "rowsRefreshing 4300-5000", "rows 5000-6000"])
    }

    @Test func aRefreshThatFailsKeepsTheScenes() throws {
        let script = [
            Beat(trigger: .open, reply: .loaded(rows: ScenesPhase.sampleScenes), latencyMs: 100, holdMs: 100),
            Beat(trigger: .refresh, reply: .failed(message: "timeout"), latencyMs: 300),
        ]
        let run = try (plan(script, windowMs: 1000, intervalMs: 100)).run(clock: .virtual)
        #expect(run.phaseSegments.map(\.name) == ["loading", "loaded", "refreshing", "loaded"])
        #expect(run.timeline.contains { $0.text == "beat 2: refresh failed (timeout); the scenes stay" })
        #expect(segments(run, "immediate") == ["spinner 0-100", "rows 100-200", "rowsRefreshing 200-500", "rows 500-1000"])
    }

    @Test func aRetryDuringTheMinimumKeepsTheLoaderShowing() throws {
        // Open fails at 510 (loader [500, …) must stay until 1,000); the retry at 610 starts
        // while it shows, so it carries on until the retry's data at 2,110: no blank, no flash.
        let script = [
            Beat(trigger: .open, reply: .failed(message: "x"), latencyMs: 510, holdMs: 100),
            Beat(trigger: .retry, reply: .loaded(rows: []), latencyMs: 1500),
        ]
        let run = try (plan(script, windowMs: 3000, intervalMs: 100)).run(clock: .virtual)
        #expect(segments(run, "delayedMinimum") == ["blank 0-500", "spinner 500-2110", "rows 2110-3000"])
        #expect(segments(run, "delayed") == ["blank 0-510", "errorRetry 510-610", "blank 610-1610", "spinner 1610-2110", "rows 2110-3000"])
        let stats = try #require(Analysis(run).loaders.first { $0.panel == "delayedMinimum" })
        #expect(stats.flashes == [])
        #expect(stats.heldBackMs == 100, "the failure at 510 was held back until the retry started at 610")
    }

    @Test func aLoaderStillShowingWhenTheWindowEndsIsNotAFlash() throws {
        // A 5 s load in a 1,050 ms window: the delayed loader shows [1000, 1050) and is cut off.
        let run = try (plan([Beat(reply: .loaded(rows: []), latencyMs: 5000)], windowMs: 1050, intervalMs: 50)).run(clock: .virtual)
        let stats = try #require(Analysis(run).loaders.first { $0.panel == "delayed" })
        #expect(stats.visibleMs == 50)
        #expect(stats.flashes == [])
    }

    @Test func aPlanCanSetAPanelsPolicy() throws {
        let run = try (
            plan([Beat(reply: .loaded(rows: []), latencyMs: 600)], windowMs: 1500, intervalMs: 50,
                 policies: ["delayedMinimum": .spinDelay])).run(clock: .virtual)
        // spin-delay: 500 ms delay, 200 ms minimum: loader [500, 700), held back 100 ms.
        #expect(segments(run, "delayedMinimum") == ["blank 0-500", "spinner 500-700", "rows 700-1500"])
        let stats = try #require(Analysis(run).loaders.first { $0.panel == "delayedMinimum" })
        #expect(stats.heldBackMs == 100)
        #expect(stats.flashes.count == 1, "spin-delay's 200 ms minimum is under the 300 ms flash threshold")
    }
}

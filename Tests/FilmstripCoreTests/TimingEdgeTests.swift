import FilmstripCore
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Testing

/// Timing edges found by cases written outside the project and by a
/// mutation run (Tests/Mutation/run.sh names the test that kills each edge). Every value is
/// exact: instants in ms, frame counts, messages.
@Suite struct TimingEdgeTests {
    static func plan(_ json: String, name: String = "edge") throws -> CapturePlan {
        try CapturePlan(json: Data(json.utf8), name: name, benches: [.inbox, .scenes, .orders])
    }

    func intervals(_ run: RecordedRun, _ panel: String) -> [String] {
        (run.depictionSegments[panel] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    /// `start 1500 ready 2700 loader 1500 content 2700` (`loader none` when it never showed).
    static func describe(_ schedule: LoadSchedule?) -> String {
        guard let schedule else { return "no schedule" }
        return "start \(schedule.startMs) ready \(schedule.readyMs) loader \(schedule.loaderFromMs.map(String.init) ?? "none") content \(schedule.contentFromMs)"
    }

    func phases(_ run: RecordedRun) -> [String] {
        run.phaseSegments.filter { $0.durationMs > 0 }.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    func requests(_ run: RecordedRun) -> [String] {
        run.timeline.filter { $0.kind == .event && $0.text.hasPrefix("request ") && $0.text.contains(" sent") }
            .map { "\($0.tMs): \($0.text.split(separator: ";")[0])" }
    }

    // MARK: 9. A retry chained at the instant a failure lands

    /// The scenes plan of kind 9: the delayed panel's loader shows from 1,000 ms, the load fails
    /// at 1,500 and the retry starts at 1,500 (`holdMs` 0, or `hold` when given).
    static func chainedRetryPlan(holdMs: Int = 0) throws -> CapturePlan {
        try plan("""
            {"bench": "scenes", "panels": ["delayed", "delayedMinimum"], "mode": "pinned", "windowMs": 4000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "failed", "latencyMs": 1500, "holdMs": \(holdMs)},
                        {"trigger": "retry", "reply": "loaded", "latencyMs": 1200}],
             "expect": {"maxFlashes": {"delayed": 0, "delayedMinimum": 0}}}
            """)
    }

    @Test func aRetryStartingAtTheInstantTheFailureLandsKeepsOneContinuousSpinner() throws {
        let run = try Self.chainedRetryPlan().run(clock: .virtual)
        // The failure is on screen [1500, 1500): 0 ms. The loader carries into the retry.
        #expect(phases(run) == ["loading 0-1500", "loading 1500-2700", "loaded 2700-4000"])
        #expect(run.phaseSegments.contains(Segment(name: "failed", enterMs: 1500, exitMs: 1500)))
        #expect(intervals(run, "delayed") == ["blank 0-1000", "spinner 1000-2700", "rows 2700-4000"])
        #expect(intervals(run, "delayedMinimum") == ["blank 0-500", "spinner 500-2700", "rows 2700-4000"])
        let analysis = Analysis(run)
        let delayed = try #require(analysis.loaders.first { $0.panel == "delayed" })
        #expect(delayed.visibleMs == 1700)
        #expect(delayed.flashes == [])
        #expect(delayed.blankMs == 1000)
        #expect(delayed.heldBackMs == 0)
        #expect(analysis.loaders.first { $0.panel == "delayedMinimum" }?.visibleMs == 2200)
        // Every frame from 1,000 to 2,600 ms shows the spinner; none is blank after 1,000.
        let shown = run.frames.filter { $0.tMs >= 1000 && $0.tMs < 2700 }.compactMap { $0.panels.first?.depiction }
        #expect(shown.count == 17 && shown.allSatisfy { $0 == .spinner })
        #expect(analysis.verdict == "passed")
    }

    /// One millisecond of failure on screen is seen: the retry's own delay applies, and its
    /// spinner [2501, 2700) is a 199 ms flash.
    @Test func aFailureOnScreenForOneMillisecondEndsTheLoader() throws {
        let run = try Self.chainedRetryPlan(holdMs: 1).run(clock: .virtual)
        #expect(intervals(run, "delayed") == ["blank 0-1000", "spinner 1000-1500", "errorRetry 1500-1501", "blank 1501-2501", "spinner 2501-2701", "rows 2701-4000"])
        let analysis = Analysis(run)
        #expect(analysis.loaders.first { $0.panel == "delayed" }?.flashes == [Segment(name: "spinner", enterMs: 2501, exitMs: 2701)])
        #expect(analysis.verdict == "failed: delayed: 1 flash (200 ms at 2,501 ms) under 300 ms, at most 0 allowed.")
    }

    @Test func theCarryRuleReadsAZeroLengthFailureAsNeverSeen() {
        let first = LoadSpan(startMs: 0, readyMs: 1500)
        // Shown [1000, 1500): a retry at 1,499 or 1,500 carries it, one at 1,501 does not.
        #expect(LoaderPolicy.seed004.loaderCarries(into: 1499, after: [first]))
        #expect(LoaderPolicy.seed004.loaderCarries(into: 1500, after: [first]))
        #expect(!LoaderPolicy.seed004.loaderCarries(into: 1501, after: [first]))
        let carried = Self.describe(LoaderPolicy.seed004.schedule(chain: [first, LoadSpan(startMs: 1500, readyMs: 2700)]))
        #expect(carried == "start 1500 ready 2700 loader 1500 content 2700")
        let fresh = Self.describe(LoaderPolicy.seed004.schedule(chain: [first, LoadSpan(startMs: 1501, readyMs: 2701)]))
        #expect(fresh == "start 1501 ready 2701 loader 2501 content 2701")
        // With a minimum the failure is held back to 1,000; a retry at exactly 1,000 carries the
        // loader, and the minimum still counts from 500.
        let held = LoadSpan(startMs: 0, readyMs: 700)
        let policy = LoaderPolicy.contentLoadingProgressBar
        #expect(policy.loaderCarries(into: 1000, after: [held]))
        #expect(!policy.loaderCarries(into: 1001, after: [held]))
        #expect(Self.describe(policy.schedule(chain: [held, LoadSpan(startMs: 1000, readyMs: 1100)])) == "start 1000 ready 1100 loader 1000 content 1100")
        // A load that never showed its loader carries nothing, whenever the next one starts.
        #expect(!LoaderPolicy.seed004.loaderCarries(into: 900, after: [LoadSpan(startMs: 0, readyMs: 900)]))
        // Three loads chained at the instants their failures land: one loader from 1,000.
        let three = Self.describe(LoaderPolicy.seed004.schedule(chain: [first, LoadSpan(startMs: 1500, readyMs: 1800), LoadSpan(startMs: 1800, readyMs: 1900)]))
        #expect(three == "start 1800 ready 1900 loader 1800 content 1900")
        // Carried twice inside the minimum (500/500): the minimum still counts from the loader's
        // first appearance at 500, so the third load's content comes at 1,000, not 1,200.
        let minimumChain = [LoadSpan(startMs: 0, readyMs: 600), LoadSpan(startMs: 700, readyMs: 750), LoadSpan(startMs: 800, readyMs: 850)]
        #expect(Self.describe(policy.schedule(chain: minimumChain)) == "start 800 ready 850 loader 800 content 1000")
    }

    @Test func aRetryAtTheInstantHeldBackContentIsPaintedCarriesTheLoader() throws {
        // delayedMinimum (500/500): the failure at 700 is held back until 1,000; the retry
        // starts at 1,000 (hold 300): the failure is on screen 0 ms, the loader carries on.
        let run = try Self.plan("""
            {"bench": "scenes", "panels": ["delayedMinimum"], "mode": "pinned", "windowMs": 2000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "failed", "latencyMs": 700, "holdMs": 300},
                        {"trigger": "retry", "reply": "loaded", "latencyMs": 200}],
             "expect": {"maxFlashes": {"delayedMinimum": 0}}}
            """).run(clock: .virtual)
        #expect(intervals(run, "delayedMinimum") == ["blank 0-500", "spinner 500-1200", "rows 1200-2000"])
        let stats = try #require(Analysis(run).loaders.first)
        #expect(stats.heldBack == [HeldBack(readyMs: 700, paintedMs: 1000)])
        #expect(stats.heldBackMs == 300)
        #expect(stats.flashes == [])
    }

    // MARK: 10. Edges no test pinned

    /// Coverage at exactly `minFrames` passes; one more fails with the count.
    @Test(arguments: [(6, true), (7, true), (8, false)])
    func coverageAtExactlyMinFrames(minimum: Int, passes: Bool) throws {
        // Loaded from 300 ms: the frames at 300, 400, …, 900 show it: 7 frames.
        let analysis = Analysis(try Self.plan("""
            {"bench": "scenes", "panels": ["immediate"], "mode": "pinned", "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 300}],
             "expect": {"minFrames": {"loaded": \(minimum)}}}
            """).run(clock: .virtual))
        #expect(analysis.dwell(ofPhase: "loaded")?.frames == 7)
        let check = try #require(analysis.checks.first { $0.name == "coverage.loaded" })
        #expect(check.passed == passes)
        #expect(check.message == "loaded: 7 frames (0.7 s), at least \(minimum) frames required")
        #expect(analysis.reasons == (passes ? [] : ["loaded was captured in 7 frames, 8 required"]))
    }

    @Test func networkOnlineWhileAlreadyOnlineDoesNothing() throws {
        let run = try Self.plan("""
            {"bench": "orders", "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"}, {"atMs": 200, "event": "networkOnline"}, {"atMs": 600, "event": "networkOnline"}]}
            """).run(clock: .virtual)
        // In flight at 200 and loaded at 600: neither instant logs, sends or supersedes anything.
        #expect(requests(run) == ["0: request 1 (firstLoad) sent"])
        #expect(!run.timeline.contains { $0.text.hasPrefix("network online") || $0.text.hasPrefix("automatic retry") })
        #expect(run.counters == ["ignoredTaps": 0, "lateReplies": 0])
        #expect(phases(run) == ["loading 0-400", "loaded 400-1000"])
        #expect(Analysis(run).verdict == "passed")
    }

    /// The async-state pattern: offline "retries by itself" when the connection returns. A
    /// refresh the lost connection cut off is work the screen still needs: it starts again, as
    /// a refresh over the rows, at the reconnect's instant; the reply to the lost one is late.
    @Test func aRefreshCutOffByGoingOfflineStartsAgainOnReconnect() throws {
        let run = try Self.plan("""
            {"bench": "orders", "windowMs": 2500, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"}, {"atMs": 1000, "event": "tapRefresh"},
                        {"atMs": 1200, "event": "networkOffline"}, {"atMs": 1800, "event": "networkOnline"}]}
            """).run(clock: .virtual)
        #expect(requests(run) == ["0: request 1 (firstLoad) sent", "1000: request 2 (refresh) sent", "1800: request 3 (refresh) sent"])
        #expect(phases(run) == ["loading 0-400", "loaded 400-1000", "refreshing 1000-1200", "loaded 1200-1800", "refreshing 1800-2200", "loaded 2200-2500"])
        #expect(intervals(run, "pattern") == ["skeleton 0-400", "rows 400-1000", "rowsRefreshing 1000-1200", "rowsOffline 1200-1800", "rowsRefreshing 1800-2200", "rows 2200-2500"])
        #expect(run.timeline.filter { $0.text.hasPrefix("late reply") }.map(\.tMs) == [1400])
        #expect(run.timeline.contains { $0.tMs == 1800 && $0.text == "automatic retry on reconnect" })
        let analysis = Analysis(run)
        #expect(analysis.violations.filter { $0.panel == "pattern" } == [])
        #expect(analysis.verdict == "passed")
        // Rows that were fresh when the connection dropped (no request in flight) are not fetched again.
        let idle = try Self.plan("""
            {"bench": "orders", "windowMs": 2500, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"}, {"atMs": 1200, "event": "networkOffline"}, {"atMs": 1800, "event": "networkOnline"}]}
            """).run(clock: .virtual)
        #expect(requests(idle) == ["0: request 1 (firstLoad) sent"])
    }

    /// A window that starts exactly where a breach ends holds 0 ms of it: the plan passes. One
    /// millisecond earlier it holds 1 ms and one frame, and fails with them.
    @Test(arguments: [(400, "passed"), (399, "failed: naive broke loadingPlaceholder at 399–400 ms (frame 0).")])
    func aWindowStartingWhereABreachEnds(windowStartMs: Int, verdict: String) throws {
        // The naive panel's spinner over nothing breaks loadingPlaceholder over [0, 400).
        let analysis = Analysis(try Self.plan("""
            {"bench": "orders", "windowStartMs": \(windowStartMs), "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"}], "expect": {"followRules": ["pattern", "naive"]}}
            """).run(clock: .virtual))
        #expect(analysis.verdict == verdict)
        #expect(analysis.violations.map { "\($0.rule) \($0.startMs)-\($0.endMs) \($0.frames)" } == (windowStartMs == 400 ? [] : ["loadingPlaceholder 399-400 [0]"]))
    }

    @Test func aBreachOfZeroMillisecondsInsideTheWindowDoesNotFailThePlan() throws {
        // Latency 0: the first load is entered and left at 0 ms; the naive panel's spinner over
        // nothing (loadingPlaceholder) is on screen for 0 ms.
        let run = try Self.plan("""
            {"bench": "orders", "windowMs": 1000, "frameIntervalMs": 100, "settings": {"latencyMs": 0},
             "script": [{"atMs": 0, "event": "reopen"}], "expect": {"followRules": ["pattern", "naive"]}}
            """).run(clock: .virtual)
        #expect(run.violations["naive"] == [])
        let analysis = Analysis(run)
        #expect(analysis.violations == [])
        #expect(analysis.verdict == "passed")
    }

    /// `extendToSettle` with the last change exactly at the window's end: the change is outside
    /// [start, end), so the window grows to film it on the same grid. A change inside the window
    /// but after its last frame is filmed by no frame either: it grows the same way (the promise
    /// is that the final state is filmed). On the last frame it stays as it is. Windows of 2,400
    /// ms (its end on the frame grid) and 2,350 ms (its end between two frame instants).
    @Test(arguments: [
        (2400, 2300, 2400, 23), (2400, 2399, 2500, 24), (2400, 2400, 2500, 24), (2400, 2401, 2600, 25),
        (2350, 2300, 2350, 23), (2350, 2301, 2500, 24), (2350, 2349, 2500, 24), (2350, 2350, 2500, 24),
    ])
    func extendToSettleWhenTheLastChangeIsAtTheWindowsEnd(windowMs: Int, latencyMs: Int, settledWindowMs: Int, lastFrame: Int) throws {
        let plan = try Self.plan("""
            {"bench": "inbox", "mode": "pinned", "windowMs": \(windowMs), "frameIntervalMs": 100, "extendToSettle": true,
             "script": [{"reply": "loaded", "latencyMs": \(latencyMs)}], "expect": {"minFrames": {"loading": 1, "loaded": 1}}}
            """)
        let settled = try plan.settled()
        #expect(settled.windowMs == settledWindowMs)
        #expect(settled.windowStartMs == 0 && settled.frameIntervalMs == 100)
        let run = try LookAhead(settled).recordedRun(clock: .virtual)
        #expect(run.frames.count == lastFrame + 1)
        #expect(run.frames.last.map { "\($0.tMs) \($0.phase ?? "")" } == "\(lastFrame * 100) loaded")
        #expect(run.pendingAtEnd == nil)
        #expect(Analysis(run).dwell(ofPhase: "loaded")?.frames == 1)
    }

    /// A cycle's change exactly at the end of its first pass is the second pass beginning: a
    /// repeat, not a scripted change, so a window ending there is not linted.
    @Test func aCyclesChangeAtTheEndOfItsFirstPassIsARepeat() throws {
        // One beat: loaded after 500 ms, held 500 ms; the first pass ends at 1,000, when loading
        // starts again.
        let plan = try Self.plan("""
            {"bench": "inbox", "mode": "cycle", "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"reply": "loaded", "latencyMs": 500, "holdMs": 500}], "expect": {"minFrames": {"loaded": 1}}}
            """)
        let work = try #require(PendingWork.scan(plan))
        #expect(work.next == PendingChange(atMs: 1000, phase: "loading", event: "beat 1: fetch started, loaded after 500 ms"))
        #expect(work.nextIsScripted == false)
        #expect(work.lastScriptedChangeMs == 500)
        #expect(PlanLint.findings(for: plan) == [])
    }

    /// Held-back time at exactly `maxHeldBackMs` passes; one ms under it fails.
    @Test(arguments: [(400, true), (399, false)])
    func heldBackAtExactlyTheLimit(limit: Int, passes: Bool) throws {
        // delayedMinimum (500/500) and data at 600: held back [600, 1000), 400 ms.
        let analysis = Analysis(try Self.plan("""
            {"bench": "scenes", "panels": ["delayedMinimum"], "mode": "pinned", "windowMs": 1500, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 600}], "expect": {"maxHeldBackMs": {"delayedMinimum": \(limit)}}}
            """).run(clock: .virtual))
        let check = try #require(analysis.checks.first { $0.name == "heldBack.delayedMinimum" })
        #expect(check.passed == passes)
        #expect(check.message == "delayedMinimum: content held back 400 ms, at most \(limit) ms allowed")
    }

    /// A tap on Try again cancels the automatic retry that was due: when it falls due, nothing starts.
    @Test func aManualRetryCancelsThePendingAutomaticRetry() throws {
        // Fails at 100 (automatic retry due at 1,100); Try again at 300 succeeds at 400.
        let run = try Self.plan("""
            {"bench": "orders", "windowMs": 1500, "frameIntervalMs": 100, "settings": {"latencyMs": 100, "retryDelayMs": 1000},
             "script": [{"atMs": 0, "event": "serverAnswers", "answer": "error", "status": 503, "message": "x"}, {"atMs": 0, "event": "reopen"},
                        {"atMs": 200, "event": "serverAnswers", "answer": "rows"}, {"atMs": 300, "event": "tapTryAgain"}]}
            """).run(clock: .virtual)
        #expect(requests(run) == ["0: request 1 (firstLoad) sent", "300: request 2 (manualRetry) sent"])
        #expect(phases(run) == ["loading 0-100", "failed 100-300", "loading 300-400", "loaded 400-1500"])
    }

    @Test func networkOfflineWhileAlreadyOfflineDoesNothing() throws {
        let run = try Self.plan("""
            {"bench": "orders", "windowMs": 1500, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"}, {"atMs": 600, "event": "networkOffline"}, {"atMs": 900, "event": "networkOffline"},
                        {"atMs": 1200, "event": "networkOnline"}]}
            """).run(clock: .virtual)
        #expect(run.timeline.filter { $0.text == "network offline" }.map(\.tMs) == [600])
        #expect(requests(run) == ["0: request 1 (firstLoad) sent"])
        #expect(intervals(run, "pattern") == ["skeleton 0-400", "rows 400-600", "rowsOffline 600-1200", "rows 1200-1500"])
    }

    /// ``LoaderStats`` through its public initialiser, given a loader of 0 ms: it was never on
    /// screen, so it is no flash, adds no visible time and holds nothing back.
    @Test func loaderStatsOfAZeroLengthLoader() {
        let stats = LoaderStats(
            panel: "p",
            depictions: [
                Segment(name: "blank", enterMs: 0, exitMs: 500), Segment(name: "spinner", enterMs: 500, exitMs: 500),
                Segment(name: "rows", enterMs: 500, exitMs: 900), Segment(name: "spinner", enterMs: 900, exitMs: 900),
                Segment(name: "rows", enterMs: 900, exitMs: 1000),
            ],
            phases: [Segment(name: "loading", enterMs: 0, exitMs: 500), Segment(name: "loaded", enterMs: 500, exitMs: 1000)],
            windowStartMs: 0, windowEndMs: 1000, thresholdMs: 300,
            loaders: ["spinner"], blanks: ["blank"], loadingPhases: ["loading"])
        #expect(stats.visibleMs == 0)
        #expect(stats.flashes == [])
        #expect(stats.flashSummary == "no flash")
        #expect(stats.heldBackMs == 0)
        #expect(stats.heldBack == [])
        #expect(stats.heldBackSummary == "held back 0 ms")
        #expect(stats.blankMs == 500)
        // The same with a 1 ms loader: a 1 ms flash, 1 ms visible, 1 ms held back.
        let one = LoaderStats(
            panel: "p",
            depictions: [Segment(name: "blank", enterMs: 0, exitMs: 500), Segment(name: "spinner", enterMs: 500, exitMs: 501), Segment(name: "rows", enterMs: 501, exitMs: 1000)],
            phases: [Segment(name: "loading", enterMs: 0, exitMs: 500), Segment(name: "loaded", enterMs: 500, exitMs: 1000)],
            windowStartMs: 0, windowEndMs: 1000, thresholdMs: 300,
            loaders: ["spinner"], blanks: ["blank"], loadingPhases: ["loading"])
        #expect(one.visibleMs == 1 && one.flashes == [Segment(name: "spinner", enterMs: 500, exitMs: 501)])
        #expect(one.heldBack == [HeldBack(readyMs: 500, paintedMs: 501)] && one.heldBackMs == 1)
    }
}

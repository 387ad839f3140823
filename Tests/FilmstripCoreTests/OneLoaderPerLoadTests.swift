import FilmstripCore
import FilmstripRaster
import FilmstripSeedBenches
import Foundation
import Synchronization
import Testing

/// One load the person waits for is one loader: its delay counts from the start of that load
/// (a failure never on screen does not restart it), it is one interval whatever forms it takes,
/// and a panel's loader figures read that panel's own lane. Every value is exact.
@Suite struct OneLoaderPerLoadTests {
    static func plan(_ json: String) throws -> CapturePlan {
        try CapturePlan(json: Data(json.utf8), name: "one-loader", benches: [.scenes])
    }

    func intervals(_ run: RecordedRun, _ panel: String) -> [String] {
        (run.depictionSegments[panel] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    // MARK: The delay counts from the start of the load the person is waiting for

    /// The load fails at 700 ms, before the 1,000 ms delay, and the retry starts at that
    /// instant: the failure is on screen for 0 ms, so the person is still waiting for the load
    /// that started at 0. The spinner shows from 1,000 to 1,900, as for one 1,900 ms load.
    @Test func aFailureNeverOnScreenBeforeTheLoaderDoesNotRestartItsDelay() throws {
        let run = try Self.plan("""
            {"bench": "scenes", "panels": ["delayed"], "mode": "pinned", "windowMs": 4000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "failed", "latencyMs": 700},
                        {"trigger": "retry", "reply": "loaded", "latencyMs": 1200}],
             "expect": {"maxFlashes": {"delayed": 0}}}
            """).run(clock: .virtual)
        #expect(intervals(run, "delayed") == ["blank 0-1000", "spinner 1000-1900", "rows 1900-4000"])
        let analysis = Analysis(run)
        let delayed = try #require(analysis.loaders.first { $0.panel == "delayed" })
        #expect(delayed.visibleMs == 900)
        #expect(delayed.flashes == [])
        #expect(delayed.blankMs == 1000)
        #expect(analysis.verdict == "passed")
    }

    /// With a 500 ms delay and a 500 ms minimum, a failure at 300 ms retried at once and answered
    /// at 1,100: the loader shows from 500 (not 800) and the content is painted when it is ready
    /// (1,100 = max(1,100, 500 + 500)), not held back to 1,300.
    @Test func aFailureNeverOnScreenDoesNotHoldTheContentBackLonger() throws {
        let run = try Self.plan("""
            {"bench": "scenes", "panels": ["delayedMinimum"], "mode": "pinned", "windowMs": 2000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "failed", "latencyMs": 300},
                        {"trigger": "retry", "reply": "loaded", "latencyMs": 800}]}
            """).run(clock: .virtual)
        #expect(intervals(run, "delayedMinimum") == ["blank 0-500", "spinner 500-1100", "rows 1100-2000"])
        let stats = try #require(Analysis(run).loaders.first { $0.panel == "delayedMinimum" })
        #expect(stats.visibleMs == 600)
        #expect(stats.heldBackMs == 0)
        #expect(stats.heldBackSummary == "held back 0 ms")
    }

    /// The policy's rule at its edges: a failure on screen 0 ms continues the wait (through any
    /// number of retries), one on screen 1 ms starts a new one.
    @Test func theDelayCountsFromTheLoadThePersonIsWaitingFor() {
        func describe(_ chain: [LoadSpan], _ policy: LoaderPolicy = .seed004) -> String {
            guard let schedule = policy.schedule(chain: chain) else { return "no schedule" }
            return "start \(schedule.startMs) ready \(schedule.readyMs) loader \(schedule.loaderFromMs.map(String.init) ?? "none") content \(schedule.contentFromMs)"
        }
        let failed = LoadSpan(startMs: 0, readyMs: 700)
        #expect(describe([failed, LoadSpan(startMs: 700, readyMs: 1900)]) == "start 700 ready 1900 loader 1000 content 1900")
        #expect(describe([failed, LoadSpan(startMs: 701, readyMs: 1901)]) == "start 701 ready 1901 loader 1701 content 1901")
        #expect(describe([LoadSpan(startMs: 0, readyMs: 300), LoadSpan(startMs: 300, readyMs: 600), LoadSpan(startMs: 600, readyMs: 1900)]) == "start 600 ready 1900 loader 1000 content 1900")
        // Ready at the delay's instant: no loader; a retry then shows one at once.
        #expect(describe([LoadSpan(startMs: 0, readyMs: 1000), LoadSpan(startMs: 1000, readyMs: 1900)]) == "start 1000 ready 1900 loader 1000 content 1900")
        // Answered before the delay it still waits for: no loader at all.
        #expect(describe([failed, LoadSpan(startMs: 700, readyMs: 1000)]) == "start 700 ready 1000 loader none content 1000")
        #expect(LoaderPolicy.seed004.loaderFromMs(loadStartedAtMs: 700, after: [failed]) == 1000)
        #expect(LoaderPolicy.seed004.loaderFromMs(loadStartedAtMs: 701, after: [failed]) == 1701)
        #expect(LoaderPolicy.seed004.loaderFromMs(loadStartedAtMs: 1500, after: [LoadSpan(startMs: 0, readyMs: 1500)]) == 1500)
        #expect(!LoaderPolicy.seed004.loaderCarries(into: 700, after: [failed]))
    }

    // MARK: One loader, whatever its forms

    static func stats(_ depictions: [Segment], windowStartMs: Int = 0, windowEndMs: Int = 1000) -> LoaderStats {
        LoaderStats(
            panel: "p", depictions: depictions, phases: [Segment(name: "loading", enterMs: 0, exitMs: depictions.last?.exitMs ?? 0)],
            windowStartMs: windowStartMs, windowEndMs: windowEndMs, thresholdMs: 300,
            loaders: ["spinner", "progressBar"], blanks: ["blank"], loadingPhases: ["loading"])
    }

    /// A spinner that turns into a byte-count bar at 172 ms and leaves at 417 is one loader of
    /// 417 ms: no flash.
    @Test func aSpinnerThatTurnsIntoABarIsOneLoader() {
        let stats = Self.stats([Segment(name: "spinner", enterMs: 0, exitMs: 172), Segment(name: "progressBar", enterMs: 172, exitMs: 417), Segment(name: "rows", enterMs: 417, exitMs: 1000)])
        #expect(stats.visibleMs == 417)
        #expect(stats.flashes == [])
        #expect(stats.flashSummary == "no flash")
    }

    /// Two forms that together last 250 ms are one flash of 250 ms, named by the first form;
    /// a loader that comes back after rows is a second loader.
    @Test func twoFormsUnderTheThresholdAreOneFlash() {
        let stats = Self.stats([
            Segment(name: "spinner", enterMs: 0, exitMs: 100), Segment(name: "progressBar", enterMs: 100, exitMs: 250),
            Segment(name: "rows", enterMs: 250, exitMs: 600), Segment(name: "progressBar", enterMs: 600, exitMs: 700),
            Segment(name: "rows", enterMs: 700, exitMs: 1000),
        ])
        #expect(stats.flashes == [Segment(name: "spinner", enterMs: 0, exitMs: 250), Segment(name: "progressBar", enterMs: 600, exitMs: 700)])
        #expect(stats.flashSummary == "2 flashes (250 ms at 0 ms, 100 ms at 600 ms)")
        #expect(stats.visibleMs == 350)
    }

    /// A loader of two forms still showing when the run stops is cut off: never a flash.
    @Test func aLoaderOfTwoFormsCutOffByTheRunsEndIsNoFlash() {
        let stats = Self.stats([Segment(name: "rows", enterMs: 0, exitMs: 900), Segment(name: "spinner", enterMs: 900, exitMs: 950), Segment(name: "progressBar", enterMs: 950, exitMs: 1000)])
        #expect(stats.flashes == [])
        #expect(stats.visibleMs == 100)
    }

    // MARK: Plan validation reads the screen the panels draw

    /// A refresh that fails keeps its rows on screen, so a second refresh is allowed, and the
    /// panels show the rows throughout.
    @Test func aRefreshAfterAFailedRefreshIsAllowedWhileTheRowsShow() throws {
        let run = try Self.plan("""
            {"bench": "scenes", "panels": ["immediate"], "mode": "pinned", "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 100, "holdMs": 100},
                        {"trigger": "refresh", "reply": "failed", "latencyMs": 100, "holdMs": 100},
                        {"trigger": "refresh", "reply": "loaded", "latencyMs": 100}]}
            """).run(clock: .virtual)
        #expect(intervals(run, "immediate") == ["spinner 0-100", "rows 100-200", "rowsRefreshing 200-300", "rows 300-400", "rowsRefreshing 400-500", "rows 500-1000"])
    }

    /// After a failed refresh the rows are on screen and no error is: a retry is refused, in a
    /// pinned script and around a cycle.
    @Test func aRetryAfterAFailedRefreshIsRefused() {
        func problem(_ mode: String, _ script: String) -> String {
            do {
                _ = try Self.plan(#"{"bench": "scenes", "mode": "\#(mode)", "windowMs": 1000, "frameIntervalMs": 100, "script": \#(script)}"#)
                return "accepted"
            } catch let error as PlanError {
                return "\(error.path): \(error.message)"
            } catch {
                return "\(error)"
            }
        }
        let retry = #"[{"trigger": "open", "reply": "loaded", "latencyMs": 100}, {"trigger": "refresh", "reply": "failed", "latencyMs": 100}, {"trigger": "retry", "reply": "loaded", "latencyMs": 100}]"#
        #expect(problem("pinned", retry) == "$.script[2].trigger: a retry follows a failure on screen: expected failed on screen before this beat, found loaded on screen")
        // Around a cycle the first beat follows what the last left: rows kept by a failed refresh.
        let cycle = #"[{"trigger": "refresh", "reply": "loaded", "latencyMs": 100}, {"trigger": "open", "reply": "loaded", "latencyMs": 100}, {"trigger": "refresh", "reply": "failed", "latencyMs": 100}]"#
        #expect(problem("cycle", cycle) == "accepted")
        let cycledRetry = #"[{"trigger": "retry", "reply": "loaded", "latencyMs": 100}, {"trigger": "open", "reply": "loaded", "latencyMs": 100}, {"trigger": "refresh", "reply": "failed", "latencyMs": 100}]"#
        #expect(problem("cycle", cycledRetry) == "$.script[0].trigger: a retry follows a failure on screen: expected failed on screen before this beat, found loaded on screen")
        // A failed open is an error on screen: a retry follows it; a refresh cannot.
        let afterFailure = #"[{"trigger": "open", "reply": "failed", "latencyMs": 100}, {"trigger": "refresh", "reply": "loaded", "latencyMs": 100}]"#
        #expect(problem("pinned", afterFailure) == "$.script[1].trigger: a refresh needs content on screen: expected loaded on screen before this beat, found failed on screen")
    }

    // MARK: Each panel reads its own lane

    /// The `.task` lane is loaded at 122 ms; the `onAppear` lane loads until 1,521. The
    /// `onAppear` panel's spinner held nothing back: its content was ready only at 1,521.
    @Test func aPanelsHeldBackTimeReadsItsOwnLane() throws {
        let plan = try CapturePlan(
            name: "lanes", bench: .twoLaneInbox, settings: TwoLaneSettings(), panels: ["allFour", "onAppear"],
            mode: .pinned, windowMs: 2000, frameIntervalMs: 100, scale: 1)
        let run = try plan.run(clock: .virtual)
        #expect(intervals(run, "onAppear") == ["spinner 0-1521", "rows 1521-2000"])
        #expect(run.lanePhaseSegments["onAppear"]?.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == ["loading 0-1521", "loaded 1521-2000"])
        let analysis = Analysis(run)
        let onAppear = try #require(analysis.loaders.first { $0.panel == "onAppear" })
        #expect(onAppear.visibleMs == 1521)
        #expect(onAppear.heldBackMs == 0)
        #expect(onAppear.heldBackSummary == "held back 0 ms")
        let task = try #require(analysis.loaders.first { $0.panel == "allFour" })
        #expect(task.visibleMs == 122)
        #expect(task.heldBackMs == 0)
    }
}

/// The live inbox's two lanes, scripted on the virtual clock: the `.task` lane is answered at
/// 122 ms, the `onAppear` lane at 1,521.
struct TwoLaneSettings: BenchSettings {}

final class TwoLaneBench: Bench {
    static let rows = [ManifestRow(title: "2.4.0 (118)", detail: "Ready for Review")]
    static func phase(task: LiveInboxPhase.Screen, onAppear: LiveInboxPhase.Screen) -> LiveInboxPhase {
        LiveInboxPhase(task: .init(screen: task), onAppear: .init(screen: onAppear), away: false)
    }

    let shown = Mutex(TwoLaneBench.phase(task: .loading(.init(startedAtMs: 0)), onAppear: .loading(.init(startedAtMs: 0))))
    var initialPhase: LiveInboxPhase { Self.phase(task: .loading(.init(startedAtMs: 0)), onAppear: .loading(.init(startedAtMs: 0))) }
    var counters: [String: Int] { [:] }
    var notes: [String] { [] }
    var loadTimings: [LoadTiming] { [] }
    func phase(atMs timeMs: Int) -> LiveInboxPhase { shown.withLock { $0 } }
    func phaseDetail(of phase: LiveInboxPhase, atMs timeMs: Int) -> String? { nil }

    func run(clock: BenchClock, timeline: TimelineLog<LiveInboxPhase>) async {
        timeline.enter(initialPhase, atMs: 0)
        for (atMs, phase) in [(122, Self.phase(task: .loaded(Self.rows), onAppear: .loading(.init(startedAtMs: 0)))), (1521, Self.phase(task: .loaded(Self.rows), onAppear: .loaded(Self.rows)))] {
            do { try await clock.sleep(forMs: atMs - clock.nowMs()) } catch { return }
            shown.withLock { $0 = phase }
            timeline.enter(phase, atMs: atMs)
        }
    }
}

extension BenchDefinition {
    static let twoLaneInbox = BenchDefinition(
        name: "twolanes",
        summary: "the live inbox's lanes, scripted",
        phases: { (name: LiveInboxPhase.Name) in PhaseStyle(color: Color(hex: name == .loading ? 0xF5B841 : 0x3DDC97), isInFlight: name == .loading) },
        panels: [
            PanelEntry<LiveInboxPhase, TwoLaneSettings>(LiveScreenPanel(id: "allFour", title: "TASK", tint: Color(hex: 0x3DDC97), lane: .task, showsWork: false)),
            PanelEntry<LiveInboxPhase, TwoLaneSettings>(LiveScreenPanel(id: "onAppear", title: "ON APPEAR", tint: Color(hex: 0xF5B841), lane: .onAppear, showsWork: false)),
        ],
        run: .init(
            modes: [.pinned],
            members: [],
            settings: { _, _ throws(PlanError) in TwoLaneSettings() },
            bench: { _, _ in TwoLaneBench() }),
        analysis: .init(
            depictions: BenchDefinition.liveInbox.depictions,
            expect: CapturePlan.Expectations()))
}

/// Loader figures are clipped to the window at both ends: visible and blank time count only
/// what lies inside it, a flash counts when it overlaps the window by at least 1 ms, and
/// held-back time is the part of each stretch inside it.
@Suite struct LoaderStatsWindowTests {
    /// A run's depictions: blank before the window, a spinner ending at its start, a flash
    /// inside, a spinner starting at its end.
    static let depictions = [
        Segment(name: "blank", enterMs: 0, exitMs: 300), Segment(name: "spinner", enterMs: 300, exitMs: 500),
        Segment(name: "rows", enterMs: 500, exitMs: 600), Segment(name: "blank", enterMs: 600, exitMs: 700),
        Segment(name: "spinner", enterMs: 700, exitMs: 900), Segment(name: "rows", enterMs: 900, exitMs: 1400),
        Segment(name: "blank", enterMs: 1400, exitMs: 1450), Segment(name: "rows", enterMs: 1450, exitMs: 1500),
        Segment(name: "spinner", enterMs: 1500, exitMs: 1600), Segment(name: "rows", enterMs: 1600, exitMs: 2000),
    ]

    static func stats(_ depictions: [Segment], phases: [Segment], windowStartMs: Int, windowEndMs: Int) -> LoaderStats {
        LoaderStats(
            panel: "p", depictions: depictions, phases: phases, windowStartMs: windowStartMs, windowEndMs: windowEndMs, thresholdMs: 300,
            loaders: ["spinner"], blanks: ["blank"], loadingPhases: ["loading"])
    }

    @Test func visibleBlankAndFlashesCountOnlyInsideTheWindow() {
        let stats = Self.stats(Self.depictions, phases: [Segment(name: "loading", enterMs: 0, exitMs: 2000)], windowStartMs: 500, windowEndMs: 1500)
        #expect(stats.visibleMs == 200)
        #expect(stats.blankMs == 150)
        #expect(stats.flashes == [Segment(name: "spinner", enterMs: 700, exitMs: 900)])
    }

    /// Loaders and blanks that cross the window's edges count their part inside it; a flash
    /// that crosses an edge counts with its whole length.
    @Test func loadersCrossingTheWindowsEdgesAreClipped() {
        let stats = Self.stats(Self.depictions, phases: [Segment(name: "loading", enterMs: 0, exitMs: 2000)], windowStartMs: 250, windowEndMs: 1550)
        #expect(stats.visibleMs == 200 + 200 + 50)
        #expect(stats.blankMs == 50 + 100 + 50)
        #expect(stats.flashes.map(\.enterMs) == [300, 700, 1500])
    }

    /// Data ready at 300, the spinner kept until 800: a window [500, 700) holds 200 ms of it.
    @Test func heldBackTimeIsClippedToTheWindow() {
        let depictions = [Segment(name: "blank", enterMs: 0, exitMs: 100), Segment(name: "spinner", enterMs: 100, exitMs: 800), Segment(name: "rows", enterMs: 800, exitMs: 2000)]
        let phases = [Segment(name: "loading", enterMs: 0, exitMs: 300), Segment(name: "loaded", enterMs: 300, exitMs: 2000)]
        let stats = Self.stats(depictions, phases: phases, windowStartMs: 500, windowEndMs: 700)
        #expect(stats.heldBackMs == 200)
        #expect(stats.heldBackSummary == "held back 200 ms (ready 300 ms, painted 800 ms)")
        #expect(Self.stats(depictions, phases: phases, windowStartMs: 0, windowEndMs: 2000).heldBackMs == 500)
    }
}

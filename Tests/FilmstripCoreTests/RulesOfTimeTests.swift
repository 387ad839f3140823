import FilmstripCore
import FilmstripTestSupport
import FilmstripSeedBenches
import Testing

/// Dwell and frame contents at the exact edges of the rules of time (DESIGN.md 3, 6),
/// with expected values computed by hand in each test's comment.
@Suite struct RulesOfTimeTests {
    @Test func replyDueOnAFrameInstantIsShownInThatFrame() throws {
        // Pinned empty after 500 ms; frames at 0, 250, 500, 750.
        // loading [0, 500), empty [500, 1000): the frame at 500 already shows empty.
        let plan = TestSupport.plan(mode: .pinned, script: [Beat(reply: .empty, latencyMs: 500)], windowMs: 1000, intervalMs: 250)
        let run = try (plan).run(clock: .virtual)
        #expect(run.frames.map(\.phase) == ["loading", "loading", "empty", "empty"])
        let analysis = Analysis(run)
        #expect(analysis.phaseMs == ["loading": 500, "empty": 500, "failed": 0, "loaded": 0])
        #expect(analysis.dwell(ofDepiction: "spinner", panel: "allFour")?.ms == 500)
        #expect(analysis.dwell(ofDepiction: "emptyMessage", panel: "allFour")?.ms == 500)
        #expect(analysis.dwell(ofDepiction: "dash", panel: "loadedOnly")?.ms == 1000)
        #expect(analysis.dwell(ofDepiction: "dash", panel: "loadedOnly")?.frames == 4)
    }

    @Test func replyOneMillisecondAfterAFrameInstantIsNotInThatFrame() throws {
        let plan = TestSupport.plan(mode: .pinned, script: [Beat(reply: .empty, latencyMs: 501)], windowMs: 1000, intervalMs: 250)
        let run = try (plan).run(clock: .virtual)
        #expect(run.frames.map(\.phase) == ["loading", "loading", "loading", "empty"])
        #expect(Analysis(run).phaseMs == ["loading": 501, "empty": 499, "failed": 0, "loaded": 0])
    }

    @Test func zeroLatencyReplyLeavesLoadingWithZeroDwell() throws {
        // Loading is entered and left at 0 ms: dwell 0, and the frame at 0 shows empty.
        let plan = TestSupport.plan(mode: .pinned, script: [Beat(reply: .empty, latencyMs: 0)], windowMs: 400, intervalMs: 100)
        let run = try (plan).run(clock: .virtual)
        #expect(run.frames.map(\.phase) == ["empty", "empty", "empty", "empty"])
        #expect(Analysis(run).phaseMs == ["loading": 0, "empty": 400, "failed": 0, "loaded": 0])
    }

    @Test func threeEventsAtOneInstantKeepTheirOrderAndTheLastIsShown() throws {
        // Cycle: empty lands at 300 with no hold; the next beat starts at 300 (loading) and its
        // failed reply has latency 0, so empty, loading and failed are all entered at 300.
        // loading [0,300) + [700,1000) = 600; empty 0; failed [300,700) = 400.
        let plan = TestSupport.plan(
            script: [Beat(reply: .empty, latencyMs: 300), Beat(reply: .failed(message: "x"), latencyMs: 0, holdMs: 400)],
            windowMs: 1000, intervalMs: 100)
        let run = try (plan).run(clock: .virtual)
        let at300 = run.timeline.filter { $0.tMs == 300 && $0.kind == .phase }.map(\.text)
        #expect(at300 == ["empty", "loading", "failed"])
        let sequences = run.timeline.map(\.sequence)
        #expect(sequences == Array(0..<run.timeline.count))
        #expect(run.frames[3].phase == "failed")
        let analysis = Analysis(run)
        #expect(analysis.phaseMs == ["loading": 600, "empty": 0, "failed": 400, "loaded": 0])
        #expect(analysis.phaseFrames == ["loading": 6, "empty": 0, "failed": 4, "loaded": 0])
    }

    @Test func windowEndingMidPhaseClipsDwellAndFramesCanMissAShortPhase() throws {
        // failed lands at 791 and lasts past the 1,000 ms window end: failed dwell 209 ms,
        // yet no frame (0, 250, 500, 750) shows it, and coverage says so.
        let plan = TestSupport.plan(mode: .pinned, script: [Beat(reply: .failed(message: "x"), latencyMs: 791)], windowMs: 1000, intervalMs: 250)
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.phaseMs == ["loading": 791, "empty": 0, "failed": 209, "loaded": 0])
        #expect(analysis.phaseFrames["failed"] == 0)
        #expect(analysis.reasons.contains("loading filled 4 of 4 frames (0.8 s of 1.0 s, limit 50%)"))
    }

    @Test func windowStartingLateClipsTheFirstPhase() throws {
        // Window [500, 1500): loading [500, 791) = 291, failed [791, 1500) = 709.
        let plan = TestSupport.plan(
            mode: .pinned, script: [Beat(reply: .failed(message: "x"), latencyMs: 791)], windowStartMs: 500,
            windowMs: 1000, intervalMs: 250)
        let run = try (plan).run(clock: .virtual)
        #expect(run.frames.map(\.tMs) == [500, 750, 1000, 1250])
        #expect(run.frames.map(\.phase) == ["loading", "loading", "failed", "failed"])
        #expect(Analysis(run).phaseMs == ["loading": 291, "empty": 0, "failed": 709, "loaded": 0])
    }

    @Test func slowMotionStretchesLatenciesExactly() throws {
        // Seed cycle at ×2: loading [0,3780) = 2,200 + 1,580; empty [3780,5780);
        // loading [5780,7362) = 1,582; failed [7362,9362); loading [9362,10942) = 1,580;
        // loaded [10942,12000) = 1,058. Loading: 6,942.
        let plan = TestSupport.plan(
            script: [
                Beat(reply: .loading, latencyMs: 1100),
                Beat(reply: .empty, latencyMs: 790, holdMs: 2000),
                Beat(reply: .failed(message: "x"), latencyMs: 791, holdMs: 2000),
                Beat(reply: .loaded(rows: []), latencyMs: 790, holdMs: 2000),
            ],
            windowMs: 12_000, intervalMs: 500, slowMotion: SlowMotion(permille: 2000))
        let run = try (plan).run(clock: .virtual)
        #expect(Analysis(run).phaseMs == ["loading": 6942, "empty": 2000, "failed": 2000, "loaded": 1058])
        let entered = run.timeline.filter { $0.kind == .phase }.map { "\($0.text)@\($0.tMs)" }
        // The run stops at the window's end: nothing after 12,000 ms is logged.
        #expect(entered == ["loading@0", "loading@2200", "empty@3780", "loading@5780", "failed@7362", "loading@9362", "loaded@10942"])
    }

    @Test func slowMotionRoundsHalvesUpInIntegers() {
        #expect(SlowMotion(permille: 1500).apply(toMs: 791) == 1187)
        #expect(SlowMotion(permille: 1500).apply(toMs: 8000) == 12_000)
        #expect(SlowMotion(permille: 2000).apply(toMs: 1100) == 2200)
        #expect(SlowMotion(permille: 1000).apply(toMs: 790) == 790)
    }

    @Test func dwellsOfEveryPanelAddUpToTheWindow() throws {
        let plan = try TestSupport.shippedPlan("inbox-cycle")
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.phases.reduce(0) { $0 + $1.dwell.ms } == 12_000)
        for panel in analysis.panels {
            #expect(panel.depictions.reduce(0) { $0 + $1.dwell.ms } == 12_000, "panel \(panel.panel)")
            #expect(panel.depictions.reduce(0) { $0 + $1.dwell.frames } == 24, "panel \(panel.panel)")
        }
    }

    @Test func shippedCycleMatchesTheSeedFigures() throws {
        // loading [0,1890) [3890,4681) [6681,7471) [9471,11361) = 5,361; empty [1890,3890) + [11361,12000) = 2,639.
        let analysis = Analysis(try (try TestSupport.shippedPlan("inbox-cycle")).run(clock: .virtual))
        #expect(analysis.phaseMs == ["loading": 5361, "empty": 2639, "failed": 2000, "loaded": 2000])
        #expect(analysis.phaseFrames == ["loading": 11, "empty": 5, "failed": 4, "loaded": 4])
        #expect(analysis.passed)
        #expect(analysis.verdict == "passed")
    }

    @Test func frameAtEachInstantMatchesThePhaseSegmentContainingIt() throws {
        let run = try (try TestSupport.shippedPlan("inbox-cycle-slowmo")).run(clock: .virtual)
        for frame in run.frames {
            let segment = run.phaseSegments.last { $0.enterMs <= frame.tMs && frame.tMs < $0.exitMs }
            #expect(segment?.name == frame.phase, "frame at \(frame.tMs) ms")
        }
    }
}

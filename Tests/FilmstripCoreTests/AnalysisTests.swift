import FilmstripCore
import FilmstripTestSupport
import FilmstripSeedBenches
import Testing

@Suite struct AnalysisTests {
    @Test func seedFailingPlanNamesLoadingShareAndTheThreeMissingPhases() throws {
        let run = try (TestSupport.seedFailingPlan).run(clock: .virtual)
        #expect(run.frames.count == 6)
        #expect(run.frames.allSatisfy { $0.phase == "loading" })
        let analysis = Analysis(run)
        #expect(!analysis.passed)
        #expect(analysis.reasons == [
            "loading filled 6 of 6 frames (12.0 s of 12.0 s, limit 50%)",
            "empty, failed and loaded were never captured",
        ])
        #expect(analysis.verdict == "failed: loading filled 6 of 6 frames (12.0 s of 12.0 s, limit 50%); empty, failed and loaded were never captured.")
        #expect(analysis.checks.map(\.name) == [
            "coverage.loading", "coverage.empty", "coverage.failed", "coverage.loaded", "dominance.loading",
        ])
        #expect(analysis.checks.map(\.passed) == [true, false, false, false, false])
    }

    @Test func coverageShortOfTheMinimumSaysHowManyFramesWereNeeded() throws {
        // empty lands at 790; frames every 250 → 1000, 1250, 1500, 1750 show empty (4 frames).
        let plan = TestSupport.plan(
            mode: .pinned, script: [Beat(reply: .empty, latencyMs: 790)], windowMs: 2000, intervalMs: 250,
            minFrames: ["empty": 5], maxSharePercent: [:])
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.reasons == ["empty was captured in 4 frames, 5 required"])
    }

    @Test func dominanceAtExactlyTheLimitPasses() throws {
        // loading [0, 1000) of 2,000 ms, frames 0…800 of 10: exactly 50% of both.
        let plan = TestSupport.plan(
            mode: .pinned, script: [Beat(reply: .empty, latencyMs: 1000)], windowMs: 2000, intervalMs: 200,
            minFrames: [:], maxSharePercent: ["loading": 50])
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.phaseMs["loading"] == 1000)
        #expect(analysis.phaseFrames["loading"] == 5)
        #expect(analysis.passed)
    }

    @Test func dominanceJudgesTimeEvenWhenNoFrameShowsThePhase() throws {
        // A 100 ms cycle: loading [0,90), empty [90,100). Frames at 95, 195, … all land in empty,
        // yet loading fills [100,190) … [1000,1090): 900 ms of the window [95, 1095).
        let plan = TestSupport.plan(
            script: [Beat(reply: .empty, latencyMs: 90, holdMs: 10)], windowStartMs: 95, windowMs: 1000, intervalMs: 100,
            minFrames: [:], maxSharePercent: ["loading": 50])
        let analysis = Analysis(try (plan).run(clock: .virtual))
        #expect(analysis.phaseFrames == ["loading": 0, "empty": 10, "failed": 0, "loaded": 0])
        #expect(analysis.phaseMs == ["loading": 900, "empty": 100, "failed": 0, "loaded": 0])
        #expect(analysis.reasons == ["loading filled 0 of 10 frames (0.9 s of 1.0 s, limit 50%)"])
    }

    @Test func lintSaysWhatWindowOrLatencyWouldReachEachMissingPhase() throws {
        // empty lands at 12,000 + 1,185 = 13,185 and is first sampled at 14,000;
        // failed lands at 15,185 + 1,187 = 16,372, sampled at 18,000;
        // loaded lands at 18,372 + 1,185 = 19,557, sampled at 20,000. The last frame inside is 10,000.
        let findings = PlanLint.findings(for: TestSupport.seedFailingPlan)
        #expect(findings == [
            #"a scripted change falls after the window ends at 12,000 ms: empty at 13,185 ms (beat 2: reply empty landed); a window of at least 14,001 ms at the same 2,000 ms frame interval would include it (its first frame is at 14,000 ms), or set "extendToSettle": true"#,
            "empty is first captured at 14,000 ms, after the window ends at 12,000 ms: a window of at least 14,001 ms at the same 2,000 ms frame interval would capture it, or a script that reaches it 4,000 ms sooner (the longest: beat 1, loading, 12,000 ms with slow motion 1.5)",
            "failed is first captured at 18,000 ms, after the window ends at 12,000 ms: a window of at least 18,001 ms at the same 2,000 ms frame interval would capture it, or a script that reaches it 8,000 ms sooner (the longest: beat 1, loading, 12,000 ms with slow motion 1.5)",
            "loaded is first captured at 20,000 ms, after the window ends at 12,000 ms: a window of at least 20,001 ms at the same 2,000 ms frame interval would capture it, or a script that reaches it 10,000 ms sooner (the longest: beat 1, loading, 12,000 ms with slow motion 1.5)",
        ])
        #expect(PlanLint.findings(for: try TestSupport.shippedPlan("inbox-cycle")) == [])
    }

    @Test func lintLooksAheadABoundedTimeWhateverTheScriptsLength() throws {
        // An hour-long loading beat at slow motion 100 with 1 ms frames: the lint looks at most
        // 600,000 ms past the window and counts frames per interval, not per instant.
        let plan = TestSupport.plan(
            mode: .pinned, script: [Beat(reply: .loading, latencyMs: 3_600_000)], windowMs: 1000, intervalMs: 1,
            slowMotion: SlowMotion(permille: 100_000))
        #expect(PlanLint.findings(for: plan) == ["empty", "failed", "loaded"].map {
            "the script never reaches \($0) in 1 frame within 0–601,000 ms of the run (the window's end, 1,000 ms, plus 600,000 ms, the lint's limit); add the beats or events that lead to it"
        })
    }

    @Test func lintSaysWhenTheScriptNeverReachesAPhase() throws {
        let plan = TestSupport.plan(mode: .pinned, script: [Beat(reply: .empty, latencyMs: 100)], windowMs: 1000, intervalMs: 100, minFrames: ["loaded": 1], maxSharePercent: [:])
        let findings = PlanLint.findings(for: plan)
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("the script never reaches loaded") == true)
    }

    @Test func lintStatesItsHorizonExactly() throws {
        // A 100 ms script in a 1,000 ms window: the lint looks to 1,000 + 2 × 1,000 = 3,000 ms.
        let plan = TestSupport.plan(mode: .pinned, script: [Beat(reply: .empty, latencyMs: 100)], windowMs: 1000, intervalMs: 100, minFrames: ["loaded": 1], maxSharePercent: [:])
        #expect(PlanLint.findings(for: plan) == [
            "the script never reaches loaded in 1 frame within 0–3,000 ms of the run (the window's end, 1,000 ms, plus twice the window's 1,000 ms); add the beats or events that lead to it",
        ])
    }

    @Test func lintNamesAZeroHoldAsTheCause() throws {
        // empty lands at 100 and beat 2 starts at once: empty is on screen for 0 ms, every cycle.
        let plan = TestSupport.plan(
            script: [Beat(reply: .empty, latencyMs: 100), Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: 100, holdMs: 300)],
            windowMs: 1000, intervalMs: 100, minFrames: ["empty": 1, "loaded": 1], maxSharePercent: [:])
        #expect(PlanLint.findings(for: plan) == [
            "empty is reached but on screen for 0 ms each time, within 0–3,000 ms of the run (the window's end, 1,000 ms, plus twice the window's 1,000 ms): beat 1 has holdMs 0 (the default), so the next beat starts the instant its reply lands; a holdMs of at least 100 ms (one frame interval) would capture it",
        ])
    }

    @Test func quantitiesFormatWithIntegersOnly() {
        #expect(Quantity.ms(12_000) == "12,000 ms")
        #expect(Quantity.seconds(12_000) == "12.0 s")
        #expect(Quantity.seconds(1_050) == "1.1 s")
        #expect(Quantity.seconds(1_049) == "1.0 s")
        #expect(Quantity.percent(numerator: 5361, denominator: 12_000) == "44.7%")
        #expect(Quantity.list(["empty", "failed", "loaded"]) == "empty, failed and loaded")
        #expect(Quantity.grouped(1_234_567) == "1,234,567")
    }
}

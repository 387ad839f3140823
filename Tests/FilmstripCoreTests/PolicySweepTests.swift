import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

@Suite struct PolicySweepTests {
    // Hand-computed for loads of 100, 300, 600, 1,003 and 2,500 ms, flash threshold 300 ms:
    let sweep = PolicySweep(
        latenciesMs: [100, 300, 600, 1003, 2500], delaysMs: [0, 500, 1000], minimumsMs: [0, 200, 500],
        flashThresholdMs: 300, budgetMs: 100)

    func outcome(_ delay: Int, _ minimum: Int) throws -> PolicySweep.Outcome {
        try #require(sweep.outcomes.first { $0.policy.delayMs == delay && ($0.policy.minimumVisibleMs ?? 0) == minimum })
    }

    @Test func immediateLoaderShowsOnEveryLoadAndFlashesOnTheFastOne() throws {
        // Visible 100, 300, 600, 1,003, 2,500: only 100 is under 300 (300 is not "less than").
        let o = try outcome(0, 0)
        #expect([Int]([o.loaderLoads, o.flashes, o.totalAddedWaitMs, o.p95AddedWaitMs, o.totalBlankMs]) == [5, 1, 0, 0, 0])
    }

    @Test func aOneSecondDelayFlashesOnTheLoadThatEndsThreeMillisecondsAfterIt() throws {
        // Loaders only for 1,003 (visible 3: a flash) and 2,500 (visible 1,500).
        // Blank: 100 + 300 + 600 + 1,000 + 1,000 = 3,000.
        let o = try outcome(1000, 0)
        #expect([Int]([o.loaderLoads, o.flashes, o.totalAddedWaitMs, o.totalBlankMs]) == [2, 1, 0, 3000])
        #expect(o.loaderShare == 0.4 && o.flashRate == 0.2 && o.meanBlankMs == 600)
    }

    @Test func aMinimumAddsWaitWhenDataArrivesInsideIt() throws {
        // 500/500: 600 is held to 1,000 (400 added); 1,003 and 2,500 are past v + m.
        let o = try outcome(500, 500)
        #expect([Int]([o.loaderLoads, o.flashes, o.totalAddedWaitMs, o.p95AddedWaitMs]) == [3, 0, 400, 400])
        #expect(o.meanAddedWaitMs == 80)
        // 1000/200: 1,003 is held to 1,200 (197 added) and its 200 ms loader is itself a flash.
        let short = try outcome(1000, 200)
        #expect([Int]([short.flashes, short.totalAddedWaitMs, short.p95AddedWaitMs]) == [1, 197, 197])
    }

    @Test func theRecommendationHasTheFewestFlashesWithinTheBudget() throws {
        // Zero flashes need a 500 ms minimum, whose p95 added wait (≥ 400) is over 100 ms;
        // among the one-flash policies within budget, 0/0 adds no wait and no blank.
        let best = try #require(sweep.recommended.map { sweep.outcomes[$0] })
        #expect(best.policy == LoaderPolicy(delayMs: 0))
        let generous = PolicySweep(
            latenciesMs: [100, 300, 600, 1003, 2500], delaysMs: [0, 500, 1000], minimumsMs: [0, 200, 500],
            flashThresholdMs: 300, budgetMs: 400)
        #expect(generous.recommended.map { generous.outcomes[$0].policy } == LoaderPolicy(delayMs: 500, minimumVisibleMs: 500))
        let impossible = PolicySweep(latenciesMs: [600], delaysMs: [0], minimumsMs: [1000], flashThresholdMs: 300, budgetMs: 0)
        #expect(impossible.recommended == nil)
    }

    @Test func samplesReadFromAListRoundHalvesUp() throws {
        let samples = try LatencySamples(json: Data("[87.4, 421.5, 300, 0.5]".utf8))
        #expect(samples.latenciesMs == [87, 422, 300, 1])
        #expect(samples.format == "list")
    }

    @Test func samplesReadFromAHARUseTimeOrTheSumOfTimings() throws {
        let har = #"{"log":{"version":"1.2","entries":[{"time":212.6,"timings":{"wait":200}},{"timings":{"blocked":1,"dns":-1,"connect":30,"ssl":20,"send":0.5,"wait":400,"receive":58.6}}]}}"#
        let samples = try LatencySamples(json: Data(har.utf8))
        // 1 + 30 + 0.5 + 400 + 58.6 = 490.1 (ssl is inside connect; -1 is not applicable).
        #expect(samples.latenciesMs == [213, 490])
        #expect(samples.format == "HAR")
    }

    @Test func badSamplesNameTheirPath() {
        func problem(_ json: String) -> PlanError? {
            do {
                _ = try LatencySamples(json: Data(json.utf8))
                return nil
            } catch { return error }
        }
        #expect(problem("[100, -3]") == PlanError(path: "$[1]", message: "expected a latency in ms from 0 to 3600000, found -3"))
        #expect(problem(#"{"log":{"entries":[{"time":"fast"}]}}"#)?.path == "$.log.entries[0].time")
        #expect(problem(#"{"entries":[]}"#)?.path == "$.log.entries")
        #expect(problem("[]") == PlanError(path: "$", message: "expected at least one latency sample"))
    }
}

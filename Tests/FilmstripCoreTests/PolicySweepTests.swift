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
        let har = #"{"log":{"version":"1.2","entries":[{"response":{"status":200},"time":212.6,"timings":{"wait":200}},{"response":{"status":200},"timings":{"blocked":1,"dns":-1,"connect":30,"ssl":20,"send":0.5,"wait":400,"receive":58.6}}]}}"#
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
        #expect(problem(#"{"log":{"entries":[{"response":{"status":200},"time":"fast"}]}}"#)?.path == "$.log.entries[0].time")
        #expect(problem(#"{"entries":[]}"#)?.path == "$.log.entries")
        #expect(problem("[]") == PlanError(path: "$", message: "expected at least one latency sample"))
    }

    // MARK: HAR as browsers write it

    func har(_ entries: String) -> Data {
        let head = #"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":["#
        return Data((head + entries + "]}}").utf8)
    }

    @Test func aNullOrMissingTimeIsTheSumOfNonNegativeTimingsWithSSLInsideConnect() throws {
        // Firefox: "time": null. 0 + 12 + 40 + 0 + 210 + 3.5 = 265.5 → 266 (ssl 25 is inside connect).
        let samples = try LatencySamples(json: har(#"{"time":null,"response":{"status":200},"timings":{"blocked":0,"dns":12,"connect":40,"ssl":25,"send":0,"wait":210,"receive":3.5}},{"response":{"status":200},"timings":{"blocked":-1,"dns":-1,"connect":-1,"ssl":-1,"send":0,"wait":88.4,"receive":0}}"#))
        #expect(samples.latenciesMs == [266, 88])
        #expect(samples.summary == "read 2 entries; skipped none")
        #expect(samples.warnings.isEmpty)
    }

    @Test func failedRequestsAreSkippedAndCounted() throws {
        // Chrome: status 0 with "_error" and "receive": null; a null timings object; an "_error" alone.
        let samples = try LatencySamples(json: har(#"{"time":100,"response":{"status":200},"timings":{"wait":100}},{"time":0,"response":{"status":0},"_error":"net::ERR_CONNECTION_REFUSED","timings":{"blocked":0.5,"wait":0,"receive":null}},{"time":12,"response":{"status":200},"timings":null},{"time":12,"response":{"status":200},"_error":"net::ERR_ABORTED","timings":{"wait":12}}"#))
        #expect(samples.latenciesMs == [100])
        #expect(samples.skipped == [.failed: 3])
        #expect(samples.summary == "read 4 entries; skipped 3 failed requests")
        let one = try LatencySamples(json: har(#"{"response":{"status":200},"time":100,"timings":{"wait":100}},{"time":null,"response":{"status":0},"timings":{"wait":-1}}"#))
        #expect(one.summary == "read 2 entries; skipped 1 failed request")
    }

    @Test func aTimeOfZeroBesidePositiveTimingsUsesTheTimingsWithAWarning() throws {
        // 10 + 100 + 300 + 0 + 900 + 100 = 1,410 (ssl 200 is inside connect).
        let samples = try LatencySamples(json: har(#"{"response":{"status":200},"time":0,"timings":{"blocked":10,"dns":100,"connect":300,"ssl":200,"send":0,"wait":900,"receive":100}},{"response":{"status":200},"time":0,"timings":{"blocked":-1,"wait":0}},{"response":{"status":200},"time":0.0,"timings":{"wait":5}}"#))
        #expect(samples.latenciesMs == [1410, 0, 5])
        #expect(samples.warnings == ["2 entries have a time of 0 beside timings above 0 (the first: $.log.entries[0]); the sum of the timings was used"])
    }

    @Test func webSocketAndEventSourceEntriesAreSkippedByDefault() throws {
        let entries = #"{"response":{"status":200},"time":50,"timings":{"wait":50}},{"time":7200000,"response":{"status":101},"timings":{"wait":1}},{"response":{"status":200},"_resourceType":"websocket","time":9000,"timings":{"wait":1}},{"response":{"status":200},"_resourceType":"eventsource","time":60000,"timings":{"wait":1}},{"time":600000,"response":{"status":200,"content":{"mimeType":"text/event-stream"}},"timings":{"wait":1}},{"response":{"status":200},"time":30,"_webSocketMessages":[],"timings":{"wait":1}}"#
        let samples = try LatencySamples(json: har(entries))
        #expect(samples.latenciesMs == [50])
        #expect(samples.summary == "read 6 entries; skipped 5 WebSocket or EventSource entries")
        let sockets = try LatencySamples(json: har(entries), selection: .init(include: ["WebSocket"]))
        #expect(sockets.latenciesMs == [9000])
        #expect(sockets.summary == "read 6 entries; skipped 5 entries of other types")
    }

    @Test func includeFiltersByResourceTypeOrMIMETypeAndURLByPattern() throws {
        let entries = #"{"response":{"status":200},"_resourceType":"xhr","time":10,"request":{"url":"https://api.example.com/a"},"timings":{"wait":10}},{"response":{"status":200},"_resourceType":"fetch","time":20,"request":{"url":"https://cdn.example.com/b"},"timings":{"wait":20}},{"_resourceType":"script","time":30,"request":{"url":"https://api.example.com/c.js"},"response":{"status":200,"content":{"mimeType":"application/javascript"}},"timings":{"wait":30}},{"time":40,"request":{"url":"https://api.example.com/d"},"response":{"status":200,"content":{"mimeType":"Application/JSON; charset=utf-8"}},"timings":{"wait":40}}"#
        let typed = try LatencySamples(json: har(entries), selection: .init(include: ["xhr", "fetch", "application/json"]))
        #expect(typed.latenciesMs == [10, 20, 40])
        #expect(typed.summary == "read 4 entries; skipped 1 entry of other types")
        let api = try LatencySamples(json: har(entries), selection: .init(include: ["xhr", "fetch", "application/json"], url: { $0.contains("://api.") }))
        #expect(api.latenciesMs == [10, 40])
        #expect(api.summary == "read 4 entries; skipped 1 entry of other types and 1 entry with other URLs")
    }

    @Test func fractionalMillisecondsRoundHalfUpAndAnHourIsTheLongest() throws {
        let samples = try LatencySamples(json: har(#"{"response":{"status":200},"time":0.5,"timings":{}},{"response":{"status":200},"time":1.49999,"timings":{}},{"response":{"status":200},"time":2.5,"timings":{}},{"response":{"status":200},"time":3600000,"timings":{}},{"response":{"status":200},"time":3600000.4,"timings":{}}"#))
        #expect(samples.latenciesMs == [1, 1, 3, 3_600_000])
        #expect(samples.summary == "read 5 entries; skipped 1 entry longer than 3,600,000 ms")
    }

    @Test func aHARWithOnlySkippedEntriesSaysWhatWasSkipped() {
        #expect(throws: PlanError(path: "$", message: "expected at least one latency sample; read 1 entry; skipped 1 failed request")) {
            try LatencySamples(json: har(#"{"time":5,"response":{"status":0},"timings":{"wait":5}}"#))
        }
    }
}

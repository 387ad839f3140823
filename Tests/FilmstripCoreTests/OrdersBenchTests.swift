import Foundation
import FilmstripCore
import FilmstripSeedBenches
import FilmstripRaster
import FilmstripTestSupport
import Testing

/// The async content state pattern's rules on the orders bench, at exact instants.
@Suite struct OrdersBenchTests {
    func plan(_ events: [OrdersEvent], windowMs: Int, intervalMs: Int = 100, settings: OrdersSettings = OrdersSettings(), followRules: [String] = ["pattern"]) -> CapturePlan {
        var settings = settings
        settings.events = events
        return try! CapturePlan(
            name: "orders-test", bench: .orders, settings: settings, panels: ["pattern", "naive"], mode: .pinned,
            windowMs: windowMs, frameIntervalMs: intervalMs, scale: 1,
            expect: .init(minFrames: [:], maxSharePercent: [:], followRules: followRules))
    }

    func violations(_ analysis: Analysis, _ panel: String) -> [String] {
        analysis.violations.filter { $0.panel == panel }.map { "\($0.rule) \($0.startMs)-\($0.endMs)" }
    }

    func phases(_ run: RecordedRun) -> [String] {
        run.phaseSegments.filter { $0.durationMs > 0 }.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
    }

    func requests(_ run: RecordedRun) -> [String] {
        run.timeline.filter { $0.kind == .event && $0.text.hasPrefix("request ") && $0.text.contains(" sent") }
            .map { "\($0.tMs): \($0.text.split(separator: ";")[0])" }
    }

    @Test func shippedPlansKeepThePatternPanelWithinEveryRule() throws {
        let plans = try TestSupport.shippedPlanNames.map(TestSupport.shippedPlan).filter { $0.bench.name == "orders" }
        #expect(!plans.isEmpty, "captures/ ships orders plans")
        for plan in plans {
            let name = plan.name
            let analysis = Analysis(try plan.run(clock: .virtual))
            #expect(violations(analysis, "pattern") == [], "\(name)")
            #expect(analysis.passed, "\(name)")
        }
    }

    @Test func refreshOverContentKeepsItAndAnErrorBecomesASnackbar() throws {
        // Rows at 400; refresh at 1,200 fails at 1,600 (500); automatic retry at 2,600 succeeds at 3,000.
        let run = try (try TestSupport.shippedPlan("orders-refresh-error")).run(clock: .virtual)
        #expect(phases(run) == ["loading 0-400", "loaded 400-1200", "refreshing 1200-1600", "loaded 1600-2600", "refreshing 2600-3000", "loaded 3000-3500"])
        let pattern = (run.depictionSegments["pattern"] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" }
        #expect(pattern == ["skeleton 0-400", "rows 400-1200", "rowsRefreshing 1200-1600", "rowsSnackbar 1600-2600", "rowsRefreshingSnackbar 2600-3000", "rows 3000-3500"])
        let analysis = Analysis(run)
        #expect(violations(analysis, "naive") == [
            "loadingPlaceholder 0-400", "refreshKeepsContent 1200-1600", "errorKeepsContent 1600-2600", "refreshKeepsContent 2600-3000",
        ])
        #expect(analysis.violations.first { $0.rule == "refreshKeepsContent" }?.frames == [12, 13, 14, 15])
    }

    @Test func errorInPlainWordsThenRetryLockedWhileInFlight() throws {
        let run = try (try TestSupport.shippedPlan("orders-error-try-again")).run(clock: .virtual)
        #expect(phases(run) == ["loading 0-400", "failed 400-900", "loading 900-2100", "loaded 2100-3000"])
        let analysis = Analysis(run)
        #expect(violations(analysis, "naive") == ["loadingPlaceholder 0-400", "errorPlainWords 400-900", "retryLockedInFlight 900-2100"])
        // Two taps during the retry's flight: counted, and no second request.
        #expect(run.counters["ignoredTaps"] == 2)
        #expect(requests(run) == ["0: request 1 (firstLoad) sent", "900: request 2 (manualRetry) sent"])
        #expect(run.timeline.filter { $0.text.hasPrefix("tap Try again ignored") }.map(\.tMs) == [1300, 1700])
    }

    @Test func theStillsShowPlainWordsAgainstTheStatusCode() throws {
        let run = try (try TestSupport.shippedPlan("orders-error-try-again")).run(clock: .virtual)
        let error = try #require(run.render(run.stills[0].frame, font: TestSupport.font))
        #expect(error.panels[0].texts.map(\.text) == ["Couldn't load your orders.", "Try again"])
        #expect(error.panels[1].texts.map(\.text) == ["Error 503", "Service Unavailable", "Try again"])
        #expect(!error.panels[0].texts.contains { $0.text.contains("503") })
    }

    @Test func theNaivePanelBreaksBothEmptyStates() throws {
        // First use: emptyFirstUse [400, 1500) drawn as an empty list. Search: noResults
        // [1400, 2200) drawn as the first-use message with its create action.
        let empty = Analysis(try (try TestSupport.shippedPlan("orders-empty-first-use")).run(clock: .virtual))
        #expect(violations(empty, "naive") == ["loadingPlaceholder 0-400", "emptyFirstUse 400-1500"])
        #expect(violations(empty, "pattern") == [])
        let search = try (try TestSupport.shippedPlan("orders-search-no-results")).run(clock: .virtual)
        #expect(violations(Analysis(search), "naive") == [
            "loadingPlaceholder 0-400", "loadingPlaceholder 1000-1400", "noResults 1400-2200", "loadingPlaceholder 2200-2600",
        ])
        let naive = try #require(search.render(search.stills[0].frame, font: TestSupport.font)).panels[1]
        #expect(naive.texts.map(\.text) == ["No orders yet", "Orders you place appear here.", "Create order"])
    }

    @Test func emptyOnFirstUseHasOneActionAndNoResultsRepeatsTheQuery() throws {
        let empty = try (try TestSupport.shippedPlan("orders-empty-first-use")).run(clock: .virtual)
        let firstUse = try #require(empty.render(empty.stills[0].frame, font: TestSupport.font)).panels[0]
        #expect(firstUse.depiction == .emptyFirstUse)
        #expect(firstUse.texts.map(\.text) == ["No orders yet", "Orders you place appear here.", "Create order"])
        #expect(firstUse.elements.filter { $0.role == .button }.map(\.label) == ["Create order"])
        let search = try (try TestSupport.shippedPlan("orders-search-no-results")).run(clock: .virtual)
        let noResults = try #require(search.render(search.stills[0].frame, font: TestSupport.font)).panels[0]
        #expect(noResults.depiction == .noResults)
        #expect(noResults.texts.map(\.text) == ["No results for \"blue mug\"", "Clear search"])
        #expect(!noResults.texts.contains { $0.text.contains("Create") })
    }

    @Test func offlineSaysOfflineAndRetriesOnceOnReconnect() throws {
        let run = try (try TestSupport.shippedPlan("orders-offline-reconnect")).run(clock: .virtual)
        #expect(phases(run) == ["offline 0-1500", "loading 1500-1900", "loaded 1900-3000"])
        #expect(requests(run) == ["1500: request 1 (automaticRetry) sent"])
        #expect(violations(Analysis(run), "naive") == ["offlineSaysOffline 0-1500", "loadingPlaceholder 1500-1900"])
    }

    @Test func cachedContentWhileOfflineCarriesAnIndicator() throws {
        let run = try (plan([
            OrdersEvent(atMs: 0, kind: .reopen), OrdersEvent(atMs: 600, kind: .networkOffline), OrdersEvent(atMs: 1200, kind: .networkOnline),
        ], windowMs: 1500)).run(clock: .virtual)
        #expect((run.depictionSegments["pattern"] ?? []).map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == ["skeleton 0-400", "rows 400-600", "rowsOffline 600-1200", "rows 1200-1500"])
        #expect(violations(Analysis(run), "naive") == ["loadingPlaceholder 0-400", "offlineSaysOffline 600-1200"])
        #expect(requests(run).count == 1, "rows on screen and no error: reconnecting needs no retry")
    }

    @Test func automaticRetriesStopAfterTheLimitAndAManualRetryStillSucceeds() throws {
        // Failures at 100, 700 and 1,300 (automatic retries 500 ms after each); then none.
        let run = try (plan([
            OrdersEvent(atMs: 0, kind: .serverAnswers(.error(status: 503, message: "Service Unavailable"), latencyMs: 100)),
            OrdersEvent(atMs: 0, kind: .reopen),
            OrdersEvent(atMs: 2500, kind: .serverAnswers(.rows(OrdersEvent.sampleOrders), latencyMs: nil)),
            OrdersEvent(atMs: 3000, kind: .tapTryAgain),
        ], windowMs: 3500, settings: OrdersSettings(latencyMs: 100, retryLimit: 3, retryDelayMs: 500))).run(clock: .virtual)
        #expect(requests(run) == [
            "0: request 1 (firstLoad) sent", "600: request 2 (automaticRetry) sent", "1200: request 3 (automaticRetry) sent",
            "3000: request 4 (manualRetry) sent",
        ])
        #expect(run.timeline.contains { $0.tMs == 1300 && $0.text == "automatic retries stopped after 3 failures in a row; Try again stays" })
        #expect(phases(run).last == "loaded 3100-3500")
        #expect(run.phaseSegments.contains { $0.name == "failed" && $0.enterMs == 1300 && $0.exitMs == 3000 })
    }

    @Test func aFlappingNetworkSpendsNoRetryAndEachReconnectStartsExactlyOne() throws {
        // Fail at 100 (1 failure; automatic retry due at 1,100). Offline at 200 cancels it. Each
        // reconnect starts one request at its instant, lost when the network drops 10 ms later.
        var events = [
            OrdersEvent(atMs: 0, kind: .serverAnswers(.error(status: 503, message: "x"), latencyMs: 100)),
            OrdersEvent(atMs: 0, kind: .reopen),
            OrdersEvent(atMs: 200, kind: .networkOffline),
        ]
        for flap in 0..<5 {
            events.append(OrdersEvent(atMs: 300 + flap * 100, kind: .networkOnline))
            events.append(OrdersEvent(atMs: 310 + flap * 100, kind: .networkOffline))
        }
        events.append(OrdersEvent(atMs: 1500, kind: .serverAnswers(.rows(OrdersEvent.sampleOrders), latencyMs: nil)))
        events.append(OrdersEvent(atMs: 2000, kind: .networkOnline))
        let run = try (plan(events, windowMs: 2500, settings: OrdersSettings(latencyMs: 100, retryLimit: 3, retryDelayMs: 1000))).run(clock: .virtual)
        #expect(requests(run) == [
            "0: request 1 (firstLoad) sent", "300: request 2 (automaticRetry) sent", "400: request 3 (automaticRetry) sent",
            "500: request 4 (automaticRetry) sent", "600: request 5 (automaticRetry) sent", "700: request 6 (automaticRetry) sent",
            "2000: request 7 (automaticRetry) sent",
        ])
        #expect(!requests(run).contains { $0.hasPrefix("1100:") }, "the retry due at 1,100 was cancelled by going offline")
        #expect(run.timeline.filter { $0.text.hasPrefix("late reply") }.map(\.tMs) == [400, 500, 600, 700, 800])
        let final = try #require(run.frames.last).phase
        #expect(final == "loaded")
        let state = try #require(run.phaseSegments.last)
        #expect(state.name == "loaded" && state.enterMs == 2100)
    }

    @Test func aLateReplyToASupersededRequestNeverChangesWhatIsDrawn() throws {
        let run = try (plan([
            OrdersEvent(atMs: 0, kind: .serverAnswers(.rows(OrdersEvent.sampleOrders), latencyMs: 1000)),
            OrdersEvent(atMs: 0, kind: .reopen),
            OrdersEvent(atMs: 500, kind: .reopen),
            OrdersEvent(atMs: 600, kind: .serverAnswers(.noResults, latencyMs: 300)),
            OrdersEvent(atMs: 1600, kind: .search("a")),
            OrdersEvent(atMs: 1700, kind: .search("b")),
        ], windowMs: 2500)).run(clock: .virtual)
        // Request 1's reply at 1,000 is ignored; request 2 (sent at 500, 1,000 ms) lands at 1,500.
        // Search "a" (1,600) is superseded by "b" (1,700): its reply at 1,900 is ignored; "b" lands at 2,000.
        #expect(run.timeline.filter { $0.text.hasPrefix("late reply") }.map { "\($0.tMs): \($0.text)" } == [
            "1000: late reply to request 1 (firstLoad, sent at 0 ms) ignored: the request was superseded",
            "1900: late reply to request 3 (search, sent at 1600 ms) ignored: the request was superseded",
        ])
        #expect(run.counters["lateReplies"] == 2)
        #expect(phases(run) == ["loading 0-1500", "loaded 1500-1600", "loading 1600-2000", "noResults 2000-2500"])
        #expect(run.frames.filter { $0.tMs >= 1000 && $0.tMs < 1500 }.allSatisfy { $0.phase == "loading" })
    }

    @Test func spinnerIsThePlaceholderWhenTheLayoutIsUnknown() throws {
        let run = try (plan([OrdersEvent(atMs: 0, kind: .reopen)], windowMs: 1000, settings: OrdersSettings(layoutKnown: false))).run(clock: .virtual)
        #expect(run.depictionSegments["pattern"]?.first?.name == "spinner")
        #expect(Analysis(run).violations == [])
    }

    @Test func aPlanThatRequiresTheNaivePanelToFollowTheRulesFailsWithTheTimes() throws {
        let analysis = Analysis(try (plan([OrdersEvent(atMs: 0, kind: .networkOffline), OrdersEvent(atMs: 0, kind: .reopen)], windowMs: 1000, followRules: ["pattern", "naive"])).run(clock: .virtual))
        #expect(!analysis.passed)
        #expect(analysis.reasons == ["naive broke offlineSaysOffline at 0–1,000 ms (frames 0–9)"])
        #expect(analysis.checks.filter { $0.name.hasPrefix("rules.") }.map(\.passed) == [true, false])
    }

    @Test func observedTransitionsAreCountedForTheStateGraph() throws {
        let analysis = Analysis(try (try TestSupport.shippedPlan("orders-refresh-error")).run(clock: .virtual))
        #expect(analysis.transitions.map { "\($0.from)→\($0.to)×\($0.count)" } == ["loading→loaded×1", "loaded→refreshing×2", "refreshing→loaded×2"])
    }

    @Test func aReplyToAReopenedScreensFirstRequestIsCountedLate() throws {
        let run = try plan([
            OrdersEvent(atMs: 0, kind: .serverAnswers(.rows(OrdersEvent.sampleOrders), latencyMs: 1500)),
            OrdersEvent(atMs: 0, kind: .reopen),
            OrdersEvent(atMs: 300, kind: .serverAnswers(.rows(OrdersEvent.sampleOrders), latencyMs: 400)),
            OrdersEvent(atMs: 300, kind: .reopen),
        ], windowMs: 2000).run(clock: .virtual)
        #expect(run.counters["lateReplies"] == 1)
        #expect(run.timeline.filter { $0.text.hasPrefix("late reply") }.map { "\($0.tMs): \($0.text)" } == [
            "1500: late reply to request 1 (firstLoad, sent at 0 ms) ignored: the request was superseded",
        ])
        #expect(phases(run) == ["loading 0-700", "loaded 700-2000"])
    }

    @Test func aCachedReopenShowsTheOrdersAtOnceAndRevalidatesThemAsARefresh() throws {
        let plan = try CapturePlan(json: Data("""
            {"bench": "orders", "settings": {"latencyMs": 400}, "windowMs": 2000, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen", "cached": true}, {"atMs": 1000, "event": "reopen", "cached": true}]}
            """.utf8), name: "orders-cached", benches: [.inbox, .scenes, .orders])
        let run = try (plan).run(clock: .virtual)
        // Nothing cached at 0: a first load. At 1,000 the orders stay while they revalidate.
        #expect(phases(run) == ["loading 0-400", "loaded 400-1000", "refreshing 1000-1400", "loaded 1400-2000"])
        #expect(!run.frames.contains { $0.tMs >= 1000 && $0.phase == "loading" })
        #expect(run.depictionSegments["pattern"]?.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == [
            "skeleton 0-400", "rows 400-1000", "rowsRefreshing 1000-1400", "rows 1400-2000",
        ])
        #expect(requests(run) == ["0: request 1 (firstLoad) sent", "1000: request 2 (refresh) sent"])
        #expect(Analysis(run).passed)
    }

    @Test func cachedIsABooleanOnReopenOnly() {
        #expect(throws: PlanError(path: "$.script[0].cached", message: "expected true or false, found integer")) {
            try CapturePlan(json: Data(#"{"bench": "orders", "windowMs": 1000, "frameIntervalMs": 100, "script": [{"atMs": 0, "event": "reopen", "cached": 1}]}"#.utf8), name: "x", benches: [.inbox, .scenes, .orders])
        }
        #expect(throws: PlanError(path: "$.script[0].cached", message: "the tapRefresh event takes no 'cached'")) {
            try CapturePlan(json: Data(#"{"bench": "orders", "windowMs": 1000, "frameIntervalMs": 100, "script": [{"atMs": 0, "event": "tapRefresh", "cached": true}]}"#.utf8), name: "x", benches: [.inbox, .scenes, .orders])
        }
    }
}

import FilmstripSeedBenches
import FilmstripTestSupport
@testable import FilmstripCore
import Foundation
import Testing

/// A panel draws what the state holds. For every bench, every state the bench
/// reaches (walked with seeded random scripts) gives each panel the depiction the bench's source
/// describes, written here independently of the panels.
@Suite struct PanelStateTests {
    /// The typed phases a bench entered while running `events` to `endMs`.
    static func reachedPhases<B: Bench>(_ bench: B, endMs: Int) throws -> [(tMs: Int, phase: B.Phase)] {
        let capture = try Recorder(bench: bench, instants: SampleInstants(startMs: 0, endMs: 0, intervalMs: 1, stills: []), endMs: endMs, lateToleranceMs: 1, benchName: "walk").recordVirtual()
        var phases: [(tMs: Int, phase: B.Phase)] = [(0, bench.initialPhase)]
        for record in capture.records {
            if case .phase(let phase) = record.kind { phases.append((record.tMs, phase)) }
        }
        return phases
    }

    @Test func theOrdersPatternKeepsTheBannerWhileTheStateHoldsTheRefreshError() throws {
        let plan = try CapturePlan(json: Data("""
            {"bench": "orders", "panels": ["pattern"], "settings": {"latencyMs": 400, "retryLimit": 1},
             "windowMs": 3000, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"},
                        {"atMs": 1000, "event": "serverAnswers", "answer": "error", "status": 503, "message": "HTTP 503", "latencyMs": 300},
                        {"atMs": 1000, "event": "tapRefresh"},
                        {"atMs": 2000, "event": "serverAnswers", "answer": "rows", "latencyMs": 300},
                        {"atMs": 2000, "event": "tapRefresh"}]}
            """.utf8), name: "orders-banner", benches: [.inbox, .scenes, .orders])
        let run = try (plan).run(clock: .virtual)
        #expect(run.depictionSegments["pattern"]?.map { "\($0.name) \($0.enterMs)-\($0.exitMs)" } == [
            "skeleton 0-400", "rows 400-1000", "rowsRefreshing 1000-1300", "rowsSnackbar 1300-2000",
            "rowsRefreshingSnackbar 2000-2300", "rows 2300-3000",
        ])
        func framesShowing(_ depictions: Set<Depiction>) -> [Int] {
            run.frames.filter { depictions.contains($0.panels[0].depiction) }.map(\.tMs)
        }
        #expect(framesShowing([.rowsSnackbar, .rowsRefreshingSnackbar]) == Array(stride(from: 1300, through: 2200, by: 100)))
        #expect(framesShowing([.rowsRefreshingSnackbar]) == [2000, 2100, 2200])
        #expect(run.frames.first { $0.tMs == 2300 }?.panels[0].depiction == .rows)
        // The drawing says what the depiction says: the banner and the indicator, both at 2,100 ms.
        let frame = try #require(run.frames.first { $0.tMs == 2100 })
        let texts = try #require(run.render(frame, font: TestSupport.font, scale: 1)).panels[0].texts.map(\.text)
        #expect(texts.contains("Couldn't refresh orders") && texts.contains("refreshing…"))
        #expect(Analysis(run).passed)
    }

    /// The inbox: the control knows only `.loaded`; the candidate draws each of the four phases.
    @Test func inboxPanelsDrawEachPhase() throws {
        var random = SeededGenerator(seed: 0x000)
        let replies: [Beat.Reply] = [.loading, .empty, .failed(message: "ASC 409 · version already exists"), .loaded(rows: ManifestRow.samples)]
        var seen = Set<String>()
        for _ in 0..<50 {
            let script = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Beat(reply: replies.randomElement(using: &random)!, latencyMs: Int.random(in: 0...300, using: &random), holdMs: Int.random(in: 0...200, using: &random))
            }
            let bench = InboxBench(script: script, mode: .cycle, slowMotion: .off)
            for (tMs, phase) in try Self.reachedPhases(bench, endMs: 2000) {
                let expected: (loadedOnly: Depiction, allFour: Depiction) = switch phase {
                case .loading: (.dash, .spinner)
                case .empty: (.dash, .emptyMessage)
                case .failed: (.dash, .errorRetry)
                case .loaded: (.rows, .rows)
                }
                #expect(LoadedOnlyPanel().depiction(for: phase, atMs: tMs) == expected.loadedOnly)
                #expect(AllFourPanel().depiction(for: phase, atMs: tMs) == expected.allFour)
                seen.insert(phase.name.rawValue)
            }
        }
        #expect(seen == Set(InboxPhase.names))
    }

    /// The scenes bench: blank inside the delay, a spinner after it and until the content may show,
    /// then the reply; a refresh keeps the rows with its indicator.
    @Test func scenesPanelsDrawEachPhaseUnderTheirPolicy() throws {
        var random = SeededGenerator(seed: 0x004)
        var seen = Set<String>()
        for _ in 0..<50 {
            var script: [Beat] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                let reply: Beat.Reply = [.loaded(rows: ScenesPhase.sampleScenes), .empty, .failed(message: "x"), .loading].randomElement(using: &random)!
                let trigger: Beat.Trigger = [.open, .retry, .refresh].randomElement(using: &random)!
                script.append(Beat(trigger: trigger, reply: reply, latencyMs: Int.random(in: 0...1500, using: &random), holdMs: Int.random(in: 0...300, using: &random)))
            }
            let bench = ScenesBench(script: script, mode: .cycle, slowMotion: .off)
            let reached = try Self.reachedPhases(bench, endMs: 4000)
            for (position, (enteredMs, phase)) in reached.enumerated() {
                let leftMs = position + 1 < reached.count ? reached[position + 1].tMs : 4000
                seen.insert(phase.name.rawValue)
                for preset in LoaderPolicyPanel.presets {
                    let panel = LoaderPolicyPanel.preset(preset.id)!
                    for tMs in Set([enteredMs, (enteredMs + leftMs) / 2, max(enteredMs, leftMs - 1)]) {
                        #expect(panel.depiction(for: phase, atMs: tMs) == Self.expectedScenes(phase, atMs: tMs, policy: panel.policy))
                    }
                }
            }
        }
        #expect(seen == Set(ScenesPhase.names))
    }

    static func expectedScenes(_ phase: ScenesPhase, atMs tMs: Int, policy: LoaderPolicy) -> Depiction {
        switch phase {
        case .loading(let start, let earlier):
            return policy.loaderCarries(into: start, after: earlier) || tMs - start >= policy.delayMs ? .spinner : .blank
        case .refreshing:
            return .rowsRefreshing
        case .loaded(_, let loads), .empty(let loads), .failed(_, let loads):
            if let schedule = policy.schedule(chain: loads), tMs < schedule.contentFromMs { return .spinner }
            if case .loaded = phase { return .rows }
            if case .empty = phase { return .emptyMessage }
            return .errorRetry
        }
    }

    /// The orders bench, as the pattern describes each state; the naive control as its documentation says.
    @Test func ordersPanelsDrawWhatTheStateHolds() throws {
        var random = SeededGenerator(seed: 0x002)
        var seen = Set<Depiction>()
        for _ in 0..<60 {
            var events: [OrdersEvent] = []
            var at = 0
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                at += Int.random(in: 0...700, using: &random)
                events.append(OrdersEvent(atMs: at, kind: Self.randomOrdersEvent(&random)))
            }
            let settings = OrdersSettings(latencyMs: Int.random(in: 0...600, using: &random), retryLimit: Int.random(in: 1...3, using: &random), retryDelayMs: 500)
            let bench = OrdersBench(events: events, settings: settings, slowMotion: .off)
            for (_, phase) in try Self.reachedPhases(bench, endMs: at + 3000) {
                let pattern = OrdersPatternPanel(layoutKnown: true).depiction(for: phase, atMs: 0)
                #expect(pattern == Self.expectedPattern(phase), "\(phase)")
                #expect(OrdersPatternPanel(layoutKnown: false).depiction(for: phase, atMs: 0) == (pattern == .skeleton ? .spinner : pattern))
                #expect(OrdersRule.broken(by: pattern, in: phase, layoutKnown: true) == [], "\(phase)")
                #expect(OrdersNaivePanel().depiction(for: phase, atMs: 0) == Self.expectedNaive(phase), "\(phase)")
                seen.insert(pattern)
            }
        }
        #expect(seen == [.skeleton, .rows, .rowsRefreshing, .rowsSnackbar, .rowsRefreshingSnackbar, .rowsOffline, .emptyFirstUse, .noResults, .errorRetry, .offlineMessage])
    }

    static func randomOrdersEvent(_ random: inout SeededGenerator) -> OrdersEvent.Kind {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: .reopen
        case 1: .tapTryAgain
        case 2: .tapRefresh
        case 3: .serverAnswers(.error(status: 503, message: "HTTP 503"), latencyMs: nil)
        case 4: .serverAnswers([.rows(OrdersEvent.sampleOrders), .empty, .noResults].randomElement(using: &random)!, latencyMs: nil)
        case 5: .networkOffline
        case 6: .networkOnline
        case 7: .search("blue")
        case 8: .clearSearch
        default: .createFirstItem
        }
    }

    /// The orders bench: skeleton for a load with nothing on screen; content kept (with an indicator)
    /// during a refresh; an error over content reported in a snackbar for as long as the state
    /// holds it; offline said in those words, or an indicator over saved content.
    static func expectedPattern(_ phase: OrdersPhase) -> Depiction {
        if !phase.online { return phase.hasRows ? .rowsOffline : .offlineMessage }
        if phase.hasRows {
            let refreshing = phase.inFlight != nil
            switch (refreshing, phase.error != nil) {
            case (true, true): return .rowsRefreshingSnackbar
            case (true, false): return .rowsRefreshing
            case (false, true): return .rowsSnackbar
            case (false, false): return .rows
            }
        }
        if phase.inFlight != nil { return .skeleton }
        if phase.error != nil { return .errorRetry }
        switch phase.content {
        case .emptyFirstUse: return .emptyFirstUse
        case .noResults: return .noResults
        default: return .skeleton
        }
    }

    /// The naive control: a spinner for every load (the error and a live Try again left up
    /// during a retry), the status code for every error, "Something went wrong" offline.
    static func expectedNaive(_ phase: OrdersPhase) -> Depiction {
        if !phase.online { return phase.hasRows ? .rows : .somethingWentWrong }
        if let request = phase.inFlight {
            let retrying = request.reason == .manualRetry || request.reason == .automaticRetry
            return !phase.hasRows && retrying && phase.error != nil ? .errorRetryLive : .spinner
        }
        if phase.error != nil { return .errorStatusCode }
        switch phase.content {
        case .rows: return .rows
        case .emptyFirstUse: return .emptyList
        case .noResults: return .emptyFirstUse
        case .none: return .spinner
        }
    }
}

import FilmstripCore
import FilmstripSeedBenches
import FilmstripTestSupport
import Testing

/// Over seeded random scripts (1,000 per bench), every panel's depiction
/// intervals are disjoint, cover the window, never put two equal depictions side by side, and a
/// loader whose merged interval lasts at least the flash threshold is never called a flash.
@Suite struct DepictionPropertyTests {
    static let runsPerBench = 1000

    /// Checks the properties on one run; returns a description of the first violation, or nil.
    static func violation(in run: RecordedRun) -> String? {
        let plan = run.plan
        for panel in plan.panels {
            let clipped = (run.depictionSegments[panel] ?? []).compactMap { $0.clipped(fromMs: plan.windowStartMs, toMs: plan.windowEndMs) }
            guard clipped.first?.enterMs == plan.windowStartMs, clipped.last?.exitMs == plan.windowEndMs else {
                return "\(panel): intervals do not cover the window: \(clipped)"
            }
            for (left, right) in zip(clipped, clipped.dropFirst()) {
                if left.exitMs != right.enterMs { return "\(panel): gap or overlap between \(left) and \(right)" }
                if left.name == right.name { return "\(panel): equal neighbours \(left) and \(right)" }
            }
            let loaders = Set(plan.bench.depictions.filter { $0.role == .loader }.map(\.id))
            let stats = LoaderStats(
                panel: panel, depictions: run.depictionSegments[panel] ?? [], phases: run.phaseSegments,
                windowStartMs: plan.windowStartMs, windowEndMs: plan.windowEndMs, thresholdMs: plan.flashThresholdMs,
                loaders: loaders, blanks: Set(plan.bench.depictions.filter { $0.role == .blank }.map(\.id)), loadingPhases: plan.bench.inFlightPhases)
            for flash in stats.flashes where flash.durationMs >= plan.flashThresholdMs || flash.durationMs <= 0 {
                return "\(panel): flash \(flash) with threshold \(plan.flashThresholdMs)"
            }
            let spinners = (run.depictionSegments[panel] ?? []).filter { loaders.contains($0.name) }
            for flash in stats.flashes where !spinners.contains(flash) {
                return "\(panel): flash \(flash) is not a whole merged loader interval"
            }
        }
        return nil
    }

    /// A random plan of `bench` with `settings`: its panels, a random mode (where the bench has
    /// two), window, frame grid and flash threshold. Every plan goes through validation.
    static func plan(bench: BenchDefinition, settings: any BenchSettings, random: inout SeededGenerator) throws -> CapturePlan {
        try CapturePlan(
            name: "property", bench: bench, settings: settings, panels: bench.panelIDs,
            mode: bench.modes.count > 1 && Bool.random(using: &random) ? .cycle : .pinned,
            windowStartMs: Int.random(in: 0...300, using: &random), windowMs: Int.random(in: 200...1000, using: &random),
            frameIntervalMs: 100, scale: 1, expect: .init(minFrames: [:], maxSharePercent: [:]),
            flashThresholdMs: Int.random(in: 1...400, using: &random))
    }

    /// Random beats whose triggers are valid: the first opens the screen (a cycle wraps to it),
    /// a retry follows a failed reply and a refresh a loaded one.
    static func randomBeats(_ random: inout SeededGenerator, triggers: [Beat.Trigger]) -> [Beat] {
        var beats: [Beat] = []
        // What the screen shows as each beat starts: a failed refresh keeps its rows.
        var (rowsShown, failureShown) = (false, false)
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let reply: Beat.Reply = [.loading, .empty, .failed(message: "x"), .loaded(rows: [])].randomElement(using: &random)!
            var trigger = triggers.randomElement(using: &random)!
            if !(trigger == .retry && failureShown) && !(trigger == .refresh && rowsShown) { trigger = .open }
            switch reply {
            case .failed where trigger == .refresh: break
            case .failed: (rowsShown, failureShown) = (false, true)
            case .loaded: (rowsShown, failureShown) = (true, false)
            default: (rowsShown, failureShown) = (false, false)
            }
            beats.append(Beat(
                trigger: trigger, reply: reply,
                latencyMs: [0, Int.random(in: 1...400, using: &random), Int.random(in: 1...400, using: &random)].randomElement(using: &random)!,
                holdMs: [0, 0, Int.random(in: 0...300, using: &random)].randomElement(using: &random)!))
        }
        // A cycle at least 50 ms long keeps a run to a few dozen beats (the suite stays fast).
        let cycleMs = beats.reduce(0) { $0 + $1.latencyMs + $1.holdMs }
        if cycleMs < 50 { beats[0].latencyMs += 50 - cycleMs }
        return beats
    }

    static func check(_ plan: CapturePlan) throws {
        let run = try plan.run(clock: .virtual, sampleFrames: false)
        if let problem = violation(in: run) { Issue.record("\(problem)\nplan: \(plan)") }
    }

    @Test func inboxIntervalsAreMaximalAndCoverTheWindow() throws {
        var random = SeededGenerator(seed: 8_000)
        for _ in 0..<Self.runsPerBench {
            try Self.check(Self.plan(bench: .inbox, settings: InboxSettings(script: Self.randomBeats(&random, triggers: [.open])), random: &random))
        }
    }

    @Test func scenesIntervalsAreMaximalAndCoverTheWindow() throws {
        var random = SeededGenerator(seed: 8_004)
        for _ in 0..<Self.runsPerBench {
            let script = Self.randomBeats(&random, triggers: [.open, .retry, .refresh])
            var policies: [String: LoaderPolicy] = [:]
            if Bool.random(using: &random) {
                policies = ["delayedMinimum": LoaderPolicy(delayMs: Int.random(in: 0...300, using: &random), minimumVisibleMs: Int.random(in: 0...300, using: &random))]
            }
            try Self.check(Self.plan(bench: .scenes, settings: ScenesSettings(script: script, loaderPolicies: policies), random: &random))
        }
    }

    @Test func ordersIntervalsAreMaximalAndCoverTheWindow() throws {
        var random = SeededGenerator(seed: 8_002)
        for _ in 0..<Self.runsPerBench {
            var events: [OrdersEvent] = []
            var at = 0
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                at += Int.random(in: 0...300, using: &random)
                events.append(OrdersEvent(atMs: at, kind: PanelStateTests.randomOrdersEvent(&random)))
            }
            let settings = OrdersSettings(events: events, latencyMs: Int.random(in: 0...400, using: &random), retryLimit: Int.random(in: 1...3, using: &random), retryDelayMs: 200)
            try Self.check(Self.plan(bench: .orders, settings: settings, random: &random))
        }
    }
}

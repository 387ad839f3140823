import Filmstrip
import FilmstripTesting
import Foundation
import SearchBench
import Testing

/// The search screen's committed captures match a fresh run of their plans, and the models'
/// edges hold to the millisecond, recorded through the whole pipeline. After an intended change:
/// `FILMSTRIP_RECORD=all swift test`, then review and commit `captures/`. Serialised: a model
/// bench hosts the process's main actor while it records.
@Suite(.serialized) struct SearchFilmstripTests {
    static let captures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("captures")

    @Test(arguments: ["search-typing", "naivesearch-typing", "searchlanes-typing", "search-error-retry"])
    func committedCapturesMatchAFreshRun(plan: String) {
        assertFilmstrip(planFile: Self.captures.appendingPathComponent("\(plan).json"), benches: [.search, .naiveSearch, .searchLanes])
    }

    /// A plan in code: `keystrokes` into the query, one answer after `replyMs`.
    static func run(_ bench: BenchDefinition, keystrokes: [(Int, String)], replyMs: [Int], windowMs: Int = 2_000) throws -> RecordedRun {
        let settings = ModelSettings(
            events: keystrokes.map { ModelEvent(atMs: $0.0, .type(field: "query", text: $0.1)) },
            http: HTTPScript(routes: [HTTPScript.Route(method: "GET", path: "/search", answers: replyMs.enumerated().map { .init(afterMs: $1, body: "answer \($0 + 1)") })]))
        return try CapturePlan(name: "edge", bench: bench, settings: settings, windowMs: windowMs, frameIntervalMs: 100).run()
    }

    static func phases(_ run: RecordedRun) -> [String] {
        run.timeline.filter { $0.kind == .phase }.map { "\($0.tMs) \($0.text)" }
    }

    @Test func aReplyOneMillisecondBeforeTheLoaderDelayShowsNoSpinner() throws {
        let run = try Self.run(.search, keystrokes: [(0, "swift")], replyMs: [199])
        #expect(Self.phases(run) == ["0 typing", "300 searching", "499 results"])
        #expect(Analysis(run).loaders.map(\.visibleMs) == [0])
    }

    @Test func aReplyOneMillisecondAfterTheLoaderDelayFlashesTheSpinnerForOneMillisecond() throws {
        let run = try Self.run(.search, keystrokes: [(0, "swift")], replyMs: [201])
        #expect(Self.phases(run) == ["0 typing", "300 searching", "500 loading", "501 results"])
        let loader = try #require(Analysis(run).loaders.first)
        #expect(loader.visibleMs == 1)
        #expect(loader.flashes.map { "\($0.enterMs)-\($0.exitMs)" } == ["500-501"])
    }

    @Test func aKeystrokeOneMillisecondBeforeAndAfterTheDebounceEnds() throws {
        let before = try Self.run(.search, keystrokes: [(0, "sw"), (299, "swift")], replyMs: [100])
        #expect(Self.phases(before) == ["0 typing", "599 searching", "699 results"])
        #expect(before.loadTimings.map(\.label) == ["debounced: GET https://api.example.com/search?q=swift sent 599 ms, 200 at 699 ms, last byte 699 ms"])
        let after = try Self.run(.search, keystrokes: [(0, "sw"), (301, "swift")], replyMs: [100])
        #expect(Self.phases(after) == ["0 typing", "300 searching", "301 typing", "601 searching", "701 results"])
        #expect(after.loadTimings.map(\.label) == [
            "debounced: GET https://api.example.com/search?q=sw sent 300 ms, cancelled at 301 ms",
            "debounced: GET https://api.example.com/search?q=swift sent 601 ms, 200 at 701 ms, last byte 701 ms",
        ])
    }

    @Test func aSupersededReplyNeverReachesTheDebouncedScreenButOverwritesTheNaiveOne() throws {
        // The naive screen shows "answer 2" (for swift) at 450 ms, then the late "answer 1" (for sw) at 900 ms.
        // "sw" is answered slowly (900 ms), "swift" fast (100 ms).
        let debounced = try Self.run(.search, keystrokes: [(0, "sw"), (350, "swift")], replyMs: [900, 100])
        #expect(Self.phases(debounced) == ["0 typing", "300 searching", "350 typing", "650 searching", "750 results"])
        #expect(debounced.loadTimings.map(\.label).first == "debounced: GET https://api.example.com/search?q=sw sent 300 ms, cancelled at 350 ms")
        let naive = try Self.run(.naiveSearch, keystrokes: [(0, "sw"), (350, "swift")], replyMs: [900, 100])
        #expect(Self.phases(naive) == ["0 loading", "450 results", "900 results"])
        #expect(naive.loadTimings.map(\.label) == [
            "naive: GET https://api.example.com/search?q=sw sent 0 ms, 200 at 900 ms, last byte 900 ms",
            "naive: GET https://api.example.com/search?q=swift sent 350 ms, 200 at 450 ms, last byte 450 ms",
        ])
    }

    @Test func eachPlanRecordedTwiceIsByteIdentical() throws {
        for name in ["search-typing", "naivesearch-typing", "searchlanes-typing", "search-error-retry"] {
            let data = try Data(contentsOf: Self.captures.appendingPathComponent("\(name).json"))
            let plan = try CapturePlan(json: data, name: name, benches: [.search, .naiveSearch, .searchLanes])
            let first = try plan.run()
            let second = try plan.run()
            #expect(first.timeline == second.timeline)
            #expect(Array(first.frames) == Array(second.frames))
            #expect(first.loadTimings == second.loadTimings)
        }
    }
    @Test func theLanesPlanGivesEachModelItsOwnRequestsAndLoader() throws {
        let data = try Data(contentsOf: Self.captures.appendingPathComponent("searchlanes-typing.json"))
        let run = try CapturePlan(json: data, name: "searchlanes-typing", benches: [.searchLanes]).run()
        #expect(run.counters == ["requests.debounced": 2, "requests.naive": 4])
        let loaders = Analysis(run).loaders.map { "\($0.panel): visible \($0.visibleMs) ms, \($0.flashes.count) flash(es), held back \($0.heldBackMs) ms" }
        #expect(loaders == [
            "debounced: visible 250 ms, 1 flash(es), held back 0 ms",
            "naive: visible 930 ms, 1 flash(es), held back 0 ms",
        ])
    }
    /// The same plan on `--clock real`: `ContinuousClock` in the model, real sleeps in the scripted
    /// transport, the main actor hosted as jobs arrive from the timers' threads. Same phases in the
    /// same order, each change within the real-clock tolerance (250 ms, as for the seed benches).
    /// (In its own test process: the model's `Task {}`s resume on the cooperative pool, which a
    /// parallel suite of blocking tests could starve.)
    @Test func onTheRealClockTheModelGoesThroughTheSamePhases() throws {
        let data = try Data(contentsOf: Self.captures.appendingPathComponent("search-typing.json"))
        let plan = try CapturePlan(json: data, name: "search-typing", benches: [.search])
        let exact = try plan.run(clock: .virtual).timeline.filter { $0.kind == .phase }
        let real = try plan.run(clock: .real).timeline.filter { $0.kind == .phase }
        #expect(real.map(\.text) == exact.map(\.text))
        for (measured, virtual) in zip(real, exact) {
            #expect(abs(measured.tMs - virtual.tMs) <= 250, "\(measured.text): real \(measured.tMs) ms, virtual \(virtual.tMs) ms")
        }
    }
}

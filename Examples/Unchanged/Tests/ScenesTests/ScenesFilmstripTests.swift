import Filmstrip
import FilmstripTesting
import Foundation
import ScenesBench
import Testing

/// The scenes screen, written with `URLSession.shared` and `Task.sleep` (or `asyncAfter`), records
/// on the virtual clock to the millisecond: its committed captures match a fresh run, and its
/// loader delay ends exactly at 1,000 ms. Serialised: a model bench hosts the process's main
/// actor while it records.
@Suite(.serialized) struct ScenesFilmstripTests {
    static let captures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("captures")

    @Test(arguments: ["studioscenes-fast", "studioscenes-slow", "studioscenesasyncafter-slow"])
    func committedCapturesMatchAFreshRun(plan: String) {
        assertFilmstrip(planFile: Self.captures.appendingPathComponent("\(plan).json"), benches: [.studioScenes, .studioScenesAsyncAfter])
    }

    /// The screen appears at 0 ms; the scene list answers after `replyMs`.
    static func run(_ bench: BenchDefinition, replyMs: Int, status: Int = 200, clock: ClockKind = .virtual) throws -> RecordedRun {
        let body = #"[{"id":1,"name":"Beach at noon","category":"Outdoor"}]"#
        let settings = ModelSettings(
            events: [ModelEvent(atMs: 0, .appear)],
            http: HTTPScript(routes: [HTTPScript.Route(method: "GET", path: "/scenes", answers: [.init(status: status, afterMs: replyMs, body: body)])]))
        return try CapturePlan(name: "edge", bench: bench, settings: settings, windowMs: 3_000, frameIntervalMs: 100).run(clock: clock)
    }

    static func phases(_ run: RecordedRun) -> [String] {
        run.timeline.filter { $0.kind == .phase }.map { "\($0.tMs) \($0.text)" }
    }

    static func loaderSpans(_ run: RecordedRun) -> [String] {
        Analysis(run).loaders.flatMap { loader in loader.flashes.map { "\($0.enterMs)-\($0.exitMs)" } }
    }

    @Test(arguments: [BenchDefinition.studioScenes, .studioScenesAsyncAfter])
    func aReplyOneMillisecondBeforeTheDelayEndsShowsNoLoader(bench: BenchDefinition) throws {
        let run = try Self.run(bench, replyMs: 999)
        #expect(Self.phases(run) == ["0 loading", "999 loaded"])
        #expect(Analysis(run).loaders.map(\.visibleMs) == [0])
        #expect(run.loadTimings.map(\.label) == ["GET https://api.example.com/scenes sent 0 ms, 200 at 999 ms, last byte 999 ms"])
    }

    @Test(arguments: [BenchDefinition.studioScenes, .studioScenesAsyncAfter])
    func aReplyOneMillisecondAfterTheDelayEndsFlashesTheLoaderForOneMillisecond(bench: BenchDefinition) throws {
        let run = try Self.run(bench, replyMs: 1_001)
        // The loading phase's loader slot turns from hidden to spinner at 1,000 ms: a second entry.
        #expect(Self.phases(run) == ["0 loading", "1000 loading", "1001 loaded"])
        #expect(Analysis(run).loaders.map(\.visibleMs) == [1])
        #expect(Self.loaderSpans(run) == ["1000-1001"])
    }

    @Test(arguments: [BenchDefinition.studioScenes, .studioScenesAsyncAfter])
    func aSlowNetworkShowsTheLoaderFromOneSecondToTheAnswer(bench: BenchDefinition) throws {
        let run = try Self.run(bench, replyMs: 2_500)
        #expect(Self.phases(run) == ["0 loading", "1000 loading", "2500 loaded"])
        #expect(Analysis(run).loaders.map(\.visibleMs) == [1_500])
        #expect(Self.loaderSpans(run) == [])
        #expect(run.loadTimings.map(\.label) == ["GET https://api.example.com/scenes sent 0 ms, 200 at 2500 ms, last byte 2500 ms"])
    }

    @Test func aFailedFetchShowsTheErrorWithItsWords() throws {
        let run = try Self.run(.studioScenes, replyMs: 400, status: 503)
        #expect(Self.phases(run) == ["0 loading", "400 failed"])
    }

    /// A loader delay on a `Timer` would never fire, since no run turns a run loop: the run is
    /// refused in one sentence, the same on every run, on either clock, never recorded as a
    /// screen whose loader never shows.
    @Test(arguments: [ClockKind.virtual, .real])
    func aTimerDelayIsRefusedInOneSentenceOnEitherClock(clock: ClockKind) {
        let place = clock == .virtual ? "at 0 ms" : "on the real clock"
        let sentence = """
            bench studioscenestimer was stopped: the model waits on real time: a Timer scheduled \(place) \
            (Timer.scheduledTimer or RunLoop.add) waits on a run loop, which no run turns on either clock, so it would \
            never fire: use Task.sleep or DispatchQueue.main.asyncAfter(deadline:), which the run puts on its clock \
            (docs/OWN-CODE.md)
            """
        var messages: [String] = []
        for _ in 0..<2 {
            do {
                _ = try Self.run(.studioScenesTimer, replyMs: 2_500, clock: clock)
                messages.append("the run passed")
            } catch {
                messages.append("\(error)")
            }
        }
        #expect(messages == [sentence, sentence])
    }
}

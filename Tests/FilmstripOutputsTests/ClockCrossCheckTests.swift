@testable import FilmstripOutputs
import FilmstripCore
import FilmstripRaster
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Testing

/// `check --clock both`'s comparison (``ClockCrossCheck``): each lane's phase in each frame of
/// the virtual run, shown by the real run within one frame interval, or the first frame where
/// it is not, named.
@Suite struct ClockCrossCheckTests {
    /// An inbox plan whose one load is answered after `latencyMs`: 8 frames every 250 ms.
    static func inboxRun(latencyMs: Int) throws -> RecordedRun {
        try CapturePlan(
            name: "crosscheck", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: latencyMs, holdMs: 5_000)]),
            mode: .pinned, windowMs: 2_000, frameIntervalMs: 250, scale: 1
        ).run(clock: .virtual)
    }

    @Test func aLoadThatEndsEarlierOnTheRealClockFailsAtTheFirstFrameBeyondOneInterval() throws {
        // Virtual: loading until 900 ms. "Real": loaded from 400 ms. The frame at 500 ms matches
        // (loading was shown at 400, within 250 ms of it); the frame at 750 ms is the first that cannot.
        let checks = ClockCrossCheck(virtual: try Self.inboxRun(latencyMs: 900), real: try Self.inboxRun(latencyMs: 400)).checks
        #expect(checks.map(\.name) == ["clocks"])
        #expect(checks.map(\.passed) == [false])
        #expect(checks[0].message == """
            the plan, frame 3 (scheduled at 750 ms): the virtual clock shows loading, the real clock loaded (taken at 750 ms; \
            no loading within 250 ms of it); the virtual clock shows loaded from 900 ms to 2,000 ms; \(ClockCrossCheck.likelyCause)
            """)
        #expect(checks[0].moments == [CheckMoment(startMs: 750, endMs: 750, frames: [3], framesInside: true)])
        // The other way round, the frame at 500 ms already fails: it shows loaded on the virtual
        // clock, and the real run shows loaded only from 900 ms, 400 ms after it.
        let reversed = ClockCrossCheck(virtual: try Self.inboxRun(latencyMs: 400), real: try Self.inboxRun(latencyMs: 900)).checks
        #expect(reversed[0].message.hasPrefix(
            "the plan, frame 2 (scheduled at 500 ms): the virtual clock shows loaded, the real clock loading (taken at 500 ms; no loaded within 250 ms of it); the virtual clock shows loading from 0 ms to 400 ms; "))
    }

    @Test func aChangeWithinOneIntervalOfTheFrameMatchesEitherSide() throws {
        // 650 against 400 ms: the frames at 500 and 750 ms see loading within 250 ms on the other run.
        let checks = ClockCrossCheck(virtual: try Self.inboxRun(latencyMs: 650), real: try Self.inboxRun(latencyMs: 400)).checks
        #expect(checks.map(\.passed) == [true])
        #expect(checks[0].message == "the plan: the real clock showed the virtual clock's phase in all 8 frames taken on both, within 250 ms")
        // One millisecond more and the frame at 750 ms shows loading on one run only, 251 ms after the other's.
        let over = ClockCrossCheck(virtual: try Self.inboxRun(latencyMs: 751), real: try Self.inboxRun(latencyMs: 499)).checks
        #expect(over[0].message.hasPrefix("the plan, frame 3 (scheduled at 750 ms)"))
    }

    @Test func theSamePlanOnBothClocksIsOnlyForBenchesThatRunOnBoth() throws {
        let plan = try TestSupport.shippedPlan("live/live-four-states")
        let outputs = PlanOutputs(plan: plan, root: "/nonexistent", font: TestSupport.font, file: "captures/live/live-four-states.json", planFile: "live/live-four-states.json")
        let error = #expect(throws: FilmstripError.self) { try outputs.crossCheck(virtual: try Self.inboxRun(latencyMs: 400)) }
        #expect(error?.description == "captures/live/live-four-states.json: $.bench: the bench liveinbox runs on the real clock only, so --clock both cannot compare two runs of it")
    }

    /// Set in the process of its own that ``aModelMeasuringTimeWithDateIsCaughtOnItsLane()`` runs in.
    static let solo = "FILMSTRIP_SOLO_CROSS_CHECK_TEST"

    /// The real-clock run in a test process of its own (docs/OWN-CODE.md, "The real clock").
    @Test func theRealClockHalfRunsInATestProcessOfItsOwn() throws {
        try TestSupport.expectPassInProcessOfItsOwn("aModelMeasuringTimeWithDateIsCaughtOnItsLane", variable: Self.solo)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment[solo] == "1", "runs in a process of its own"))
    func aModelMeasuringTimeWithDateIsCaughtOnItsLane() throws {
        let plan = try MinimumLoaderBench.plan()
        let virtual = try plan.run(clock: .virtual)
        // On the virtual clock the two lanes part: nothing refuses Date(), and the run passes.
        #expect(virtual.lanePhaseSegments["monotonic"]?.filter { $0.exitMs > $0.enterMs }.map { "\($0.name) \($0.enterMs)–\($0.exitMs)" } == ["loading 0–1000", "loaded 1000–2000"])
        #expect(virtual.lanePhaseSegments["wallclock"]?.filter { $0.exitMs > $0.enterMs }.map { "\($0.name) \($0.enterMs)–\($0.exitMs)" } == ["loading 0–1600", "loaded 1600–2000"])
        #expect(Analysis(virtual).passed)

        let outputs = PlanOutputs(plan: plan, root: "/nonexistent", font: TestSupport.font, file: "minimumloader.json", planFile: "minimumloader.json")
        let checks = try outputs.crossCheck(virtual: virtual)
        #expect(checks.map(\.name) == ["clocks.monotonic", "clocks.wallclock"])
        #expect(checks.map(\.passed) == [true, false], "\(checks.map(\.message))")
        // The real run keeps the wall-clock lane's loader until about 1,000 ms: the frame at
        // 1,100 ms is the first beyond one interval of it, or the next one when the real
        // answer came late.
        let failure = try #require(checks.last)
        let frame = try #require(failure.moments.first?.frames.first)
        #expect((11...12).contains(frame), "\(failure.message)")
        #expect(failure.message.hasPrefix("lane wallclock, frame \(frame) (scheduled at \(Quantity.ms(frame * 100))): the virtual clock shows loading, the real clock loaded (taken at "))
        #expect(failure.message.hasSuffix("no loading within 100 ms of it); the virtual clock shows loaded from 1,600 ms to 2,000 ms; \(ClockCrossCheck.likelyCause)"))
    }
}

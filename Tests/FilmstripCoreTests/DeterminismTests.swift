import FilmstripCore
import FilmstripTestSupport
import Testing

@Suite struct DeterminismTests {
    @Test func twoHundredRunsGiveTheSameTimelineAndFrames() throws {
        let plan = try TestSupport.shippedPlan("inbox-cycle")
        let first = try BenchCatalog.run(plan, clock: .virtual)
        #expect(first.timeline.count > 20)
        for _ in 0..<200 {
            let again = try BenchCatalog.run(plan, clock: .virtual)
            #expect(again.timeline == first.timeline)
            #expect(again.frames == first.frames)
            #expect(again.phaseSegments == first.phaseSegments)
        }
    }

    @Test func workWithoutEndIsStoppedNamingTheBenchAndItsLastEvent() throws {
        // A zero-length cycle (the JSON reader refuses it; built here directly) never advances time.
        let plan = TestSupport.plan(script: [Beat(reply: .empty, latencyMs: 0)], windowMs: 1000, intervalMs: 100)
        do {
            _ = try BenchCatalog.run(plan, clock: .virtual)
            Issue.record("expected the run to be stopped")
        } catch {
            #expect(error.message.hasPrefix("bench inbox was stopped: work without end at 0 ms"))
            #expect(error.message.contains("last event at 0 ms: beat 1:"))
        }
    }
}

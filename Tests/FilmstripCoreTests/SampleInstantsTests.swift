@testable import FilmstripCore
import FilmstripTestSupport
import Testing

/// The instants a run samples: frame instants from a stride merged with the stills', ascending,
/// each once, with positions computed both ways; and frame records made when read equal on
/// every read.
@Suite struct SampleInstantsTests {
    @Test func framesAndStillsMergeAscendingWithoutRepeats() {
        let instants = SampleInstants(startMs: 1000, endMs: 2000, intervalMs: 250, stills: [1250, 1100, 50, 1100, 2500, 2000])
        let expected = [50, 1000, 1100, 1250, 1500, 1750, 2000, 2500]
        #expect(Array(instants) == expected)
        #expect(instants.count == expected.count)
        for (position, instant) in expected.enumerated() {
            #expect(instants.position(of: instant) == position)
            #expect(instants.instant(at: position) == instant)
        }
        #expect(instants.position(of: 1200) == nil)
        #expect(instants.position(of: 2250) == nil, "past the window's frames")
        #expect(Array(SampleInstants(startMs: 0, endMs: 0, intervalMs: 1, stills: [])) == [])
        #expect(Array(SampleInstants(startMs: 0, endMs: 300, intervalMs: 100, stills: [])) == [0, 100, 200])
        #expect(Array(SampleInstants(startMs: 0, endMs: 250, intervalMs: 100, stills: [])) == [0, 100, 200])
    }

    @Test func frameRecordsAreMadeFromTheirSampleOnEachRead() throws {
        let run = try (TestSupport.seedFailingPlan).run(clock: .virtual)
        let plan = TestSupport.seedFailingPlan
        #expect(run.frames.count == plan.frameCount)
        for (position, frame) in run.frames.enumerated() {
            #expect(frame.index == position)
            #expect(frame.scheduledMs == plan.windowStartMs + position * plan.frameIntervalMs)
            #expect(frame.tMs == frame.scheduledMs)
            #expect(run.frames[position] == frame)
        }
    }
}

@testable import FilmstripCore
import FilmstripTestSupport
import Testing

/// The instants a run samples: frame instants from a stride merged with the stills', ascending,
/// each once; and frame records made when read equal on every read.
@Suite struct SampleInstantsTests {
    @Test func framesAndStillsMergeAscendingWithoutRepeats() {
        let instants = SampleInstants(frames: stride(from: 1000, to: 2000, by: 250), stills: [1250, 1100, 50, 1100, 2500])
        #expect(Array(instants) == [50, 1000, 1100, 1250, 1500, 1750, 2500])
        #expect(Array(SampleInstants(frames: stride(from: 0, to: 0, by: 1), stills: [])) == [])
        #expect(Array(SampleInstants(frames: stride(from: 0, to: 300, by: 100), stills: [])) == [0, 100, 200])
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

@testable import FilmstripOutputs
import Testing

/// The images a run produces, in the order the producer draws and sends them.
@Suite struct OutputSourcesTests {
    @Test func theStripsBatchHoldsOneImageMoreAndTheLastIsShort() {
        let batches = OutputSources.batches(count: 40, size: 16)
        #expect(batches == [0..<17, 17..<33, 33..<40])
        #expect(OutputSources.batches(count: 17, size: 16) == [0..<17])
        #expect(OutputSources.batches(count: 18, size: 16) == [0..<17, 17..<18])
        #expect(OutputSources.batches(count: 1, size: 16) == [0..<1])
    }
}

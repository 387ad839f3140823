import FilmstripTestSupport
import FilmstripPNG
import Foundation
import Testing

/// Every input that ever crashed or hung the PNG fuzz target (Tests/Fuzz/regressions/png/),
/// decoded again: each returns or throws, within a second.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] { TestSupport.fuzzRegressions(target) }

    @Test(arguments: inputs("png"))
    func pngReaderReturnsOrThrowsWithinOneSecond(input: URL) throws {
        let bytes = Array(try Data(contentsOf: input))
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = try? PNGCodec.decode(bytes) }
        #expect(elapsed < .seconds(1), "\(input.lastPathComponent)")
    }
}

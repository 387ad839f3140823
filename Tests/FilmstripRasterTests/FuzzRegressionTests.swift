import FilmstripTestSupport
import FilmstripRaster
import Foundation
import Testing

/// Every input that ever crashed or hung the BDF fuzz target (Tests/Fuzz/regressions/bdf/),
/// read again and measured: each returns or throws, within a second.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] { TestSupport.fuzzRegressions(target) }

    @Test(arguments: inputs("bdf"))
    func bdfReaderReturnsOrThrowsWithinOneSecond(input: URL) throws {
        let bytes = try Data(contentsOf: input)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            if let font = try? BitmapFont(bdf: String(decoding: bytes, as: UTF8.self)) {
                _ = font.width(of: "Ag 1,093 ms · ✓")
            }
        }
        #expect(elapsed < .seconds(1), "\(input.lastPathComponent)")
    }
}

import FilmstripSeedBenches
import FilmstripTestSupport
import FilmstripCore
import Foundation
import Testing

/// Every input that ever crashed or hung a fuzz target (Tests/Fuzz/regressions/), read again:
/// each returns or throws, within a second (five for a plan, whose lint may run the script up
/// to a run's event limit, 100,000 events, about a second in a debug build; a hang under the
/// fuzzer is ten seconds or more).
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] { TestSupport.fuzzRegressions(target) }

    @Test(arguments: inputs("plan"))
    func planReaderReturnsOrThrowsWithinFiveSeconds(input: URL) throws {
        let data = try Data(contentsOf: input)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            if let plan = try? CapturePlan(json: data, name: "fuzz", benches: [.inbox, .scenes, .orders]) { _ = PlanLint.findings(for: plan) }
        }
        #expect(elapsed < .seconds(5), "\(input.lastPathComponent)")
    }

    @Test(arguments: inputs("har"))
    func harReaderReturnsOrThrowsWithinOneSecond(input: URL) throws {
        let data = try Data(contentsOf: input)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = try? LatencySamples(json: data)
            // As the fuzz target reads it: the first line as a --url pattern, the rest as URLs.
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 16, omittingEmptySubsequences: false)
            if let first = lines.first, let pattern = try? URLPattern(String(first)) {
                for line in lines.dropFirst() { _ = pattern.matches(String(line)) }
            }
        }
        #expect(elapsed < .seconds(1), "\(input.lastPathComponent)")
    }
}

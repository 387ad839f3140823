@testable import FilmstripOutputs
import FilmstripTestSupport
import Foundation
import Testing

/// Every input that ever crashed or hung the recorded report fuzz target
/// (Tests/Fuzz/regressions/report/), read again as `check` reads a `report.json`: each returns
/// within a second.
@Suite struct ReportFuzzRegressionTests {
    @Test(arguments: TestSupport.fuzzRegressions("report"))
    func reportReaderReturnsWithinOneSecond(input: URL) throws {
        let elapsed = ContinuousClock().measure {
            if let report = try? RecordedReport.open(path: input.path) {
                for row in report.rows() { _ = row.index }
            }
        }
        #expect(elapsed < .seconds(1), "\(input.lastPathComponent)")
    }
}

import Filmstrip
import FilmstripTesting
import Foundation
import XCTest

/// Under XCTest (no Swift Testing test running), `assertFilmstrip` reports through `XCTFail`;
/// this case keeps the failures it is given instead of failing, so they can be read.
final class XCTestReportingTests: XCTestCase {
    private var failures: [String] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append(description)
    }

    func testAMismatchIsReportedThroughXCTFailAndAMatchIsSilent() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        assertFilmstrip(plan, outputs: root, record: .missing)
        XCTAssertEqual(failures, ["No recording of tiny was found, so it was recorded into \(root.path)/tiny (8 files). Run again to compare with it."])
        failures = []
        assertFilmstrip(plan, outputs: root, record: .never)
        XCTAssertEqual(failures, [])
        try TinyPlan.paint(root.appendingPathComponent("tiny/frames/0001.png"), x: 2, y: 2, .white)
        assertFilmstrip(plan, outputs: root, record: .never)
        let failuresSeen = failures
        failures = []
        XCTAssertEqual(failuresSeen.count, 1)
        XCTAssertTrue(failuresSeen.first?.contains("difference: \(root.path)/tiny/.failures/frames/0001.difference.png") == true, "\(failuresSeen)")
    }
}

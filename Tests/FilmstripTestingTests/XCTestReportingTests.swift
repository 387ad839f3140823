import Filmstrip
import FilmstripTesting
import Foundation
import XCTest

/// Under XCTest (no Swift Testing test running), `assertFilmstrip` reports through `XCTFail`.
/// While `failures(of:)` runs its body, this case keeps the failures it is given instead of
/// failing, so they can be read; every other failure (the test's own assertions) fails the test.
final class XCTestReportingTests: XCTestCase {
    private var captured: [String]?

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured?.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failure descriptions `body` reported, in order.
    private func failures(of body: () -> Void) -> [String] {
        captured = []
        body()
        defer { captured = nil }
        return captured ?? []
    }

    func testAMismatchIsReportedThroughXCTFailAndAMatchIsSilent() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        let recorded = failures { assertFilmstrip(plan, outputs: root, record: .missing) }
        XCTAssertEqual(recorded, ["failed - No recording of tiny was found, so it was recorded into \(root.path)/tiny (9 files). Run again to compare with it.\(AssertFilmstripTests.indexNote(root))"])
        let matched = failures { assertFilmstrip(plan, outputs: root, record: .never) }
        XCTAssertEqual(matched, [])
        try TinyPlan.paint(root.appendingPathComponent("tiny/frames/0001.png"), x: 2, y: 2, .white)
        let mismatched = failures { assertFilmstrip(plan, outputs: root, record: .never) }
        XCTAssertEqual(mismatched.count, 1)
        XCTAssertTrue(mismatched.first?.contains("difference: \(root.path)/tiny/.failures/frames/0001.difference.png") == true, "\(mismatched)")
    }
}

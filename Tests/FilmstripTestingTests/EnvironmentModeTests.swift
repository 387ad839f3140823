import Filmstrip
@testable import FilmstripTesting
import Foundation
import Testing

/// `FILMSTRIP_RECORD` as the assertion reads it. The environment is given to the assertion as a
/// value (``FilmstripAssertion/environment``), so these tests never change the process's
/// environment under the tests running beside them.
@Suite struct EnvironmentModeTests {
    private func verify(_ plan: CapturePlan, _ root: URL, record: FilmstripRecordMode? = nil, _ value: String?) -> String? {
        FilmstripAssertion(plan: plan, root: root.path, record: record, font: nil, testName: "envTest()", environment: value.map { ["FILMSTRIP_RECORD": $0] } ?? [:]).verify()
    }

    @Test func recordAllFromTheEnvironmentRewritesAndTheNextRunPasses() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verify(plan, root, "never")
            == "No recording of tiny in \(root.path)/tiny, and the record mode is never (FILMSTRIP_RECORD=never). Record it with: FILMSTRIP_RECORD=missing swift test --filter envTest")
        #expect(verify(plan, root, "all")
            == "Recorded tiny into \(root.path)/tiny (9 files) because the record mode is all (FILMSTRIP_RECORD=all). Turn recording off and run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
        try TinyPlan.paint(root.appendingPathComponent("tiny/frames/0001.png"), x: 1, y: 1, .white)
        let drifted = verify(plan, root, nil)
        #expect(drifted?.hasSuffix("If the change is intended, re-record with: FILMSTRIP_RECORD=all swift test --filter envTest") == true, "\(drifted ?? "nil")")
        #expect(verify(plan, root, "all")?.hasPrefix("Recorded tiny into") == true)
        #expect(verify(plan, root, "never") == nil)
        #expect(verify(plan, root, nil) == nil, "no variable: the default, missing, compares what is there")
    }

    @Test func aModePassedToTheAssertionWinsOverTheEnvironment() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verify(plan, root, record: .never, "all")
            == "No recording of tiny in \(root.path)/tiny, and the record mode is never (record: .never was passed). Record it with: pass record: .missing to assertFilmstrip and run the test again")
    }

    @Test func anUnknownValueFailsTheAssertionNamingTheChoices() throws {
        #expect(verify(try TinyPlan.plan(), try TinyPlan.root(), "sometimes") == "FILMSTRIP_RECORD=sometimes: expected never, missing, failed or all")
    }
}

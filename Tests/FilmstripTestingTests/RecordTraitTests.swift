import Filmstrip
@testable import FilmstripTesting
import Foundation
import Testing

/// `.filmstrip(record:)`, the trait, and where it stands among the ways to choose a record mode:
/// the assertion's `record:` argument, then the nearest trait, then `FILMSTRIP_RECORD`, then
/// `missing`. The environment is given to the assertion as a value, so these tests never change
/// the process's environment under the tests running beside them.
@Suite(.filmstrip(record: .never)) struct RecordTraitTests {
    private func verify(_ plan: CapturePlan, _ root: URL, record: FilmstripRecordMode? = nil, environment value: String?) -> String? {
        FilmstripAssertion(
            plan: plan, root: root.path, record: record, font: nil, testName: "traitTest()",
            environment: value.map { ["FILMSTRIP_RECORD": $0] } ?? [:]
        ).verify()
    }

    @Test func aSuitesTraitWinsOverTheEnvironment() throws {
        let root = try TinyPlan.root()
        #expect(verify(try TinyPlan.plan(), root, environment: "all")
            == "No recording of tiny in \(root.path)/tiny, and the record mode is never (the test runs with the trait .filmstrip(record: .never)). "
            + "Record it with: change the trait to .filmstrip(record: .missing) and run the test again")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("tiny").path), "never writes nothing")
    }

    @Test(.filmstrip(record: .all)) func aTestsOwnTraitWinsOverItsSuites() throws {
        let root = try TinyPlan.root()
        #expect(verify(try TinyPlan.plan(), root, environment: "never")
            == "Recorded tiny into \(root.path)/tiny (9 files) because the record mode is all (the test runs with the trait .filmstrip(record: .all)). "
            + "Turn recording off and run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
    }

    @Test func aModePassedToTheAssertionWinsOverTheTrait() throws {
        let root = try TinyPlan.root()
        #expect(verify(try TinyPlan.plan(), root, record: .missing, environment: "never")
            == "No recording of tiny was found, so it was recorded into \(root.path)/tiny (9 files). Run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
    }

    @Test func theTraitIsInEffectOnlyInsideItsScope() async throws {
        #expect(FilmstripRecordMode.scoped == .never)
        let outside = await Task.detached { FilmstripRecordMode.scoped }.value
        #expect(outside == nil, "a detached task is outside every test's scope")
        #expect(FilmstripAssertion(plan: try TinyPlan.plan(), root: "/nonexistent", record: nil, font: nil, testName: "t()", environment: [:]).trait == .never)
    }

    /// An inner suite's trait wins over the outer suite's; `failed` records only what is missing
    /// or differs. Run through the public `verifyFilmstrip`, which reads the trait itself.
    @Suite(.filmstrip(record: .failed)) struct Failed {
        @Test func failedRecordsWhatIsMissingOrDiffersAndComparesTheRest() throws {
            let root = try TinyPlan.root()
            let plan = try TinyPlan.plan()
            #expect(verifyFilmstrip(plan, outputs: root, testName: "traitTest()")
                == "No recording of tiny was found, so it was recorded into \(root.path)/tiny (9 files). Run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
            #expect(verifyFilmstrip(plan, outputs: root, testName: "traitTest()") == nil, "a matching recording is compared, not rewritten")

            let frame = root.appendingPathComponent("tiny/frames/0001.png")
            try TinyPlan.paint(frame, x: 1, y: 1, .white)
            let message = try #require(verifyFilmstrip(plan, outputs: root, testName: "traitTest()"))
            let lines = message.components(separatedBy: "\n")
            #expect(lines.first == "tiny: 1 recorded file differs from a fresh run.")
            #expect(lines.contains { $0.hasPrefix("frames/0001.png (frame 1 at 250 ms): 1 pixel differs, within x 1…1, y 1…1; the first, at (x: 1, y: 1), is #ffffff recorded") })
            #expect(lines.last
                == "Re-recorded tiny into \(root.path)/tiny (9 files) because the record mode is failed (the test runs with the trait .filmstrip(record: .failed)). "
                + "Run again to compare with it.\(AssertFilmstripTests.indexNote(root))")
            #expect(try TinyPlan.decode(frame.path).pixel(x: 1, y: 1) != .white, "the differing frame was re-recorded from the fresh run")
            #expect(verifyFilmstrip(plan, outputs: root, testName: "traitTest()") == nil)
        }

        @Test func failedReRecordsOutputsThatCannotBeCompared() throws {
            let root = try TinyPlan.root()
            let plan = try TinyPlan.plan()
            #expect(verifyFilmstrip(plan, outputs: root, record: .all, testName: "traitTest()")?.hasPrefix("Recorded tiny into") == true)
            try Data("{".utf8).write(to: root.appendingPathComponent("tiny/report.json"))
            let message = try #require(verifyFilmstrip(plan, outputs: root, testName: "traitTest()"))
            #expect(message.hasSuffix(
                "the recorded outputs of tiny could not be compared, so they were re-recorded into \(root.path)/tiny (9 files) because the record mode is failed "
                    + "(the test runs with the trait .filmstrip(record: .failed)). Run again to compare with them.\(AssertFilmstripTests.indexNote(root))"), "\(message)")
            #expect(verifyFilmstrip(plan, outputs: root, testName: "traitTest()") == nil)
        }
    }
}

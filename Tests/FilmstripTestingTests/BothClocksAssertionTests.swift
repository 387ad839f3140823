import Filmstrip
import FilmstripTestSupport
import FilmstripTesting
import Foundation
import Testing

/// `assertFilmstrip(…, bothClocks: true)`: after the comparison with the recorded outputs, the
/// plan runs on the real clock, and a lane whose phases differ there fails the assertion with
/// the same sentence as `filmstrip check --clock both`.
@Suite struct BothClocksAssertionTests {
    /// Set in the process of its own that ``aModelThatMeasuresTimeWithDateFailsTheAssertion()`` runs in.
    static let solo = "FILMSTRIP_SOLO_BOTH_CLOCKS_ASSERTION"

    /// The real-clock run of a model bench in a test process of its own (docs/OWN-CODE.md, "The real clock").
    @Test func theRealClockHalfRunsInATestProcessOfItsOwn() throws {
        try TestSupport.expectPassInProcessOfItsOwn("aModelThatMeasuresTimeWithDateFailsTheAssertion", variable: Self.solo)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment[solo] == "1", "runs in a process of its own"))
    func aModelThatMeasuresTimeWithDateFailsTheAssertion() throws {
        let root = try TinyPlan.root()
        let plan = try MinimumLoaderBench.plan()
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing)?.hasPrefix("No recording of minimumloader was found, so it was recorded") == true)
        // On the virtual clock alone the recording matches and the plan's checks pass.
        #expect(verifyFilmstrip(plan, outputs: root, record: .never) == nil)
        let message = try #require(verifyFilmstrip(plan, outputs: root, record: .never, bothClocks: true))
        #expect(message.hasPrefix("minimumloader: the virtual and the real clock disagree: lane wallclock, frame "), "\(message)")
        #expect(message.contains(": the virtual clock shows loading, the real clock loaded (taken at "), "\(message)")
        #expect(!message.contains("lane monotonic"), "\(message)")
    }

    @Test func aPlanThatKeepsTimeOnBothClocksPasses() throws {
        let root = try TinyPlan.root()
        let plan = try TinyPlan.plan()
        #expect(verifyFilmstrip(plan, outputs: root, record: .missing) != nil)
        #expect(verifyFilmstrip(plan, outputs: root, record: .never, bothClocks: true) == nil)
    }
}

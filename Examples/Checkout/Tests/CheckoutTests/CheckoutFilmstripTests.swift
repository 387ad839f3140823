import Checkout
import Filmstrip
import FilmstripTesting
import Foundation
import Testing

/// The checkout's committed captures match a fresh run of their plans, pixel for pixel and
/// report for report. After an intended change: `FILMSTRIP_RECORD=all swift test`, then review
/// and commit `captures/`. CI runs with `FILMSTRIP_RECORD=never`.
@Suite struct CheckoutFilmstripTests {
    /// `captures/` of this package, found from this file's path.
    static let captures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("captures")

    @Test(arguments: ["checkout-fast-success", "checkout-decline-then-retry", "checkout-timeout"])
    func committedCapturesMatchAFreshRun(plan: String) {
        assertFilmstrip(planFile: Self.captures.appendingPathComponent("\(plan).json"), benches: [.checkout])
    }

    /// The checkout's phase and depiction colours can be told apart on a contact sheet
    /// (CIEDE2000 ≥ 10 between any two, or exactly a phase's colour).
    @Test func checkoutColoursAreDistinguishable() {
        #expect(BenchDefinition.checkout.colorConflicts().map(\.description) == [])
    }

    @Test func afterATimeoutOnlyTheControlBreaksARule() throws {
        let plan = try CapturePlan(json: try Data(contentsOf: Self.captures.appendingPathComponent("checkout-timeout.json")), name: "checkout-timeout", benches: [.checkout])
        let analysis = Analysis(try plan.run())
        let broken = analysis.violations.map { "\($0.panel) \($0.rule)" }
        #expect(Set(broken) == ["spinnerOnly retryAfterTimeout"])
        #expect(analysis.passed)
    }

    @Test func aTapWhileSubmittingIsRefusedNamingThePath() throws {
        let json = #"{"bench": "checkout", "windowMs": 1000, "frameIntervalMs": 250, "script": [{"atMs": 0, "reply": "timedOut", "latencyMs": 600}, {"atMs": 500, "reply": "succeeded", "latencyMs": 100}]}"#
        #expect(throws: PlanError(path: "$.script[1].atMs", message: "the Pay button is locked until 600 ms, when the attempt before has its answer; expected a tap at or after it, found 500")) {
            try CapturePlan(json: Data(json.utf8), name: "x", benches: [.checkout])
        }
    }
}

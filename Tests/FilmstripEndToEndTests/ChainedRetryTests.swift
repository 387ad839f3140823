import FilmstripTestSupport
import Foundation
import Testing

/// End to end: a retry chained at the instant a failure lands shows one
/// continuous spinner, and the built binary's verdict says so with exit code 0.
@Suite struct ChainedRetryTests {
    /// The delayed loader shows from 1,000 ms; the load fails at 1,500 and, with `holdMs` 0, the
    /// retry starts at 1,500 and lands at 2,700.
    static func plan(holdMs: Int) -> String {
        """
        {"bench": "scenes", "panels": ["delayed"], "mode": "pinned", "windowMs": 4000, "frameIntervalMs": 100, "scale": 1,
         "script": [{"trigger": "open", "reply": "failed", "latencyMs": 1500, "holdMs": \(holdMs)},
                    {"trigger": "retry", "reply": "loaded", "latencyMs": 1200}],
         "expect": {"maxFlashes": {"delayed": 0}}}
        """
    }

    func record(holdMs: Int) throws -> (CommandRunner.Result, String) {
        let workspace = try CommandRunner.workspace(plans: [])
        let file = workspace.appendingPathComponent("captures/retry-at-failure.json")
        try Data(Self.plan(holdMs: holdMs).utf8).write(to: file)
        let result = try CommandRunner.run(["record", "captures/retry-at-failure.json"], in: workspace)
        let report = try String(contentsOf: workspace.appendingPathComponent("captures/retry-at-failure/report.json"), encoding: .utf8)
        return (result, report)
    }

    @Test func aRetryAtTheInstantTheFailureLandsIsOneSpinnerAndPasses() throws {
        let (result, report) = try record(holdMs: 0)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("  loader delayed: visible 1,700 ms, no flash, held back 0 ms, blank 1,000 ms\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  verdict: passed\n"))
        // report.json: one spinner, frames 10–26 (1,000–2,600 ms), between 10 blank and 13 rows frames.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let loader = try #require((object["loaders"] as? [String: Any])?["delayed"] as? [String: Any])
        #expect(loader["visibleMs"] as? Int == 1700 && loader["blankMs"] as? Int == 1000 && loader["heldBackMs"] as? Int == 0)
        #expect((loader["flashes"] as? [Any])?.isEmpty == true)
        let frames = try #require(object["frames"] as? [[String: Any]])
        let shown = frames.compactMap { ($0["panels"] as? [[String: Any]])?.first?["depiction"] as? String }
        #expect(shown == Array(repeating: "blank", count: 10) + Array(repeating: "spinner", count: 17) + Array(repeating: "rows", count: 13))
    }

    @Test func aFailureShownForOneMillisecondStillEndsTheLoaderAndTheFlashFails() throws {
        let (result, _) = try record(holdMs: 1)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 flash (200 ms at 2,501 ms)"), "\(result.stdout)")
    }
}

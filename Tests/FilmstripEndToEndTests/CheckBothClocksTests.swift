import FilmstripTestSupport
import Foundation
import Testing

/// `filmstrip check --clock both` from the built binary: each plan checked on the virtual clock
/// as `check` does, then run again on the real clock and compared with it per lane, one line per
/// lane before the verdict; `record` refuses the value; a bench that runs on one clock is bad input.
@Suite(.serialized) struct CheckBothClocksTests {
    @Test func aPlanWhoseModelKeepsTimeAgreesOnBothClocksAndSaysSo() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let result = try CommandRunner.run(["check", "--clock", "both", "--json"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(
            "  clocks: the plan: the real clock showed the virtual clock's phase in all 20 frames taken on both, within 100 ms\n  verdict: passed\n"), "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let plan = try #require((document?["plans"] as? [[String: Any]])?.first)
        #expect(plan["clock"] as? String == "both")
        #expect(plan["passed"] as? Bool == true)
    }

    @Test func recordRefusesBothAndCheckNamesItsChoices() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")])
        let record = try CommandRunner.run(["record", "--clock", "both"], in: workspace)
        #expect(record.status == 2)
        #expect(record.stderr.hasPrefix("error: record: --clock both is check's comparison of the two clocks; record runs on one: virtual or real\n"))
        let check = try CommandRunner.run(["check", "--clock", "sideways"], in: workspace)
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix("error: check: --clock expects 'virtual', 'real' or 'both', found 'sideways'\n"))
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/scenes-fast-load").path))
    }

    @Test func aBenchOnOneClockIsBadInputNamingTheBench() throws {
        let live = CommandRunner.root.appendingPathComponent("captures/live/live-four-states.json")
        let result = try CommandRunner.run(["check", "--clock", "both", "--no-compare", live.path], in: try CommandRunner.workspace(plans: []), environment: ["FILMSTRIP_LIVE_PORT": "9"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("live-four-states.json: $.bench: the bench liveinbox runs on the real clock only, so --clock both cannot compare two runs of it"), "\(result.stderr)")
    }
}

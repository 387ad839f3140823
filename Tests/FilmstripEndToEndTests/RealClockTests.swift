import FilmstripTestSupport
import Foundation
import Testing

/// The real clock runs the same plan in real time, in its own process (so no other test's
/// work can delay its timers), and lands within one frame interval of the virtual run.
@Suite(.serialized) struct RealClockTests {
    struct Report: Decodable {
        struct Dwell: Decodable { var ms: Int }
        struct Frame: Decodable {
            var tMs: Int
            var scheduledMs: Int
            var dropped: Bool
        }
        var clock: String
        var dwell: [String: Dwell]
        var frames: [Frame]
    }

    @Test func realClockDwellIsWithinOneFrameIntervalOfTheVirtualRun() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.fixtures.appendingPathComponent("two-second-cycle.json")])
        let started = Date()
        let real = try CommandRunner.run(["record", "--clock", "real", "--out", "real"], in: workspace)
        #expect(Date().timeIntervalSince(started) >= 2.0, "the real clock takes the window's length")
        let virtual = try CommandRunner.run(["record", "--clock", "virtual", "--out", "virtual"], in: workspace)
        #expect(real.status == 0, "\(real.stderr)")
        #expect(virtual.status == 0, "\(virtual.stderr)")
        func report(_ folder: String) throws -> Report {
            let data = try Data(contentsOf: workspace.appendingPathComponent("\(folder)/two-second-cycle/report.json"))
            return try JSONDecoder().decode(Report.self, from: data)
        }
        let measured = try report("real")
        let exact = try report("virtual")
        #expect(measured.clock == "real" && exact.clock == "virtual")
        #expect(exact.dwell.mapValues(\.ms) == ["loading": 900, "empty": 400, "failed": 400, "loaded": 300])
        for (phase, dwell) in exact.dwell {
            let difference = abs((measured.dwell[phase]?.ms ?? -1_000) - dwell.ms)
            #expect(difference <= 100, "\(phase): real \(measured.dwell[phase]?.ms ?? -1) ms, virtual \(dwell.ms) ms")
        }
        #expect(measured.dwell.values.reduce(0) { $0 + $1.ms } == 2000)
        #expect(measured.frames.count == 20)
        for frame in measured.frames {
            #expect(frame.tMs >= frame.scheduledMs, "a measured time is never before its deadline")
            #expect(frame.dropped || frame.tMs - frame.scheduledMs <= 50, "late frames are dropped, not shifted")
        }
    }
}

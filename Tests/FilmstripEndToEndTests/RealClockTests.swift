import FilmstripCore
import FilmstripSeedBenches
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
        let fixture = CommandRunner.fixtures.appendingPathComponent("two-second-cycle.json")
        let workspace = try CommandRunner.workspace(plans: [fixture])
        let started = Date()
        let real = try CommandRunner.run(["record", "--clock", "real", "--out", "real"], in: workspace)
        #expect(Date().timeIntervalSince(started) >= 2.0, "the real clock takes the window's length")
        #expect(real.status == 0, "\(real.stderr)")
        let data = try Data(contentsOf: workspace.appendingPathComponent("real/two-second-cycle/report.json"))
        let measured = try JSONDecoder().decode(Report.self, from: data)
        // The virtual run is exact and needs no files: run in this process, without drawing.
        let exact = Analysis(try (try CapturePlan(json: try Data(contentsOf: fixture), name: "two-second-cycle", benches: [.inbox, .scenes, .orders])).run(clock: .virtual))
        #expect(measured.clock == "real")
        #expect(exact.phaseMs == ["loading": 900, "empty": 400, "failed": 400, "loaded": 300])
        for (phase, dwell) in exact.phaseMs {
            let difference = abs((measured.dwell[phase]?.ms ?? -1_000) - dwell)
            #expect(difference <= 250, "\(phase): real \(measured.dwell[phase]?.ms ?? -1) ms, virtual \(dwell) ms")
        }
        #expect(measured.dwell.values.reduce(0) { $0 + $1.ms } == 2000)
        #expect(measured.frames.count == 8)
        for frame in measured.frames {
            #expect(frame.tMs >= frame.scheduledMs, "a measured time is never before its deadline")
            #expect(frame.dropped || frame.tMs - frame.scheduledMs <= 125, "late frames are dropped, not shifted")
        }
    }
}

@testable import FilmstripCore
import FilmstripSeedBenches
import FilmstripReports
import Testing

/// `animation.png`'s delays on the real clock come from the measured frame
/// times (rule of time 9), not from the scheduled ones.
@Suite struct AnimationScheduleTests {
    static let plan = try! CapturePlan(
        name: "animation-edge", bench: .inbox, settings: InboxSettings(script: [Beat(reply: .empty, latencyMs: 150)]),
        panels: ["allFour"], mode: .pinned, windowMs: 400, frameIntervalMs: 100, scale: 1,
        expect: .init(minFrames: [:], maxSharePercent: [:]))

    /// A real-clock run of `plan` whose frames were taken at `measuredMs` (nil: dropped),
    /// scheduled at 0, 100, 200, 300 ms.
    static func realRun(measuredMs: [Int?]) throws -> RecordedRun {
        let virtual = try plan.run(clock: .virtual)
        var records = Array(virtual.frames)
        for (position, measured) in measuredMs.enumerated() {
            if let measured { records[position].tMs = measured } else { records[position].phase = nil; records[position].panels = [] }
        }
        return RecordedRun(
            plan: virtual.plan, clock: .real, timeline: virtual.timeline, phaseSegments: virtual.phaseSegments,
            depictionSegments: virtual.depictionSegments, frames: FrameRecords(records), stills: [], phaseNames: virtual.phaseNames,
            violations: virtual.violations, counters: virtual.counters, notes: [], loadTimings: [], silentSegments: [:], draw: virtual.draw)
    }

    @Test func theVirtualClocksDelaysAreTheFrameInterval() throws {
        let schedule = AnimationSchedule(try Self.plan.run(clock: .virtual))
        #expect(schedule.frames.map { "\($0.position):\($0.delayMs)" } == ["0:100", "1:100", "2:100", "3:100"])
    }

    @Test func realClockDelaysAreTheMeasuredGaps() throws {
        // Taken at 0, 130, 200 and 360 ms: each frame stays until the next one was taken, the
        // last until the window's end at 400 ms.
        let schedule = AnimationSchedule(try Self.realRun(measuredMs: [0, 130, 200, 360]))
        #expect(schedule.frames.map { "\($0.position):\($0.delayMs)" } == ["0:130", "1:70", "2:160", "3:40"])
        #expect(schedule.frames.map(\.delayMs).reduce(0, +) == 400)
    }

    @Test func aDroppedFramesTimeGoesToTheFrameBeforeIt() throws {
        let schedule = AnimationSchedule(try Self.realRun(measuredMs: [3, 101, nil, 330]))
        #expect(schedule.frames.map { "\($0.position):\($0.delayMs)" } == ["0:98", "1:229", "3:70"])
    }

    @Test func aFrameMeasuredAfterTheWindowsEndStaysForNoTime() throws {
        let schedule = AnimationSchedule(try Self.realRun(measuredMs: [0, 100, 200, 401]))
        #expect(schedule.frames.map { "\($0.position):\($0.delayMs)" } == ["0:100", "1:100", "2:201", "3:0"])
    }
}

import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// The inbox control's silence on the virtual clock, exactly: `expect.announce` fails a panel that
/// exposes no semantic element while a listed phase is on screen.
@Suite struct AnnounceCheckTests {
    static func plan(announce: [String: [String]]) throws -> CapturePlan {
        var expect = BenchDefinition.inbox.defaultExpectations
        expect.minFrames = [:]
        expect.maxSharePercent = [:]
        expect.announce = announce
        return try CapturePlan(
            name: "announce", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .failed(message: "ASC 409 · version already exists"), latencyMs: 790)]),
            panels: ["loadedOnly", "allFour"], mode: .pinned, windowMs: 2000, frameIntervalMs: 250, scale: 1, expect: expect)
    }

    @Test func theControlIsSilentThroughLoadingAndFailureAndTheCandidateIsNot() throws {
        let plan = try Self.plan(announce: ["loadedOnly": ["loading", "failed"], "allFour": ["loading", "failed"]])
        let analysis = Analysis(try plan.run(clock: .virtual))
        #expect(analysis.checks.filter { $0.name.hasPrefix("announce.") } == [
            CheckResult(name: "announce.loadedOnly", passed: false, message: "loadedOnly exposed no semantic element during loading (790 ms, frames 0–3) and failed (1,210 ms, frames 4–7)"),
            CheckResult(name: "announce.allFour", passed: true, message: "allFour exposed a semantic element whenever loading and failed was on screen"),
        ])
        #expect(analysis.verdict == "failed: loadedOnly exposed no semantic element during loading (790 ms, frames 0–3) and failed (1,210 ms, frames 4–7).")
    }

    @Test func aPhaseNeverOnScreenIsNotSilence() throws {
        let analysis = Analysis(try Self.plan(announce: ["loadedOnly": ["empty"]]).run(clock: .virtual))
        #expect(analysis.passed)
        #expect(analysis.checks.last?.message == "loadedOnly exposed a semantic element whenever empty was on screen")
    }

    @Test func announceNamesPanelsOfThePlanAndPhasesOfTheBench() {
        let base = #"{"bench":"inbox","panels":["allFour"],"windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}],"expect":{"announce":"#
        #expect(throws: PlanError(path: "$.expect.announce.loadedOnly", message: "unknown panel 'loadedOnly' in this plan; expected one of: allFour")) {
            try CapturePlan(json: Data((base + #"{"loadedOnly":["loading"]}}}"#).utf8), name: "p", benches: [.inbox])
        }
        #expect(throws: PlanError(path: "$.expect.announce.allFour[1]", message: "expected one of: loading, empty, failed, loaded")) {
            try CapturePlan(json: Data((base + #"{"allFour":["loading","stale"]}}}"#).utf8), name: "p", benches: [.inbox])
        }
    }
}

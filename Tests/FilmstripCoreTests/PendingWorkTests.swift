import FilmstripSeedBenches
import FilmstripTestSupport
import FilmstripCore
import Foundation
import Testing

/// Work still pending when the window ends is reported, linted, and can be
/// filmed with `extendToSettle`.
@Suite struct PendingWorkTests {
    static func inboxPlan(latencyMs: Int = 2700, extend: Bool = false) throws -> CapturePlan {
        try CapturePlan(json: Data("""
            {"bench": "inbox", "mode": "pinned", "windowMs": 2350, "frameIntervalMs": 100,
             "script": [{"reply": "loaded", "latencyMs": \(latencyMs)}],
             "expect": {"minFrames": {"loading": 1}}\(extend ? #", "extendToSettle": true"# : "")}
            """.utf8), name: "inbox-pending", benches: [.inbox, .scenes, .orders])
    }

    @Test func aReplyAfterTheWindowIsPendingAtTheEndAndLinted() throws {
        let plan = try Self.inboxPlan()
        let run = try LookAhead(plan).recordedRun(clock: .virtual)
        #expect(run.frames.count == 24)
        #expect(run.frames.allSatisfy { $0.phase == "loading" })
        #expect(Analysis(run).phases.first?.dwell.ms == 2350)
        #expect(run.pendingAtEnd == PendingChange(atMs: 2700, phase: "loaded", event: "beat 1: reply loaded landed"))
        #expect(PlanLint.findings(for: plan) == [
            #"a scripted change falls after the window ends at 2,350 ms: loaded at 2,700 ms (beat 1: reply loaded landed); a window of at least 2,701 ms at the same 100 ms frame interval would include it (its first frame is at 2,700 ms), or set "extendToSettle": true"#,
        ])
    }

    @Test func extendToSettleFilmsTheFinalStateOnTheSameGrid() throws {
        let plan = try Self.inboxPlan(extend: true)
        #expect(plan.windowMs == 2350, "read as written; the command layer settles it")
        let settled = try plan.settled()
        #expect(settled.windowMs == 2800)
        #expect(settled.frameIntervalMs == 100 && settled.windowStartMs == 0)
        let run = try LookAhead(settled).recordedRun(clock: .virtual)
        #expect(run.frames.count == 28)
        #expect(run.frames.last.map { "\($0.tMs) \($0.phase ?? "")" } == "2700 loaded")
        #expect(run.pendingAtEnd == nil)
        #expect(PlanLint.findings(for: settled) == [])
        // A window that already shows the last change is left as it is.
        #expect(try Self.inboxPlan(latencyMs: 2000, extend: true).settled().windowMs == 2350)
    }

    /// The window is [start, end): a change exactly at its end is pending; one millisecond
    /// earlier it is inside.
    @Test(arguments: [(2349, false), (2350, true), (2351, true)])
    func aChangeAtTheWindowsEndIsPending(latencyMs: Int, pending: Bool) throws {
        let run = try LookAhead(try Self.inboxPlan(latencyMs: latencyMs)).recordedRun(clock: .virtual)
        #expect(run.pendingAtEnd == (pending ? PendingChange(atMs: latencyMs, phase: "loaded", event: "beat 1: reply loaded landed") : nil))
        #expect(PlanLint.findings(for: try Self.inboxPlan(latencyMs: latencyMs)).count == (pending ? 1 : 0))
    }

    @Test func aCycleHasANextChangeButOnlyItsFirstPassIsLinted() throws {
        let plan = try TestSupport.shippedPlan("inbox-cycle")
        let run = try LookAhead(plan).recordedRun(clock: .virtual)
        // The cycle is 9,471 ms; its second pass shows empty from 11,361 to 13,361, when beat 3's
        // fetch starts: a repeat, reported but not linted.
        #expect(run.pendingAtEnd == PendingChange(atMs: 13_361, phase: "loading", event: "beat 3: fetch started, failed after 791 ms"))
        #expect(PlanLint.findings(for: plan) == [])
    }

    @Test func ordersEventsAfterTheWindowArePending() throws {
        let plan = try CapturePlan(json: Data("""
            {"bench": "orders", "windowMs": 1000, "frameIntervalMs": 100,
             "script": [{"atMs": 0, "event": "reopen"}, {"atMs": 1500, "event": "reopen"}]}
            """.utf8), name: "orders-pending", benches: [.inbox, .scenes, .orders])
        let run = try LookAhead(plan).recordedRun(clock: .virtual)
        #expect(run.pendingAtEnd == PendingChange(atMs: 1500, phase: "loading", event: "request 2 (firstLoad) sent; the server answers in 400 ms"))
    }
}

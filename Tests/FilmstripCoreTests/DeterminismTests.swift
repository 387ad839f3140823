import FilmstripCore
import FilmstripTestSupport
import FilmstripRaster
import FilmstripSeedBenches
import Foundation
import Testing

@Suite struct DeterminismTests {
    @Test func twoHundredRunsGiveTheSameTimelineAndFrames() throws {
        let plan = try TestSupport.shippedPlan("inbox-cycle")
        let first = try (plan).run(clock: .virtual)
        #expect(first.timeline.count > 20)
        for _ in 0..<200 {
            let again = try (plan).run(clock: .virtual)
            #expect(again.timeline == first.timeline)
            #expect(Array(again.frames) == Array(first.frames))
            #expect(again.phaseSegments == first.phaseSegments)
        }
    }

    @Test func workWithoutEndIsStoppedNamingTheBenchAndItsLastEvent() throws {
        // Plans cannot describe a zero-length cycle (every path validates it), so a bench of the
        // test's own spins instead: it logs an event and sleeps 0 ms, forever.
        let plan = try CapturePlan(name: "spin", bench: SpinningBench.definition, settings: SpinningBench.Settings(), windowMs: 1000, frameIntervalMs: 100)
        do {
            _ = try plan.run(clock: .virtual)
            Issue.record("expected the run to be stopped")
        } catch {
            #expect(error.message.hasPrefix("bench spinning was stopped: work without end at 0 ms"))
            #expect(error.message.contains("last event at 0 ms: spin "))
        }
    }

    @Test func aRunMakesAtMostItsEventBudgetAcrossTheWholeWindow() throws {
        // Beats of 1 ms over an hour's window sampled once: each advance is one frame, so only a
        // budget for the whole run stops it before a million events, reading the plan and its lint.
        let json = #"""
        { "bench": "inbox", "mode": "cycle", "panels": ["allFour"], "windowMs": 3600000, "frameIntervalMs": 3600000,
          "script": [ { "reply": "loaded", "latencyMs": 1, "holdMs": 1 }, { "reply": "empty", "latencyMs": 1, "holdMs": 1 } ] }
        """#
        let plan = try CapturePlan(json: Data(json.utf8), name: "hourly", benches: [.inbox])
        #expect(LookAhead(plan).timeline == nil)
        do {
            _ = try plan.run(clock: .virtual)
            Issue.record("expected the run to be stopped")
        } catch {
            #expect(error.message.hasPrefix("bench inbox was stopped: work without end at 100001 ms: more than 100000 events in the run (the limit of one run), before the frame at 3600000 ms; lengthen the script's latencies or holds"))
        }
    }
}

/// A bench whose work never lets time advance: each step logs an event and sleeps 0 ms.
final class SpinningBench: Bench {
    /// No counters kept (reports show `{}`).
    var counters: [String: Int] { [:] }
    /// No phase carries a detail worth a caption.
    func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
    /// No notes: the bench meets nothing outside the process.
    var notes: [String] { [] }
    /// No requests, so none timed.
    var loadTimings: [LoadTiming] { [] }
    enum Phase: BenchPhase {
        enum Name: String, CaseIterable, Sendable { case spinning }
        case spinning
        var name: Name { .spinning }
    }

    struct Settings: BenchSettings {}

    struct Drawing: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
        var id: String { "only" }
        var title: String { "ONLY" }
        var tint: Color { Palette.mint }
        func depiction(for phase: Phase, atMs timeMs: Int) -> Depiction { Depiction("nothing") }
        func draw(_ phase: Phase, atMs timeMs: Int, on painter: inout PanelPainter) {}
    }

    static let definition = BenchDefinition(
        name: "spinning",
        summary: "spins",
        phases: { (_: Phase.Name) in PhaseStyle(color: .white) },
        panels: [PanelEntry<Phase, Settings>(Drawing())],
        run: .init(
            members: [],
            settings: { _, _ in Settings() },
            bench: { _, _ in SpinningBench() }),
        analysis: .init(
            depictions: [DepictionStyle("nothing", color: .white)],
            expect: .init()))

    var initialPhase: Phase { .spinning }
    func phase(atMs timeMs: Int) -> Phase { .spinning }
    func run(clock: BenchClock, timeline: TimelineLog<Phase>) async {
        var step = 0
        while !Task.isCancelled {
            timeline.event("spin \(step)", atMs: clock.nowMs())
            step += 1
            do { try await clock.sleep(forMs: 0) } catch { return }
        }
    }
}

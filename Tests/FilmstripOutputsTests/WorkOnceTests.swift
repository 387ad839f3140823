import FilmstripCore
@testable import FilmstripOutputs
import FilmstripRaster
import FilmstripReports
import FilmstripTestSupport
import Foundation
import Synchronization
import Testing

/// Work once (STYLE 24): the bench runs at most twice per plan (one look-ahead shared by the
/// lint and the pending-work scan, then the recorded run) and each frame row is built once.
@Suite struct WorkOnceTests {
    /// A bench of the test's own that counts how often it is made (once per run): loading for
    /// 300 ms, then loaded.
    final class CountedBench: Bench {
    /// No counters kept (reports show `{}`).
    var counters: [String: Int] { [:] }
    /// No phase carries a detail worth a caption.
    func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
    /// No notes: the bench meets nothing outside the process.
    var notes: [String] { [] }
    /// No requests, so none timed.
    var loadTimings: [LoadTiming] { [] }
        enum Phase: BenchPhase {
            enum Name: String, CaseIterable, Sendable { case loading, loaded }
            case loading, loaded
            var name: Name { self == .loading ? .loading : .loaded }
        }

        struct Settings: BenchSettings {}

        struct Drawing: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
            var id: String { "only" }
            var title: String { "ONLY" }
            var tint: Color { Palette.mint }
            func depiction(for phase: Phase, atMs timeMs: Int) -> Depiction { Depiction(phase == .loading ? "spinner" : "rows") }
            func draw(_ phase: Phase, atMs timeMs: Int, on painter: inout PanelPainter) {}
        }

        let phase = Mutex(Phase.loading)
        var initialPhase: Phase { .loading }
        func phase(atMs timeMs: Int) -> Phase { phase.withLock { $0 } }
        func run(clock: BenchClock, timeline: TimelineLog<Phase>) async {
            do { try await clock.sleep(forMs: 300) } catch { return }
            phase.withLock { $0 = .loaded }
            timeline.enter(.loaded, atMs: clock.nowMs())
        }

        /// How many times the bench was made, over every definition of this suite.
        final class Runs: Sendable {
            let count = Mutex(0)
        }

        static func definition(counting runs: Runs) -> BenchDefinition {
            BenchDefinition(
                name: "counted",
                summary: "counts its runs",
                phases: { (_: Phase.Name) in PhaseStyle(color: .white) },
                panels: [PanelEntry<Phase, Settings>(Drawing())],
                run: .init(
                    members: [],
                    settings: { _, _ in Settings() },
                    bench: { _, _ in
                        runs.count.withLock { $0 += 1 }
                        return CountedBench()
                    }),
                analysis: .init(
                    depictions: [DepictionStyle("spinner", color: .white), DepictionStyle("rows", color: .white)],
                    expect: .init()))
        }
    }

    @Test func theBenchRunsTwicePerPlanAndEachFrameRowIsBuiltOnce() throws {
        let runs = CountedBench.Runs()
        let plan = try CapturePlan(
            name: "counted", bench: CountedBench.definition(counting: runs), settings: CountedBench.Settings(), windowMs: 1000, frameIntervalMs: 100,
            expect: .init(minFrames: ["loaded": 1]))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("work-once-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let counter = WorkCounter()
        let recording = try WorkCounter.$current.withValue(counter) {
            try PlanOutputs(plan: plan, root: root, font: TestSupport.font).record()
        }
        #expect(recording.passed)
        #expect(runs.count.withLock { $0 } == 2, "the look-ahead and the recorded run")
        #expect(counter.value == 10, "one row for each of the 10 frames")

        runs.count.withLock { $0 = 0 }
        let rowsBefore = counter.value
        let comparison = try WorkCounter.$current.withValue(counter) {
            try PlanOutputs(plan: plan, root: root, font: TestSupport.font).compare()
        }
        #expect(comparison.matches, "\(comparison.findings)")
        #expect(runs.count.withLock { $0 } == 2)
        #expect(counter.value - rowsBefore == 10)
    }
}

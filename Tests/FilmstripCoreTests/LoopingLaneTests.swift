import FilmstripCore
import FilmstripReports
import FilmstripTestSupport
import Foundation
import Observation
import Testing

/// A search model that, from its second keystroke on, spins: it yields to itself without end.
@MainActor @Observable
final class SpinningSearchModel {
    var query = "" {
        didSet {
            state = .searching
            guard query.count > 1 else { return }
            Task { while true { await Task.yield() } }
        }
    }
    private(set) var state = DebouncedSearchModel.State.idle
}

extension HostedMainActorSuites {
    /// A lane whose model works without end is stopped at that instant, named, and fails; the
    /// other lanes run on, and the run's frames and report are made as for any run.
    @Suite struct LoopingLaneTests {
        typealias SearchPhase = ModelBenchTests.SearchPhase

        static let lanes = BenchDefinition.modelLanes(
            name: "spinninglanes", summary: "the debounced search beside a model that spins",
            phaseStyle: { (name: SearchPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .searching) },
            depictions: ["idle", "waiting", "results", "failed"].map { DepictionStyle($0, color: .white) } + [DepictionStyle("spinner", color: .white, role: .loader)],
            lanes: [
                ModelLane(
                    panel: ModelBenchTests.ScreenPanel(id: "debounced"), make: { clock, http in DebouncedSearchModel(clock: clock, search: LaneVerdictTests.strictSearching(http)) },
                    phase: { SearchPhase($0.state) }, perform: { model, event in if case .type(_, let text) = event.action { model.query = text } }),
                ModelLane(
                    panel: ModelBenchTests.ScreenPanel(id: "spinning"), make: { _, _ in SpinningSearchModel() },
                    phase: { SearchPhase($0.state) }, perform: { model, event in if case .type(_, let text) = event.action { model.query = text } }),
            ],
            defaultExpectations: .init(), initialPhase: .idle)

        /// Two keystrokes 100 ms apart; the server answers the debounced lane's one request after 250 ms.
        static func plan() throws -> CapturePlan {
            let json = """
                {"bench": "spinninglanes", "panels": ["debounced", "spinning"],
                 "script": [{"atMs": 0, "type": "query", "text": "s"}, {"atMs": 100, "type": "query", "text": "sw"}],
                 "http": [{"method": "GET", "path": "/search", "answers": [{"status": 200, "headersAfterMs": 250, "body": "hit"}]}],
                 "windowMs": 1000, "frameIntervalMs": 100, "expect": {"minFrames": {"searching": 1}}}
                """
            return try CapturePlan(json: Data(json.utf8), name: "spinninglanes", benches: [lanes])
        }

        static let stopped = "lane spinning was stopped at 100 ms: work without end at 100 ms: more than 100000 steps of work without becoming idle; the other lanes ran on"

        @Test func aSpinningLaneIsStoppedNamedAndFailsWhileTheOtherRunsOn() throws {
            let run = try Self.plan().run(clock: .virtual)
            let analysis = Analysis(run)
            #expect(!analysis.passed)
            #expect(analysis.reasons == [Self.stopped])
            #expect(analysis.verdict == "failed: \(Self.stopped).")
            #expect(analysis.lanes.map(\.verdict) == ["passed", "failed: \(Self.stopped)."])
            // The debounced lane, exact, as beside any other lane.
            let debounced = try #require(analysis.lanes.first)
            #expect(debounced.phases.filter { $0.dwell.ms > 0 }.map { "\($0.name) \($0.dwell.ms) ms \($0.dwell.frames) frames" } == [
                "waiting 400 ms 4 frames", "searching 250 ms 3 frames", "results 350 ms 3 frames",
            ])
            // The stopped lane stays where it was: searching from the first keystroke.
            let spinning = try #require(analysis.lanes.last)
            #expect(spinning.phases.filter { $0.dwell.ms > 0 }.map { "\($0.name) \($0.dwell.ms) ms" } == ["searching 1000 ms"])
            // Every frame was taken, and the report carries both lanes.
            #expect(run.frames.count == 10 && run.frames.allSatisfy { !$0.dropped })
            let report = RunReport(run: run, analysis: analysis, lint: [], renderedStills: [], withFiles: false)
            #expect(report.lanes?.mapValues(\.passed) == ["debounced": true, "spinning": false])
            #expect(report.lanes?["spinning"]?.verdict == "failed: \(Self.stopped).")
            #expect(report.verdict == "failed: \(Self.stopped).")
        }

        @Test func theSameLaneIsStoppedAtTheSameInstantOnEveryRun() throws {
            let verdicts = try (0..<3).map { _ in Analysis(try Self.plan().run(clock: .virtual)).verdict }
            #expect(Set(verdicts) == ["failed: \(Self.stopped)."])
        }
    }
}

import FilmstripCore
import FilmstripReports
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Observation
import Testing

/// A search on every keystroke that shows the last keystroke's answer, a failure included: the
/// lane beside the debounced model that meets the server's 404.
@MainActor @Observable
final class StrictEagerSearchModel {
    var query = "" {
        didSet {
            let query = query
            generation += 1
            let generation = generation
            state = .searching
            Task {
                do {
                    let rows = try await search(query)
                    if generation == self.generation { state = .results(rows) }
                } catch {
                    if generation == self.generation { state = .failed("\(error)") }
                }
            }
        }
    }
    private(set) var state = DebouncedSearchModel.State.idle
    private var generation = 0
    private let search: @Sendable (String) async throws -> [String]

    init(search: @escaping @Sendable (String) async throws -> [String]) {
        self.search = search
    }
}

extension HostedMainActorSuites {
    /// Each lane of a bench with lanes is judged on its own: its phase dwell, coverage and
    /// verdict, against the plan's `expect` or its own entry in `expect.lanes`.
    @Suite struct LaneVerdictTests {
        typealias SearchPhase = ModelBenchTests.SearchPhase

        struct NotFound: Error, CustomStringConvertible {
            var description: String { "HTTP 404" }
        }

        /// A search that throws on any status but 2xx.
        static func strictSearching(_ http: ScriptedTransport) -> @Sendable (String) async throws -> [String] {
            { query in
                let (data, response) = try await http.send(URLRequest(url: URL(string: "http://api.test/search?q=\(query)")!))
                guard (200..<300).contains(response.statusCode) else { throw NotFound() }
                return [String(decoding: data, as: UTF8.self)]
            }
        }

        static let lanes = BenchDefinition.modelLanes(
            name: "strictlanes", summary: "the debounced search beside an eager one that shows failures",
            phaseStyle: { (name: SearchPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .searching) },
            depictions: ["idle", "waiting", "results", "failed"].map { DepictionStyle($0, color: .white) } + [DepictionStyle("spinner", color: .white, role: .loader)],
            lanes: [
                ModelLane(
                    panel: ModelBenchTests.ScreenPanel(id: "debounced"), make: { clock, http in DebouncedSearchModel(clock: clock, search: strictSearching(http)) },
                    phase: { SearchPhase($0.state) }, perform: { model, event in if case .type(_, let text) = event.action { model.query = text } }),
                ModelLane(
                    panel: ModelBenchTests.ScreenPanel(id: "eager"), make: { _, http in StrictEagerSearchModel(search: strictSearching(http)) },
                    phase: { SearchPhase($0.state) }, perform: { model, event in if case .type(_, let text) = event.action { model.query = text } }),
            ],
            defaultExpectations: .init(), initialPhase: .idle)

        /// Two keystrokes 100 ms apart; the server answers the first request 200 after 250 ms and
        /// the second 404 after 100 ms. The debounced lane sends one request (200), the eager lane
        /// two, and its second, the one it shows, gets the 404.
        static func plan(expect: String, notFoundAfterMs: Int = 100) throws -> CapturePlan {
            let json = """
                {"bench": "strictlanes", "panels": ["debounced", "eager"],
                 "script": [{"atMs": 0, "type": "query", "text": "s"}, {"atMs": 100, "type": "query", "text": "sw"}],
                 "http": [{"method": "GET", "path": "/search", "answers": [
                   {"status": 200, "headersAfterMs": 250, "body": "hit"}, {"status": 404, "headersAfterMs": \(notFoundAfterMs), "body": ""}]}],
                 "windowMs": 1000, "frameIntervalMs": 100, "expect": \(expect)}
                """
            return try CapturePlan(json: Data(json.utf8), name: "strictlanes", benches: [lanes])
        }

        @Test func aLaneWhoseServerAnswers404FailsTheRunNamingTheLane() throws {
            let analysis = Analysis(try Self.plan(expect: #"{"minFrames": {"results": 1}}"#).run(clock: .virtual))
            #expect(!analysis.passed)
            #expect(analysis.reasons == ["lane eager: results was never captured"])
            #expect(analysis.verdict == "failed: lane eager: results was never captured.")
            #expect(analysis.lanes.map(\.lane) == ["debounced", "eager"])
            #expect(analysis.lanes.map(\.verdict) == ["passed", "failed: results: 0 frames (0.0 s), at least 1 frame required."])
            #expect(analysis.checks.map(\.name) == ["coverage.debounced.results", "coverage.eager.results"])
            // Each lane's own phase dwell, exact: the eager lane failed at 200 ms and stayed failed.
            let eager = try #require(analysis.lanes.last)
            #expect(eager.phases.filter { $0.dwell.ms > 0 }.map { "\($0.name) \($0.dwell.ms) ms \($0.dwell.frames) frames" } == [
                "searching 200 ms 2 frames", "failed 800 ms 8 frames",
            ])
            let debounced = try #require(analysis.lanes.first)
            #expect(debounced.phases.filter { $0.dwell.ms > 0 }.map { "\($0.name) \($0.dwell.ms) ms \($0.dwell.frames) frames" } == [
                "waiting 400 ms 4 frames", "searching 250 ms 3 frames", "results 350 ms 3 frames",
            ])
        }

        @Test func aLaneGivenItsOwnExpectationsCanPass() throws {
            let analysis = Analysis(try Self.plan(expect: #"{"minFrames": {"results": 1}, "lanes": {"eager": {"minFrames": {"failed": 8}}}}"#).run(clock: .virtual))
            #expect(analysis.passed)
            #expect(analysis.checks.map(\.name) == ["coverage.debounced.results", "coverage.eager.failed"])
            #expect(analysis.lanes.map(\.verdict) == ["passed", "passed"])
            // One frame more than the lane showed fails, naming the lane.
            let over = Analysis(try Self.plan(expect: #"{"minFrames": {"results": 1}, "lanes": {"eager": {"minFrames": {"failed": 9}}}}"#).run(clock: .virtual))
            #expect(over.reasons == ["lane eager: failed was captured in 8 frames, 9 required"])
        }

        @Test func everyLaneMeetsThePlansDominanceLimits() throws {
            let analysis = Analysis(try Self.plan(expect: #"{"maxSharePercent": {"failed": 50}}"#).run(clock: .virtual))
            #expect(analysis.reasons == ["lane eager: failed filled 8 of 10 frames (0.8 s of 1.0 s, limit 50%)"])
            #expect(analysis.checks.map { "\($0.name) \($0.passed)" } == ["dominance.debounced.failed true", "dominance.eager.failed false"])
        }

        @Test func reportGivesEachLanesDwellLoaderRequestsAndVerdict() throws {
            let run = try Self.plan(expect: #"{"minFrames": {"results": 1}}"#).run(clock: .virtual)
            let report = RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: false)
            #expect(report.reportFormat == 4)
            let lanes = try #require(report.lanes)
            #expect(lanes.keys.sorted() == ["debounced", "eager"])
            #expect(lanes.mapValues { $0.dwell.filter { $0.value.ms > 0 }.mapValues { "\($0.ms) ms \($0.frames) frames" } } == [
                "debounced": ["waiting": "400 ms 4 frames", "searching": "250 ms 3 frames", "results": "350 ms 3 frames"],
                "eager": ["searching": "200 ms 2 frames", "failed": "800 ms 8 frames"],
            ])
            #expect(lanes.mapValues(\.requests) == ["debounced": 1, "eager": 2])
            #expect(lanes.mapValues { $0.loader?.visibleMs } == ["debounced": 250, "eager": 200])
            #expect(lanes.mapValues(\.verdict) == ["debounced": "passed", "eager": "failed: results: 0 frames (0.0 s), at least 1 frame required."])
            #expect(lanes.mapValues(\.passed) == ["debounced": true, "eager": false])
            #expect(report.verdict == "failed: lane eager: results was never captured.")
        }

        @Test(ExternalTool.chromium.required)
        func contactSheetDrawsAPhaseBarPerLaneInChromium() throws {
            let chromium = try ExternalTool.chromium.path()
            let run = try Self.plan(expect: #"{"minFrames": {"results": 1}}"#).run(clock: .virtual)
            let analysis = Analysis(run)
            let report = RunReport(run: run, analysis: analysis, lint: [], renderedStills: [], withFiles: false)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lane-bars-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let page = folder.appendingPathComponent("index.html")
            try Data(ContactSheet.html(report: report, run: run, analysis: analysis).utf8).write(to: page)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: chromium)
            process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // The phase bars in the DOM Chromium built, by their labels, in lane order.
            let labels = dom.components(separatedBy: "aria-label=\"").dropFirst().map { $0.prefix { $0 != "\"" } }.filter { $0.hasSuffix("phase timeline to scale") }
            #expect(labels == ["debounced · phase timeline to scale", "eager · phase timeline to scale"])
            #expect(dom.contains("<div class=\"barlabel\">debounced · phase</div>"))
            #expect(dom.contains("<div class=\"barlabel\">eager · phase</div>"))
            #expect(dom.contains("<h2>Dwell per phase: lane eager</h2>"))
        }

        @Test func aLaneGateTripsOnlyOnItsOwnLane() throws {
            // B's 404 comes 300 ms later: only the eager lane, which sends the second request, searches longer.
            func side(_ notFoundAfterMs: Int) throws -> ComparisonSide {
                let run = try Self.plan(expect: "{}", notFoundAfterMs: notFoundAfterMs).run(clock: .virtual)
                return try ComparisonSide(reportJSON: RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: false).jsonData(), source: "\(notFoundAfterMs)")
            }
            let comparison = RunComparison(a: try side(100), b: try side(400), bench: Self.lanes)
            #expect(comparison.a.laneMs["eager"]?["searching"] == 200)
            #expect(comparison.b.laneMs["eager"]?["searching"] == 500)
            let gates = ["eager:searching+29.99", "eager:searching+30", "debounced:searching+0", "searching+0"].map { ComparisonGate($0)! }
            #expect(gates.map { $0.outcome(comparison).tripped } == [true, false, false, false])
            #expect(gates[0].outcome(comparison).message == "eager:searching+29.99: lane eager's searching time share changed by +30.0 points (20.0% → 50.0%): more than the 29.99 allowed")
            #expect(ComparisonGate("naive:loading+5") == .laneShareGrowth(lane: "naive", phase: "loading", hundredths: 500))
            #expect(ComparisonGate("naive:loading+5")?.unknownPhase(in: Self.lanes) == "loading")
            #expect(ComparisonGate(":loading+5") == nil)
            #expect(ComparisonGate("a:b:loading+5") == nil)
        }

        @Test func timeChangesAreSaidPerLane() throws {
            // B's 404 comes 300 ms later: only the eager lane searches longer.
            func report(_ notFoundAfterMs: Int) throws -> RunReport {
                let run = try Self.plan(expect: "{}", notFoundAfterMs: notFoundAfterMs).run(clock: .virtual)
                return RunReport(run: run, analysis: Analysis(run), lint: [], renderedStills: [], withFiles: false)
            }
            let timing = TimingChanges(recorded: try report(100), fresh: try report(400), bench: Self.lanes)
            #expect(timing.sections.filter { $0.kind == .lane }.map(\.label) == ["lane eager"])
            // The report's `dwell` is the first lane's (debounced, unchanged): the eager lane's own
            // phases say what changed.
            #expect(timing.lines == [
                "time changed (recorded → fresh):",
                "  lane eager: searching 200 ms (20.0%) → 500 ms (50.0%), +300 ms",
                "  lane eager: failed 800 ms (80.0%) → 500 ms (50.0%), -300 ms",
                "  panel eager: failed 800 ms (80.0%) → 500 ms (50.0%), -300 ms",
                "  panel eager: spinner 200 ms (20.0%) → 500 ms (50.0%), +300 ms",
                "  panel eager: flash removed: 200 ms at 0 ms",
                "  first differing frame: 2 at 200 ms (panel eager: failed → spinner)",
            ])
        }

        @Test func laneExpectationsNameOnlyThePlansLanes() throws {
            #expect(throws: PlanError(path: "$.expect.lanes.naive", message: "unknown lane 'naive' in this plan; expected one of: debounced, eager")) {
                try Self.plan(expect: #"{"lanes": {"naive": {"minFrames": {"failed": 1}}}}"#)
            }
            #expect(throws: PlanError(path: "$.expect.lanes.eager.minFrames.gone", message: "unknown phase 'gone'; expected one of: idle, waiting, searching, results, failed")) {
                try Self.plan(expect: #"{"lanes": {"eager": {"minFrames": {"gone": 1}}}}"#)
            }
            #expect(throws: PlanError.self) {
                try Self.plan(expect: #"{"lanes": {"eager": {"maxFlashes": {"eager": 1}}}}"#)
            }
            #expect(throws: PlanError(path: "$.expect.lanes.allFour", message: "unknown lane 'allFour' in this plan; expected one of: none (the inbox bench has no lanes)")) {
                try CapturePlan(json: Data(#"{"bench": "inbox", "windowMs": 1000, "frameIntervalMs": 100, "expect": {"lanes": {"allFour": {}}}}"#.utf8), name: "p", benches: [.inbox])
            }
        }
    }
}

@testable import FilmstripCore
@testable import FilmstripOutputs
import FilmstripRaster
import FilmstripReports
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Synchronization
import Testing

/// `OutputRenderer` draws every frame once: the strip keeps the frames it shows (at most
/// ``FilmstripImage/maxFrames``) as it drew them, and their batches take them from it.
@Suite struct DrawnOnceTests {
    /// A recorded `plan` checked against a run that counts what it draws: sample index → draws.
    static func drawsOfACheck(_ plan: CapturePlan) throws -> (draws: [Int: Int], findings: [String], frames: Int) {
        let root = try PlanOutputsTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outputs = PlanOutputs(plan: plan, root: root, font: TestSupport.font)
        #expect(try outputs.record().passed)
        let recorded = try #require(try RecordedReport.open(path: "\(outputs.folder)/report.json"))
        let (run, lint) = try LintedRun(plan, file: outputs.file, clock: .virtual).parts
        let draws = Mutex<[Int: Int]>([:])
        let draw = run.draw
        let counted = RecordedRun(
            plan: run.plan, clock: run.clock, timeline: run.timeline, phaseSegments: run.phaseSegments,
            depictionSegments: run.depictionSegments, frames: run.frames, stills: run.stills,
            phaseNames: run.phaseNames, violations: run.violations, counters: run.counters, notes: run.notes,
            loadTimings: run.loadTimings, silentSegments: run.silentSegments
        ) { sample, font, scale, panels in
            draws.withLock { $0[sample, default: 0] += 1 }
            return draw(sample, font, scale, panels)
        }
        let comparison = OutputComparison(folder: outputs.folder, run: counted, recorded: RecordedDigests(report: recorded))
        _ = try OutputRenderer(run: counted, analysis: Analysis(counted), lint: lint, font: TestSupport.font, planFile: outputs.planFile)
            .produce(images: comparison, documents: comparison)
        return (draws.withLock { $0 }, comparison.findings, run.frames.count)
    }

    @Test func aPlanWhoseStripShowsEveryFrameDrawsEachOnce() throws {
        let (draws, findings, frames) = try Self.drawsOfACheck(PlanOutputsTests.plan())
        #expect(findings == [])
        #expect(frames == 4)
        #expect(draws == [0: 1, 1: 1, 2: 1, 3: 1])
    }

    @Test func aPlanOfMoreFramesThanTheStripShowsDrawsEachOnce() throws {
        // 40 frames every 100 ms: the strip shows 32 of them (FilmstripImage.frameIndices).
        let plan = try CapturePlan(
            name: "forty", bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: 900, holdMs: 5000)]),
            mode: .pinned, windowMs: 4000, frameIntervalMs: 100, scale: 1,
            expect: CapturePlan.Expectations(minFrames: ["loaded": 1]))
        let (draws, findings, frames) = try Self.drawsOfACheck(plan)
        #expect(findings == [])
        #expect(frames == 40)
        #expect(FilmstripImage.frameIndices(count: 40).count == 32)
        #expect(draws == Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, 1) }))
    }
}

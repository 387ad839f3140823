import FilmstripCore
import FilmstripSeedBenches
import FilmstripRaster
import Foundation
import Testing

/// Shared fixtures for the core tests.
package enum TestSupport {
    /// The repository root, found from this file's path.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled misc-fixed 6x13 font, read from the command target's resources.
    package static let font: BitmapFont = {
        let url = root.appendingPathComponent("Sources/FilmstripOutputs/Resources/Fonts/6x13.bdf")
        let data = try! Data(contentsOf: url)
        return try! BitmapFont(bdf: String(decoding: data, as: UTF8.self))
    }()

    /// Every input kept in `Tests/Fuzz/regressions/<target>/` (inputs that once crashed or hung
    /// a fuzz target, and inputs of the kinds an issue named), sorted by name.
    /// Runs the one test `name` in a new process of this test binary, with `variable` set to
    /// `1` (the test is enabled only then); returns its exit status and everything it printed.
    package static func runInProcessOfItsOwn(_ name: String, variable: String) throws -> (status: Int32, output: String) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", name]
        child.environment = ProcessInfo.processInfo.environment.merging([variable: "1"]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }

    /// Runs the one test `name` in a process of its own (``runInProcessOfItsOwn(_:variable:)``)
    /// and expects it to have run and passed there: exit 0 and Swift Testing's `name() passed`.
    package static func expectPassInProcessOfItsOwn(_ name: String, variable: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (status, text) = try runInProcessOfItsOwn(name, variable: variable)
        #expect(status == 0, "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("\(name)() passed"), "\(text)", sourceLocation: sourceLocation)
    }

    package static func fuzzRegressions(_ target: String) -> [URL] {
        let folder = root.appendingPathComponent("Tests/Fuzz/regressions/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The plans shipped in `captures/`: the names of `captures/*.json`, sorted. Tests take
    /// the list from here, never from a list of their own.
    package static let shippedPlanNames: [String] = {
        let folder = root.appendingPathComponent("captures")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// A plan shipped in `captures/`; a live plan's `${FILMSTRIP_LIVE_PORT}` reads as port 9
    /// (the plan is parsed, not run).
    package static func shippedPlan(_ name: String) throws -> CapturePlan {
        let text = try String(contentsOf: root.appendingPathComponent("captures/\(name).json"), encoding: .utf8)
        let data = Data(text.replacingOccurrences(of: "${FILMSTRIP_LIVE_PORT}", with: "9").utf8)
        return try CapturePlan(json: data, name: name, benches: [.inbox, .scenes, .orders, .liveInbox])
    }

    /// An inbox plan built in code (validation is the JSON reader's job; these are valid).
    package static func plan(
        mode: CapturePlan.Mode = .cycle, script: [Beat], windowStartMs: Int = 0, windowMs: Int,
        intervalMs: Int, slowMotion: SlowMotion = .off, stills: [CapturePlan.Still] = [],
        minFrames: [String: Int]? = nil, maxSharePercent: [String: Int]? = nil
    ) -> CapturePlan {
        var expect = BenchDefinition.inbox.defaultExpectations
        if let minFrames { expect.minFrames = minFrames }
        if let maxSharePercent { expect.maxSharePercent = maxSharePercent }
        return try! CapturePlan(
            name: "test", bench: .inbox, settings: InboxSettings(script: script), panels: ["loadedOnly", "allFour"], mode: mode,
            slowMotion: slowMotion, windowStartMs: windowStartMs, windowMs: windowMs, frameIntervalMs: intervalMs, scale: 1,
            stills: stills, expect: expect)
    }

    /// A plan loading dominates, so it fails: slow motion 1.5, an 8 s (12 s stretched) loading beat at the
    /// front of a 12 s recording sampled in six frames.
    package static let seedFailingPlan = plan(
        script: [
            Beat(reply: .loading, latencyMs: 8000),
            Beat(reply: .empty, latencyMs: 790, holdMs: 2000),
            Beat(reply: .failed(message: "ASC 409 · version already exists"), latencyMs: 791, holdMs: 2000),
            Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: 790, holdMs: 2000),
        ],
        windowMs: 12_000, intervalMs: 2000, slowMotion: SlowMotion(permille: 1500))
}

extension Analysis {
    /// Dwell ms per phase, as a dictionary, for compact assertions.
    package var phaseMs: [String: Int] { Dictionary(uniqueKeysWithValues: phases.map { ($0.name, $0.dwell.ms) }) }
    /// Frame counts per phase.
    package var phaseFrames: [String: Int] { Dictionary(uniqueKeysWithValues: phases.map { ($0.name, $0.dwell.frames) }) }
}

/// A seeded generator (SplitMix64) for property tests: the same seed gives the same sequence
/// on every platform, so a failing case can be replayed.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

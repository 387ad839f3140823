import FilmstripCore
import FilmstripSeedBenches
import FilmstripRaster
import Foundation

/// Shared fixtures for the core tests.
enum TestSupport {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled misc-fixed 6x13 font, read from the command target's resources.
    static let font: BitmapFont = {
        let url = root.appendingPathComponent("Sources/FilmstripCLI/Resources/Fonts/6x13.bdf")
        let data = try! Data(contentsOf: url)
        return try! BitmapFont(bdf: String(decoding: data, as: UTF8.self))
    }()

    /// The names of the plans shipped in `captures/` (their files without `.json`), sorted.
    static func shippedPlanNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("captures").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A plan shipped in `captures/`; a live plan's `${FILMSTRIP_LIVE_PORT}` reads as port 9
    /// (the plan is parsed, not run).
    static func shippedPlan(_ name: String) throws -> CapturePlan {
        let text = try String(contentsOf: root.appendingPathComponent("captures/\(name).json"), encoding: .utf8)
        let data = Data(text.replacingOccurrences(of: "${FILMSTRIP_LIVE_PORT}", with: "9").utf8)
        return try CapturePlan(json: data, name: name, benches: [.inbox, .scenes, .orders, .liveInbox])
    }

    /// An inbox plan built in code (validation is the JSON reader's job; these are valid).
    static func plan(
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

    /// Seed 000's failing plan: slow motion 1.5, an 8 s (12 s stretched) loading beat at the
    /// front of a 12 s recording sampled in six frames.
    static let seedFailingPlan = plan(
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
    var phaseMs: [String: Int] { Dictionary(uniqueKeysWithValues: phases.map { ($0.name, $0.dwell.ms) }) }
    /// Frame counts per phase.
    var phaseFrames: [String: Int] { Dictionary(uniqueKeysWithValues: phases.map { ($0.name, $0.dwell.frames) }) }
}

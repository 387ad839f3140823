import FilmstripCore
import FilmstripRaster
import Foundation

/// Shared fixtures for the core tests.
enum TestSupport {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled misc-fixed 6x13 font, read from the command target's resources.
    static let font: BitmapFont = {
        let url = root.appendingPathComponent("Sources/FilmstripCommand/Resources/Fonts/6x13.bdf")
        let data = try! Data(contentsOf: url)
        return try! BitmapFont(bdf: String(decoding: data, as: UTF8.self))
    }()

    /// A plan shipped in `captures/`.
    static func shippedPlan(_ name: String) throws -> CapturePlan {
        let data = try Data(contentsOf: root.appendingPathComponent("captures/\(name).json"))
        return try CapturePlan(json: data, name: name)
    }

    /// An inbox plan built in code (validation is the JSON reader's job; these are valid).
    static func plan(
        mode: CapturePlan.Mode = .cycle, script: [Beat], windowStartMs: Int = 0, windowMs: Int,
        intervalMs: Int, slowMotion: SlowMotion = .off, stills: [CapturePlan.Still] = [],
        minFrames: [String: Int]? = nil, maxSharePercent: [String: Int]? = nil
    ) -> CapturePlan {
        var expect = CapturePlan.Expectations.defaults(phases: InboxPhase.names)
        if let minFrames { expect.minFrames = minFrames }
        if let maxSharePercent { expect.maxSharePercent = maxSharePercent }
        return CapturePlan(
            name: "test", bench: "inbox", panels: ["loadedOnly", "allFour"], mode: mode, slowMotion: slowMotion,
            script: script, windowStartMs: windowStartMs, windowMs: windowMs, frameIntervalMs: intervalMs, scale: 1,
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

/// A seeded generator (SplitMix64) for property tests: the same seed gives the same sequence
/// on every platform, so a failing case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

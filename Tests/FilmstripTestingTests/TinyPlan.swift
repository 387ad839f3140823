import Filmstrip
import FilmstripSeedBenches
import Foundation

/// A four-frame plan at 1× on the inbox bench, so each assertion runs in milliseconds: frames at
/// 0 and 250 ms show loading, at 500 and 750 ms the three sample rows. Its outputs are seven
/// files: four frames, the strip, `report.json` and `index.html`.
enum TinyPlan {
    static func plan(named name: String = "tiny") throws -> CapturePlan {
        try CapturePlan(
            name: name, bench: .inbox,
            settings: InboxSettings(script: [Beat(reply: .loaded(rows: ManifestRow.samples), latencyMs: 400, holdMs: 1000)]),
            mode: .pinned, windowMs: 1000, frameIntervalMs: 250, scale: 1,
            expect: CapturePlan.Expectations(minFrames: ["loaded": 1]))
    }

    /// A fresh output root of this test's own under the temporary folder.
    static func root() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("filmstrip-testing-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Sets pixel (x, y) of a recorded PNG to `color`, keeping every other pixel.
    static func paint(_ file: URL, x: Int, y: Int, _ color: Color) throws {
        var canvas = try PNGCodec.decode(Array(try Data(contentsOf: file)))
        canvas.setPixel(x: x, y: y, to: color)
        try Data(try PNGCodec.encode(canvas)).write(to: file)
    }

    static func decode(_ file: String) throws -> Canvas {
        try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    }
}

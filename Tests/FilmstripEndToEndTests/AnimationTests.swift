import FilmstripPNG
import FilmstripTestSupport
import Foundation
import Testing

/// `animation.png` end to end: recorded by the built binary, decoded by Pillow's APNG reader
/// (`Fixtures/apng_frames.py`, a decoder filmstrip did not write), compared with the frame PNGs.
struct AnimationTests {
    /// A 2,300 ms window at 500 ms frames: five frames, the last shown for the 300 ms left.
    /// Loading at 0 and 500 ms (the counters change), failed from 700 ms: frames 3 and 4
    /// differ from the one before only in the time label at the top.
    static let plan = """
        {
          "bench": "inbox",
          "summary": "Five frames for the animation test.",
          "mode": "pinned",
          "script": [
            { "reply": "failed", "latencyMs": 700, "message": "ASC 409 · version already exists" }
          ],
          "windowMs": 2300,
          "frameIntervalMs": 500,
          "expect": { "minFrames": {}, "maxSharePercent": {} }
        }
        """

    /// `python3 arguments` with the `python3` that imports Pillow (``ExternalTool/pillow``).
    static func python(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.pillow.path())
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// Records the plan into a fresh workspace; returns the plan's folder.
    func recorded() throws -> URL {
        let workspace = try CommandRunner.workspace(plans: [])
        try Data(Self.plan.utf8).write(to: workspace.appendingPathComponent("captures/animated.json"))
        let result = try CommandRunner.run(["record", "captures/animated.json"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        return workspace.appendingPathComponent("captures/animated")
    }

    @Test(ExternalTool.pillow.required)
    func pillowDecodesEveryFrameWithItsDelayAndPixels() throws {
        let folder = try recorded()
        let decoded = try Self.python([CommandRunner.fixtures.appendingPathComponent("apng_frames.py").path, folder.appendingPathComponent("animation.png").path])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        let lines = decoded.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.first == ["frames", "5", "loop", "0"])
        let frames = lines.dropFirst()
        #expect(frames.map { $0[1] } == ["500", "500", "500", "500", "300"], "the frame interval, and the window's last 300 ms")
        for (index, frame) in frames.enumerated() {
            let png = try Data(contentsOf: folder.appendingPathComponent(String(format: "frames/%04d.png", index)))
            let pixels = try PNGCodec.decode(Array(png)).pixels
            #expect(frame[0] == String(index))
            #expect(frame[2] == PixelDigest.sha256(pixels), "frame \(index): Pillow's composited pixels equal the frame PNG's")
        }
        // At least one frame changes only part of the image, and one does not change at all.
        let chunks = try #require(PNGFile.chunks(Array(try Data(contentsOf: folder.appendingPathComponent("animation.png")))))
        let regions = chunks.filter { $0.type == "fcTL" }.map { [PNGFile.bigEndian32($0.data, at: 4), PNGFile.bigEndian32($0.data, at: 8)] }
        #expect(regions.first == [896, 374])
        // Dirty rectangles: frames 3 and 4 store only the time label (under 1,000 of 318,976 pixels).
        #expect(regions.count == 5 && regions[3][0] * regions[3][1] < 1000 && regions[4][0] * regions[4][1] < 1000, "\(regions)")
        #expect(regions[1][0] < 896 && regions[1][1] < 374, "\(regions)")
    }

    @Test func animationIsListedByteIdenticalOnReRunAndCheckedByCheck() throws {
        let folder = try recorded()
        let workspace = folder.deletingLastPathComponent().deletingLastPathComponent()
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(report?["animation"] as? String == "animation.png")
        let first = try Data(contentsOf: folder.appendingPathComponent("animation.png"))
        #expect(try CommandRunner.run(["record", "captures/animated.json"], in: workspace).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("animation.png")) == first, "the virtual clock gives the same bytes")
        let sheet = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        // Behind a control: nothing moves until the reader opens it (WCAG 2.2.2, reduced motion).
        #expect(sheet.contains("<details class=\"animation\"><summary>Play the animation (close to stop it)</summary><img class=\"animation\" src=\"./animation.png\" width=\"896\" height=\"374\" alt=\"animated played as an animation: 5 frames, each for the time to the next frame (the last 300 ms), looping\"></details>"))

        let check = try CommandRunner.run(["check", "captures/animated.json"], in: workspace)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("recorded outputs: 10 files match a fresh render"), "\(check.stdout)")

        // Frame 3's delay changed from 500/1000 to 400/1000 (its CRC recomputed): check names frame 3.
        var chunks = try #require(PNGFile.chunks(Array(first)))
        let control = try #require(chunks.indices.filter { chunks[$0].type == "fcTL" }.dropFirst(3).first)
        chunks[control].data[21] = UInt8(400 & 0xFF)
        chunks[control].data[20] = UInt8(400 >> 8)
        var edited = PNGFile.signature
        for chunk in chunks {
            edited += PNGFile.bigEndianBytes(UInt32(chunk.data.count)) + Array(chunk.type.utf8) + chunk.data + PNGFile.bigEndianBytes(chunk.computedCRC)
        }
        try Data(edited).write(to: folder.appendingPathComponent("animation.png"))
        let mismatch = try CommandRunner.run(["check", "captures/animated.json"], in: workspace)
        #expect(mismatch.status == 1)
        #expect(mismatch.stdout.contains("mismatch: captures/animated/animation.png: differs from a fresh run's animation from animation frame 3"), "\(mismatch.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".failures").path) == false)
    }

    /// Chromium plays the committed `captures/inbox-cycle/animation.png` (24 frames of 500 ms)
    /// and is screenshot 250 ms and 1,750 ms after the image was painted: the screenshots equal
    /// Pillow's frames 0 and 3, the frames due then. Image animations run on Chromium's real
    /// clock, so the script brackets each screenshot with the page's clock and accepts only a
    /// frame due inside that bracket; the instants are mid-frame, 250 ms from either change.
    @Test(ExternalTool.chromium.required, ExternalTool.pillow.required)
    func chromiumShowsTheFrameDueAtTwoInstants() throws {
        let animation = CommandRunner.root.appendingPathComponent("captures/inbox-cycle/animation.png")
        let result = try Self.python([CommandRunner.fixtures.appendingPathComponent("chromium_apng_instants.py").path, animation.path, "250", "1750"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let shown = result.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(shown.map { $0.first.map(String.init) } == ["250", "1750"], "\(result.stdout)")
        #expect(shown.map { $0.suffix(2).joined(separator: " ") } == ["shows [0]", "shows [3]"], "\(result.stdout)")
    }
}

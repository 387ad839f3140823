import FilmstripOutputs
import Foundation

/// The Pillow peer `filmstrip bench --peer SCRIPT` runs beside its recordings: a Python script
/// that draws the same number of two-panel frames at the same size with Pillow and saves each
/// as PNG (what a user might write instead of filmstrip).
///
/// The script is run as `python3 SCRIPT --frames N --panel WxH --scale S --font FONT.bdf --out DIR`
/// (the interface of `pillow_peer.py`); its image is `2 × W + 30` by `H + 20` pixels at 1×, so
/// `W` and `H` are chosen from filmstrip's frame size. It prints one JSON line, of which `wall_ms`
/// (its draw-and-save loop, interpreter start and font conversion excluded), `bytes` and `size`
/// (the saved image's width and height) are read.
struct PillowPeer {
    /// One run of the peer.
    struct Run: Codable, Equatable {
        /// The peer's own time for drawing and saving every frame, ms.
        var wallMs: Double
        /// Bytes of the PNG files it saved.
        var bytes: Int
        /// The saved images' width and height, pixels.
        var width: Int
        var height: Int
    }

    /// The script's path, as given to `--peer`.
    let script: String

    /// The `--panel` size that makes the peer's 1× image `width` × `height` pixels (its image is
    /// two panels side by side with 10-pixel margins: `2 × W + 30` by `H + 20`).
    static func panel(forFrameWidth width: Int, height: Int) -> (width: Int, height: Int) {
        (max(1, (width - 30) / 2), max(1, height - 20))
    }

    /// Runs the script once into a fresh folder of `folders` and reads its line.
    /// - Throws: ``FilmstripError`` (run) when `python3` cannot start, the script exits non-zero,
    ///   or its output is not the JSON line described above.
    func run(frames: Int, panel: (width: Int, height: Int), scale: Int, font: String, in folders: BenchScratch) throws(FilmstripError) -> Run {
        let scratch = folders.folder("peer")
        defer { folders.measured(scratch, files: frames) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script, "--frames", String(frames), "--panel", "\(panel.width)x\(panel.height)",
            "--scale", String(scale), "--font", font, "--out", scratch.path,
        ]
        // Standard error goes to a file in the scratch folder, so a chatty script cannot stall on a pipe.
        let errorFile = scratch.appendingPathComponent("stderr.txt")
        let output = Pipe()
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorFile)
        } catch {
            throw FilmstripError(.output(path: scratch.path, reason: error.localizedDescription))
        }
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw FilmstripError(.run(plan: "--peer \(script)", message: "python3 could not start: \(error.localizedDescription)"))
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: (FileManager.default.contents(atPath: errorFile.path) ?? Data()).suffix(400), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw FilmstripError(.run(plan: "--peer \(script)", message: "the peer exited with status \(process.terminationStatus): \(text)"))
        }
        let line = String(decoding: printed, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let wallMs = (object["wall_ms"] as? NSNumber)?.doubleValue,
              let bytes = (object["bytes"] as? NSNumber)?.intValue,
              let size = object["size"] as? [NSNumber], size.count == 2
        else {
            throw FilmstripError(.run(plan: "--peer \(script)", message: "expected one JSON line with wall_ms, bytes and size, found '\(line.prefix(200))'"))
        }
        return Run(wallMs: wallMs, bytes: bytes, width: size[0].intValue, height: size[1].intValue)
    }
}

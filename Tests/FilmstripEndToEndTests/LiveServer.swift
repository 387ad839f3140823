import FilmstripTestSupport
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scripted HTTP server (`Tests/LiveServer/scripted_server.py`) on 127.0.0.1 with an
/// ephemeral port, started and stopped by the test that needs it, every wait bounded.
final class LiveServer: @unchecked Sendable {
    /// The server's script file.
    static let program = CommandRunner.root.appendingPathComponent("Tests/LiveServer/scripted_server.py")

    let folder: URL
    let port: Int
    /// Whether it speaks HTTPS (`--tls`: a self-signed certificate made when it starts).
    let tls: Bool
    private let process: Process

    /// Starts a server answering from `script` (path → answer or list of answers, as the
    /// server's documentation says) with the `python3` on `PATH` (a suite using it is
    /// ``ExternalTool/required``). Waits at most 10 s for its port. With `tls` it speaks HTTPS
    /// with a certificate no client trusts, made by the `openssl` on `PATH` as it starts.
    init(_ script: [String: Any], tls: Bool = false) throws {
        self.tls = tls
        if tls { _ = try ExternalTool.openssl.path() }
        folder = CommandRunner.scratch.appendingPathComponent("server-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scriptFile = folder.appendingPathComponent("script.json")
        try JSONSerialization.data(withJSONObject: script, options: [.sortedKeys]).write(to: scriptFile)
        let portFile = folder.appendingPathComponent("port")
        process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.python3.path())
        process.arguments = [Self.program.path, "--script", scriptFile.path, "--port", "0", "--port-file", portFile.path, "--log", folder.appendingPathComponent("log.jsonl").path] + (tls ? ["--tls"] : [])
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            if let text = try? String(contentsOf: portFile, encoding: .utf8) { found = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if found == nil { usleep(20_000) }
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            throw ServerError(message: "the scripted server did not start within 10 s")
        }
        port = found
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// `http://127.0.0.1:PORT<path>` (`https` with `tls`).
    func url(_ path: String) -> URL { URL(string: "\(tls ? "https" : "http")://127.0.0.1:\(port)\(path)")! }

    /// The server's log so far: one dictionary per line.
    func log() -> [[String: Any]] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// How many `event` lines the log has for `path`.
    func count(_ event: String, path: String) -> Int {
        log().filter { $0["event"] as? String == event && $0["path"] as? String == path }.count
    }

    /// Waits at most `seconds` until `condition` holds; returns whether it did.
    @discardableResult
    func wait(seconds: Double = 15, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                let killed = Date().addingTimeInterval(5)
                while process.isRunning, Date() < killed { usleep(20_000) }
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}

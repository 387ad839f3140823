import FilmstripTestSupport
import Foundation
import Testing

/// Ctrl-C (SIGINT) or SIGTERM in the middle of `record`: the built binary removes its temporary
/// files, ends the progress line, exits 130 or 143, and the next `record --no-wait` starts at once
/// (the output lock went with the process).
@Suite(.serialized, ExternalTool.python3.required) struct InterruptTests {
    /// 10,001 frames: seconds of work, so the signal comes while images are being written.
    static let plan = """
        {"bench": "scenes", "panels": ["immediate"], "mode": "pinned", "windowMs": 200000, "frameIntervalMs": 20, "scale": 1,
         "script": [{"trigger": "open", "reply": "loaded", "latencyMs": 300}]}
        """

    struct Run: Decodable {
        var status: Int32
        var stdout: String
        var stderr: String
        var signalled: Bool
    }

    /// `filmstrip arguments…` on a pseudo-terminal, sent `signal` once two progress updates showed.
    static func interrupted(_ arguments: [String], by signal: String, in workspace: URL) throws -> Run {
        let helper = CommandRunner.fixtures.appendingPathComponent("pty_interrupt.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.python3.path())
        process.arguments = [helper, workspace.path, signal, " images (", "2", CommandRunner.binary.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let json = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode(Run.self, from: json)
    }

    /// The files under `workspace` whose names say they are filmstrip's temporary files.
    static func temporaryFiles(in workspace: URL) -> [String] {
        let paths = FileManager.default.enumerator(atPath: workspace.path)?.allObjects.compactMap { $0 as? String } ?? []
        return paths.filter { ($0 as NSString).lastPathComponent.hasPrefix(".filmstrip-tmp-") }
    }

    @Test(arguments: [("INT", Int32(130)), ("TERM", Int32(143))])
    func aSignalMidRecordLeavesNoTemporaryFileAndTheNextRecordStartsAtOnce(signal: String, status: Int32) throws {
        let workspace = try CommandRunner.workspace(plans: [])
        try Data(Self.plan.utf8).write(to: workspace.appendingPathComponent("captures/long.json"))
        let run = try Self.interrupted(["record"], by: signal, in: workspace)
        #expect(run.signalled, "the record ended before it showed progress: \(run.stderr.debugDescription)")
        #expect(run.status == status, "\(run.stderr.debugDescription)")
        // The progress line, ended by a newline, then one line saying what happened.
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(run.stderr.hasSuffix("\n") && lines.count >= 3, "\(run.stderr.debugDescription)")
        if lines.count >= 3 {
            #expect(lines[lines.count - 3].split(separator: "\r").last?.hasPrefix("recording 1/1 long: ") == true, "\(run.stderr.debugDescription)")
            let said = String(lines[lines.count - 2])
            #expect(said.hasPrefix("interrupted by SIG\(signal): stopped; ") && said.hasSuffix(" removed"), "\(said)")
        }
        #expect(Self.temporaryFiles(in: workspace).isEmpty, "\(Self.temporaryFiles(in: workspace))")
        // The lock is free at once: a small plan records into the same folder without waiting.
        try Data(ProgressTests.plan.utf8).write(to: workspace.appendingPathComponent("captures/short.json"))
        let next = try CommandRunner.run(["record", "--no-wait", "--quiet", "captures/short.json"], in: workspace)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.temporaryFiles(in: workspace).isEmpty)
    }
}

import FilmstripTestSupport
import Foundation
import Testing

/// A failed write to standard output (`> /dev/full`, a closed pipe) trapped with
/// SIGILL. Now the run goes on (its files, the index across plans, are written) and ends with
/// exit 2: with a line on standard error for /dev/full, quietly for a closed pipe.
@Suite(.serialized) struct TerminalFailureTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")

    /// Runs the binary with standard output sent to `output` and returns (status, reason, stderr).
    static func run(_ arguments: [String], in directory: URL, output: FileHandle) throws -> (Int32, Process.TerminationReason, String) {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, String(decoding: stderr, as: UTF8.self))
    }

    /// /dev/full is Linux's; macOS has no such device (docs/PLATFORMS.md).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "skipped: no /dev/full (Linux has one, macOS does not)"))
    func aFullDiskOnStandardOutputEndsWithExitTwoAndTheIndexIsWritten() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (status, reason, stderr) = try Self.run(["record"], in: workspace, output: full)
        #expect(reason == .exit && status == 2, "no trap")
        #expect(stderr.contains("error: cannot write to standard output: No space left on device"), "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/index.html").path))
        let help = try Self.run(["--help"], in: workspace, output: full)
        #expect(help.0 == 2 && help.1 == .exit)
    }

    @Test func aClosedPipeEndsQuietlyWithExitTwo() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let (status, reason, stderr) = try Self.run(["record"], in: workspace, output: pipe.fileHandleForWriting)
        #expect(reason == .exit && status == 2, "no trap, no SIGPIPE")
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/index.html").path))
    }
}

/// A hostile run found that with standard output closed, the output lock opened on descriptor 1
/// and received the summary table, and the run exited 0.
@Suite struct ClosedTerminalTests {
    @Test func aClosedStandardOutputFailsTheRunAndNoFileTakesItsDescriptor() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        let binary = CommandRunner.binary.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec 1>&- && exec \"$0\" record", binary]
        process.currentDirectoryURL = workspace
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(stderr)")
        #expect(stderr.contains("error: cannot write to standard output: Bad file descriptor"), "\(stderr)")
        let lock = try Data(contentsOf: workspace.appendingPathComponent("captures/.filmstrip-lock"))
        #expect(lock.isEmpty, "the lock file holds no terminal text")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/inbox-pinned-empty/report.json").path))
    }
}

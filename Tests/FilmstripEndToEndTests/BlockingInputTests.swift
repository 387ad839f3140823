import FilmstripTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Inputs that would hang the gate or blow up its memory: every file is opened without blocking
/// and checked (a regular file, under its kind's cap) before a byte is read, and the report's
/// line reader is linear in its input. Each answer comes within a second or two.
@Suite struct BlockingInputTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")
    static let report = "captures/inbox-pinned-loaded/report.json"

    /// A recorded workspace whose `report.json` is replaced by `make`.
    static func recorded(_ make: (URL) throws -> Void) throws -> URL {
        let workspace = try CommandRunner.workspace(plans: [plan])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let report = workspace.appendingPathComponent(Self.report)
        try FileManager.default.removeItem(at: report)
        try make(report)
        return workspace
    }

    /// Runs `arguments`, expecting exit 2 within `seconds`.
    static func refused(_ arguments: [String], in workspace: URL, within seconds: Double = 1.5) throws -> String {
        let started = Date()
        let result = try CommandRunner.run(arguments, in: workspace)
        let took = Date().timeIntervalSince(started)
        #expect(took < seconds, "\(arguments) took \(took) s")
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        return result.stderr
    }

    @Test func aReportThatIsAFIFOIsRefusedAtOnceByCheckAndRecord() throws {
        let workspace = try Self.recorded { report in
            #expect(mkfifo(report.path, 0o644) == 0)
        }
        for arguments in [["check"], ["record"], ["check", "--clock", "real"]] {
            let stderr = try Self.refused(arguments, in: workspace)
            #expect(stderr.contains("error: \(Self.report): cannot read: a FIFO, not a regular file; expected a file"), "\(arguments): \(stderr)")
        }
    }

    @Test func aReportAboveItsCapIsRefusedFromItsSize() throws {
        let workspace = try Self.recorded { report in
            try InputCapTests.sparse(report, size: 4_294_967_296)
        }
        for arguments in [["check"], ["record"]] {
            let stderr = try Self.refused(arguments, in: workspace)
            #expect(
                stderr.contains("error: \(Self.report): cannot read: 4,294,967,296 bytes, larger than 1 GiB (1,073,741,824 bytes), the most filmstrip reads as a samples or report file; nothing of it was read"),
                "\(arguments): \(stderr)")
        }
    }

    /// 100 MB on one line: a reader that copies its buffer for every piece read takes minutes
    /// (113 s measured); a linear one, or one that stops at the longest line a report has, a
    /// fraction of a second.
    @Test func aHundredMegabyteOneLineReportIsJudgedQuickly() throws {
        let workspace = try Self.recorded { report in
            var line = Data(repeating: UInt8(ascii: "a"), count: 100_000_000)
            line.append(0x0A)
            try line.write(to: report)
        }
        let started = Date()
        let check = try CommandRunner.run(["check", "--json"], in: workspace)
        #expect(Date().timeIntervalSince(started) < 5, "check took \(Date().timeIntervalSince(started)) s")
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains("captures/inbox-pinned-loaded/report.json is not a filmstrip report of this plan"), "\(check.stdout.prefix(2000))")
    }
}

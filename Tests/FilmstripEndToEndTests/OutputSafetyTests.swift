import FilmstripTestSupport
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Security: nothing is written or removed outside the output folder, two runs never
/// share one folder at once, and a killed run's temporary files are removed by the next run.
@Suite(.serialized) struct OutputSafetyTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")

    /// A workspace with the plan recorded once, and a folder outside `captures/` holding `a.txt`.
    static func recorded() throws -> (workspace: URL, folder: URL, outside: URL) {
        let workspace = try CommandRunner.workspace(plans: [plan])
        let first = try CommandRunner.run(["record"], in: workspace)
        #expect(first.status == 0, "\(first.stderr)")
        let outside = workspace.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: outside.appendingPathComponent("a.txt"))
        return (workspace, workspace.appendingPathComponent("captures/inbox-pinned-empty"), outside)
    }

    @Test func aPendingListNamingAFileThroughALinkIsRefused() throws {
        let (workspace, folder, outside) = try Self.recorded()
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("evil"), withDestinationURL: outside)
        try Data("evil/a.txt\n".utf8).write(to: folder.appendingPathComponent(".filmstrip-writing"))
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("captures/inbox-pinned-empty/evil is a symbolic link"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("a.txt").path))
    }

    @Test func aReportNamingAFileThroughALinkIsRefused() throws {
        let (workspace, folder, outside) = try Self.recorded()
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("evil"), withDestinationURL: outside)
        let reportURL = folder.appendingPathComponent("report.json")
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reportURL)) as? [String: Any])
        var frames = try #require(report["frames"] as? [[String: Any]])
        frames[0]["file"] = "evil/a.txt"
        report["frames"] = frames
        try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]).write(to: reportURL)
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("evil is a symbolic link"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("a.txt").path))
    }

    @Test func aSymlinkedFramesFolderIsRefused() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let outside = workspace.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let folder = workspace.appendingPathComponent("captures/inbox-pinned-empty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("frames"), withDestinationURL: outside)
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("captures/inbox-pinned-empty/frames is a symbolic link"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "no frame went through the link")
    }

    @Test func aSymlinkedPlanFolderIsRefused() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let outside = workspace.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: workspace.appendingPathComponent("captures/inbox-pinned-empty"), withDestinationURL: outside)
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("captures/inbox-pinned-empty is a symbolic link"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aKilledRunsTemporaryFilesAreRemovedByTheNext() throws {
        let (workspace, folder, _) = try Self.recorded()
        let leftovers = [".filmstrip-tmp-0001.png-4242-17", ".filmstrip-tmp-report.json-4242-18"]
        try Data("half".utf8).write(to: folder.appendingPathComponent("frames/" + leftovers[0]))
        try Data("{".utf8).write(to: folder.appendingPathComponent(leftovers[1]))
        try Data("{".utf8).write(to: workspace.appendingPathComponent("captures/.filmstrip-tmp-index.html-4242-19"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("frames/notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("old"), withIntermediateDirectories: true)
        try Data("half".utf8).write(to: folder.appendingPathComponent("old/.filmstrip-tmp-x.png-4242-20"))
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let files = CommandRunner.snapshot(workspace.appendingPathComponent("captures")).keys
        #expect(!files.contains { $0.contains(".filmstrip-tmp-") }, "\(files.sorted())")
        #expect(files.contains("inbox-pinned-empty/frames/notes.txt"), "a file the tool did not write stays")
    }

    @Test func aSecondRunWaitsForTheLockOrStopsWithNoWait() throws {
        let (workspace, _, _) = try Self.recorded()
        let lockFile = workspace.appendingPathComponent("captures/.filmstrip-lock").path
        let descriptor = open(lockFile, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)

        let refused = try CommandRunner.run(["record", "--no-wait"], in: workspace)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("another filmstrip run is writing here"), "\(refused.stderr)")

        // Without --no-wait it says so and waits until the lock is released.
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["record"]
        process.currentDirectoryURL = workspace
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let line = err.fileHandleForReading.availableData
        #expect(String(decoding: line, as: UTF8.self).contains("waiting for another filmstrip run"))
        #expect(process.isRunning)
        flock(descriptor, LOCK_UN)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// A hostile run found that a link at `DIR/index.html` was refused only after every plan's
/// folder had been written.
@Suite struct IndexLinkTests {
    @Test func aLinkInThePlaceOfTheIndexIsRefusedBeforeAnyPlanIsWritten() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("out/index.html").path, withDestinationPath: "../victim.txt")
        let result = try CommandRunner.run(["record", "--out", "out"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("out/index.html is a symbolic link"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("out/inbox-pinned-empty").path), "no plan folder was written")
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("victim.txt").path))
    }
}

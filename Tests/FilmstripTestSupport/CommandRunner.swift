import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `filmstrip` binary the way a user would, in a working directory of the test's own.
package struct CommandRunner {
    /// What one invocation did.
    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// The repository root, found from this file's path.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let fixtures = root.appendingPathComponent("Tests/FilmstripEndToEndTests/Fixtures")

    /// The built executable: next to the test bundle in the build products folder.
    package static let binary: URL = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("filmstrip")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("filmstrip")
    }()

    /// This test process's scratch folder, `$TMPDIR/filmstrip-e2e/<pid>`; on first use, the
    /// folders of earlier test processes that have ended are removed.
    package static let scratch: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-e2e")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            guard let pid = Int32(name), kill(pid, 0) != 0 else { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        return root.appendingPathComponent(String(ProcessInfo.processInfo.processIdentifier))
    }()

    /// A fresh temporary working directory holding a `captures/` folder with `plans`
    /// (paths of plan files to copy in; default: the shipped ones but the live plans, which need
    /// the scripted server: `LiveCapturesTests` runs those).
    package static func workspace(plans: [URL]? = nil) throws -> URL {
        let folder = scratch.appendingPathComponent(UUID().uuidString)
        let captures = folder.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        let sources = try plans ?? FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("captures"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix("live-") }
        for source in sources {
            try FileManager.default.copyItem(at: source, to: captures.appendingPathComponent(source.lastPathComponent))
        }
        return folder
    }

    /// Runs `filmstrip arguments…` in `directory`, with `environment` added to this process's
    /// (`executable`: another program that starts it, such as `setpriv`), but for
    /// `GITHUB_STEP_SUMMARY`, which only `environment` can set.
    package static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], executable: URL = binary) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A CI job's summary file is the job's: `check` appends to it only when a test passes it.
        var inherited = ProcessInfo.processInfo.environment
        inherited["GITHUB_STEP_SUMMARY"] = nil
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on a thread of its own: a run that fills one pipe while the
        // other is read (a megabyte of error text) would otherwise never end.
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let group = DispatchGroup()
        let handle = err.fileHandleForReading
        DispatchQueue.global().async(group: group) { box.data = handle.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let stderr = box.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Every regular file under `folder`, relative path → bytes.
    package static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            files[relative] = try? Data(contentsOf: url)
        }
        return files
    }
}

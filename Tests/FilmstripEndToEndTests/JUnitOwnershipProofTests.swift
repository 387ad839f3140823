import FilmstripTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `check --junit FILE` replaces a file only when its start is the one filmstrip writes (the XML
/// declaration, then the marker comment as the document's first node, then `<testsuites>`): the
/// marker anywhere else, or another tool's `<testsuites name="filmstrip…">`, proves nothing, and
/// the file survives byte for byte; so does a file that cannot be read; and a link in the
/// report's folder path is refused, as one below `--out` is.
@Suite struct JUnitOwnershipProofTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")

    /// Files another tool could write that hold the marker or filmstrip's suite name somewhere.
    static let forged: [(name: String, text: String)] = [
        ("marker in a CDATA section", "<?xml version=\"1.0\"?>\n<notes><![CDATA[<!-- written by filmstrip -->]]></notes>\n"),
        ("marker inside another comment", "<?xml version=\"1.0\"?>\n<!-- copied from a run: <!-- written by filmstrip --> -->\n<results/>\n"),
        ("marker in plain text", "build notes: filmstrip marks its report with <!-- written by filmstrip --> on line 2\n"),
        ("marker after the root element opens", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<!-- written by filmstrip -->\n</testsuites>\n"),
        ("another tool's suite named filmstrip", "<?xml version=\"1.0\"?>\n<testsuites name=\"filmstrip-e2e (pytest)\"><testsuite name=\"x\"/></testsuites>\n"),
    ]

    @Test func aForgedMarkerDoesNotMakeAFileFilmstrips() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let junit = workspace.appendingPathComponent("junit.xml")
        for (name, text) in Self.forged {
            try Data(text.utf8).write(to: junit)
            let result = try CommandRunner.run(["check", "--no-compare", "--junit", "junit.xml"], in: workspace)
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: junit.xml: cannot write output: it is not a JUnit report filmstrip wrote (it does not start with"), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(name): refused before anything ran")
            #expect(try Data(contentsOf: junit) == Data(text.utf8), "\(name) was replaced")
        }
        // The report filmstrip wrote is still its own.
        try FileManager.default.removeItem(at: junit)
        #expect(try CommandRunner.run(["check", "--no-compare", "--junit", "junit.xml"], in: workspace).status == 0)
        #expect(try CommandRunner.run(["check", "--no-compare", "--junit", "junit.xml"], in: workspace).status == 0)
    }

    @Test func anUnreadableFileIsNeverReplaced() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let junit = workspace.appendingPathComponent("junit.xml")
        // Filmstrip's own start, so only its being unreadable can keep it.
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- written by filmstrip -->\n<testsuites>\n</testsuites>\n"
        try Data(text.utf8).write(to: junit)
        chmod(junit.path, 0o200)
        defer { chmod(junit.path, 0o644) }
        // Root reads any file whatever its mode: the command runs as another user there.
        var executable = CommandRunner.binary
        var arguments = ["check", "--no-compare", "--junit", "junit.xml"]
        if geteuid() == 0 {
            let setpriv = try #require(["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }, "setpriv (util-linux) runs the command as another user")
            executable = URL(fileURLWithPath: setpriv)
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandRunner.binary.path] + arguments
            try Self.openToEveryone(workspace)
        }
        let result = try CommandRunner.run(arguments, in: workspace, executable: executable)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "error: junit.xml: cannot write output: it cannot be read (permission denied), so filmstrip cannot tell whose it is and does not replace it: give --junit a new file name, or move the file away\n", "\(result.stderr)")
        chmod(junit.path, 0o644)
        #expect(try Data(contentsOf: junit) == Data(text.utf8))
    }

    @Test func aLinkInTheReportsFolderPathIsRefused() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let elsewhere = workspace.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: workspace.appendingPathComponent("reports"), withDestinationURL: elsewhere)
        let result = try CommandRunner.run(["check", "--no-compare", "--junit", "reports/junit.xml"], in: workspace)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "error: reports/junit.xml: cannot write output: reports is a symbolic link (to \(elsewhere.path)); filmstrip writes a JUnit report only through real folders: give the folder's own path\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // The folder's own path is written.
        #expect(try CommandRunner.run(["check", "--no-compare", "--junit", "elsewhere/junit.xml"], in: workspace).status == 0)
    }

    /// Lets another user write the workspace and its captures (the scratch folders above it are
    /// searchable already).
    static func openToEveryone(_ workspace: URL) throws {
        var folder = workspace
        while folder.path != "/" {
            chmod(folder.path, 0o777 | S_ISVTX)
            if folder.path == CommandRunner.scratch.deletingLastPathComponent().path { break }
            folder = folder.deletingLastPathComponent()
        }
        let walker = FileManager.default.enumerator(atPath: workspace.path)
        while let relative = walker?.nextObject() as? String {
            let path = workspace.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR { chmod(path, 0o777) } else if !path.hasSuffix("junit.xml") { chmod(path, 0o666) }
        }
    }
}

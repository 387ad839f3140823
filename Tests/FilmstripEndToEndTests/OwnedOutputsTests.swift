import FilmstripTestSupport
import Foundation
import Testing

/// End to end: `sweep` and `compare` write a fixed set of files into a folder that may hold
/// other files; one at their paths that filmstrip did not write stops the run (exit 2) and is
/// left as it was; their own files are replaced run after run.
@Suite struct OwnedOutputsTests {
    @Test func sweepNeverReplacesAFileItDidNotWrite() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let samples = workspace.appendingPathComponent("samples.json")
        try Data("[120, 480, 900, 1300]".utf8).write(to: samples)
        let out = workspace.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let theirs = Data("someone's chart".utf8)
        try theirs.write(to: out.appendingPathComponent("sweep.png"))

        let refused = try CommandRunner.run(["sweep", "samples.json", "--out", "out"], in: workspace)
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: out/sweep.png: cannot write output: it exists and filmstrip did not write it (.filmstrip-outputs does not list it); filmstrip replaces only its own files: move it away, or give another --out\n")
        #expect(try Data(contentsOf: out.appendingPathComponent("sweep.png")) == theirs)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("sweep.json").path))

        try FileManager.default.removeItem(at: out.appendingPathComponent("sweep.png"))
        #expect(try CommandRunner.run(["sweep", "samples.json", "--out", "out"], in: workspace).status == 0)
        #expect(try CommandRunner.run(["sweep", "samples.json", "--out", "out"], in: workspace).status == 0, "its own files are replaced")
        #expect(try String(contentsOf: out.appendingPathComponent(".filmstrip-outputs"), encoding: .utf8) == "sweep.html\nsweep.json\nsweep.png\n")
    }

    @Test func compareNeverReplacesAFileItDidNotWrite() throws {
        let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")
        let workspace = try CommandRunner.workspace(plans: [plan])
        let out = workspace.appendingPathComponent("review")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let theirs = Data("<p>notes</p>".utf8)
        try theirs.write(to: out.appendingPathComponent("compare.html"))
        let arguments = ["compare", "captures/inbox-pinned-loaded.json", "captures/inbox-pinned-loaded.json", "--out", "review"]

        let refused = try CommandRunner.run(arguments, in: workspace)
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: review/compare.html: cannot write output: it exists and filmstrip did not write it (.filmstrip-outputs does not list it); filmstrip replaces only its own files: move it away, or give another --out\n")
        #expect(try Data(contentsOf: out.appendingPathComponent("compare.html")) == theirs)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("compare.png").path))

        try FileManager.default.removeItem(at: out.appendingPathComponent("compare.html"))
        #expect(try CommandRunner.run(arguments, in: workspace).status == 0)
        #expect(try CommandRunner.run(arguments, in: workspace).status == 0, "its own files are replaced")
    }
}

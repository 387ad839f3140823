import FilmstripTestSupport
import Foundation
import Testing

/// End to end: every file filmstrip writes on request is one it owns
/// (absent, or recognisably filmstrip's of that kind), otherwise exit 2 before anything is
/// written, naming it; and `compare`/`sweep` never write a `.json` where `record` and `check`
/// would read it as a plan. Each compares the files before and after.
@Suite struct RequestedFileOwnershipTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")

    @Test func junitNeverReplacesAPlanOrTheIndexAndStillReplacesItsOwnReport() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let before = CommandRunner.snapshot(workspace)
        // Arguments swapped: a plan, then the index across plans, given as the report's file.
        for target in ["captures/inbox-pinned-loaded.json", "captures/index.html"] {
            let result = try CommandRunner.run(["check", "--junit", target], in: workspace)
            #expect(result.status == 2, "\(target): \(result.stdout)")
            #expect(result.stderr == "error: \(target): cannot write output: it is not a JUnit report filmstrip wrote (it does not start with the XML declaration, then <!-- written by filmstrip -->, then <testsuites>), so it is not replaced; filmstrip replaces only files it owns: give --junit a new file name, or move the file away\n", "\(result.stderr)")
            #expect(result.stdout.isEmpty, "refused before anything ran")
            #expect(CommandRunner.snapshot(workspace) == before, "\(target) or another file changed")
        }
        // So record still runs.
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)

        // A new file, then the report filmstrip wrote there, then an empty file: each is written.
        let junit = workspace.appendingPathComponent("junit.xml")
        #expect(try CommandRunner.run(["check", "--junit", "junit.xml"], in: workspace).status == 0)
        let first = try String(contentsOf: junit, encoding: .utf8)
        #expect(first.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- written by filmstrip -->\n"))
        #expect(try CommandRunner.run(["check", "--junit", "junit.xml"], in: workspace).status == 0)
        try Data().write(to: junit)
        #expect(try CommandRunner.run(["check", "--junit", "junit.xml"], in: workspace).status == 0)
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<testcase name=\"inbox-pinned-loaded\""))
        // Someone else's report is not.
        let theirs = Data("<?xml version=\"1.0\"?>\n<testsuites name=\"pytest\"></testsuites>\n".utf8)
        try theirs.write(to: junit)
        let refused = try CommandRunner.run(["check", "--junit", "junit.xml"], in: workspace)
        #expect(refused.status == 2)
        #expect(try Data(contentsOf: junit) == theirs)
    }

    @Test func compareAndSweepRefuseAPlansFolderSoNoLaterRunReadsTheirJSONAsAPlan() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        try Data("[120, 480, 900, 1300]".utf8).write(to: workspace.appendingPathComponent("samples.json"))
        let before = CommandRunner.snapshot(workspace)
        let plan = "captures/inbox-pinned-loaded.json"
        let cases: [(arguments: [String], message: String)] = [
            (["compare", plan, plan, "--out", "captures"],
             "error: compare: --out captures: it is captures/, the folder record and check read every *.json of as a capture plan; compare.json written there would be read as a plan by every later record and check, so give a folder of its own (the default is fine)\n"),
            (["sweep", "samples.json", "--out", "captures/"],
             "error: sweep: --out captures/: it is captures/, the folder record and check read every *.json of as a capture plan; sweep.json written there would be read as a plan by every later record and check, so give a folder of its own (the default is fine)\n"),
        ]
        for (arguments, message) in cases {
            let result = try CommandRunner.run(arguments, in: workspace)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message + "Run 'filmstrip --help' for usage.\n", "\(result.stderr)")
            #expect(CommandRunner.snapshot(workspace) == before, "\(arguments) wrote something")
        }
        // Another folder of plans (any folder holding a plan file) is refused the same way.
        let plans = workspace.appendingPathComponent("more-plans")
        try FileManager.default.createDirectory(at: plans, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.plan, to: plans.appendingPathComponent("other.json"))
        let other = try CommandRunner.run(["sweep", "samples.json", "--out", "more-plans"], in: workspace)
        #expect(other.status == 2)
        #expect(other.stderr.hasPrefix("error: sweep: --out more-plans: it holds other.json, a capture plan (record and check read every *.json of a plans folder as a plan); sweep.json written there"), "\(other.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: plans.path) == ["other.json"])
        // A folder of its own is written, and written again (its own sweep.json is no plan).
        #expect(try CommandRunner.run(["sweep", "samples.json", "--out", "review"], in: workspace).status == 0)
        #expect(try CommandRunner.run(["sweep", "samples.json", "--out", "review"], in: workspace).status == 0)
        // And the later runs still read only plans.
        #expect(try CommandRunner.run(["check"], in: workspace).status == 0)
    }
}

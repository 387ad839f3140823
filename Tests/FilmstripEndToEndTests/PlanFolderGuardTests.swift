import FilmstripTestSupport
import Foundation
import Testing

/// Outputs aimed at a plan folder `record` wrote (or below it, or through a link to it) are
/// refused with exit 2 before anything runs: `filmstrip index` on a plan folder once replaced its
/// contact sheet with an empty index, and a JUnit report or a comparison written into one made
/// the next `check` fail on files "not written by filmstrip".
@Suite struct PlanFolderGuardTests {
    @Test func outputsInsideAPlanFolderExitTwoAndTouchNothing() throws {
        let plan = CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")
        let workspace = try CommandRunner.workspace(plans: [plan])
        let recorded = workspace.appendingPathComponent("captures/scenes-fast-load")
        try FileManager.default.copyItem(at: CommandRunner.root.appendingPathComponent("captures/scenes-fast-load"), to: recorded)
        // The index across plans, which `check` compares too.
        #expect(try CommandRunner.run(["index", "captures"], in: workspace).status == 0)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("link").path, withDestinationPath: recorded.path)
        try Data("[100, 200, 900]".utf8).write(to: workspace.appendingPathComponent("samples.json"))
        let before = try FileManager.default.subpathsOfDirectory(atPath: recorded.path).sorted()
        let sheet = try Data(contentsOf: recorded.appendingPathComponent("index.html"))
        let folder = recorded.resolvingSymlinksInPath().path
        let planFile = "captures/scenes-fast-load.json"
        let cases: [(arguments: [String], given: String)] = [
            (["index", "captures/scenes-fast-load"], "index: OUTDIR captures/scenes-fast-load"),
            (["index", "link"], "index: OUTDIR link"),
            (["record", planFile, "--out", "captures/scenes-fast-load"], "record: --out captures/scenes-fast-load"),
            (["check", planFile, "--out", "link/frames"], "check: --out link/frames"),
            (["check", planFile, "--junit", "captures/scenes-fast-load/junit.xml"], "check: --junit captures/scenes-fast-load/junit.xml"),
            (["compare", planFile, planFile, "--out", "captures/scenes-fast-load/frames"], "compare: --out captures/scenes-fast-load/frames"),
            (["sweep", "samples.json", "--out", "link"], "sweep: --out link"),
        ]
        for (arguments, given) in cases {
            let result = try CommandRunner.run(arguments, in: workspace)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr.hasPrefix("error: \(given) is inside \(folder)/, a plan folder filmstrip record wrote (it holds report.json and index-row.json); a plan folder holds only what its report lists, so write outside it\n"), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: recorded.path).sorted() == before)
        #expect(try Data(contentsOf: recorded.appendingPathComponent("index.html")) == sheet)

        // Beside the plan folders, in the output root, a JUnit report is still written.
        let beside = try CommandRunner.run(["check", planFile, "--junit", "captures/junit.xml"], in: workspace)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/junit.xml").path))
    }
}

import FilmstripTestSupport
import Foundation
import Testing

/// `record` into a folder bearing a plan's name that filmstrip did not write exits 2 and leaves
/// it as it was: it once replaced a person's `frames/0000.png` and `index.html` there.
@Suite struct ForeignPlanFolderTests {
    @Test func aFolderFilmstripDidNotWriteIsRefusedAndLeftAsItWas() throws {
        let plan = CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")
        let workspace = try CommandRunner.workspace(plans: [plan])
        let folder = workspace.appendingPathComponent("captures/scenes-fast-load")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: folder.appendingPathComponent("frames/0000.png"))

        let refused = try CommandRunner.run(["record", "captures/scenes-fast-load.json"], in: workspace)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stdout == "")
        #expect(refused.stderr == "error: captures/scenes-fast-load: cannot write output: this folder was not written by filmstrip record (it holds frames/0000.png but no report.json or index-row.json); filmstrip writes only into its own folders: move it away or choose another --out\n")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() == ["frames", "frames/0000.png"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("frames/0000.png")) == Data("precious".utf8))
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("captures/index.html").path))

        // Folders without files (a run killed before its pending list) and hidden files are not foreign.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("frames/0000.png"))
        try Data("x".utf8).write(to: folder.appendingPathComponent(".DS_Store"))
        let recorded = try CommandRunner.run(["record", "captures/scenes-fast-load.json"], in: workspace)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
    }

    /// A site's own `index.html` in the output root is not replaced by the index across plans.
    @Test func anIndexPageFilmstripDidNotWriteIsRefusedAndLeftAsItWas() throws {
        let plan = CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")
        let workspace = try CommandRunner.workspace(plans: [plan])
        let site = workspace.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let page = Data("<h1>my site</h1>\n".utf8)
        try page.write(to: site.appendingPathComponent("index.html"))
        let message = "error: docs/index.html: cannot write output: this page is not filmstrip's index across plans (its title is not 'filmstrip · all plans'), so it is not replaced: move it away or choose another --out\n"
        for arguments in [["record", "captures/scenes-fast-load.json", "--out", "docs"], ["index", "docs"]] {
            let refused = try CommandRunner.run(arguments, in: workspace)
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
            #expect(refused.stdout == "", "\(arguments)")
            #expect(refused.stderr == message, "\(arguments)")
        }
        #expect(try Data(contentsOf: site.appendingPathComponent("index.html")) == page)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("scenes-fast-load").path))
    }
}

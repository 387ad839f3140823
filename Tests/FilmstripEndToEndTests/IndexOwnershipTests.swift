import FilmstripTestSupport
import Foundation
import Testing

/// End to end: the index across plans replaces only a page filmstrip wrote. `record --out` into
/// a documentation folder holding its own `index.html`, and `filmstrip index` given a plan's
/// folder or a folder of no recording, stop with exit 2 naming the file, and change nothing.
@Suite struct IndexOwnershipTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")

    @Test func recordIntoAFolderWithSomeoneElsesIndexStopsBeforeWritingAnything() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let docs = workspace.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let page = Data("<h1>my docs</h1>\n".utf8)
        try page.write(to: docs.appendingPathComponent("index.html"))
        let result = try CommandRunner.run(["record", "captures/inbox-pinned-loaded.json", "--out", "docs"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("docs/index.html: cannot write output: this page is not filmstrip's index across plans (its title is not 'filmstrip · all plans'), so it is not replaced: move it away or choose another --out"), "\(result.stderr)")
        #expect(try Data(contentsOf: docs.appendingPathComponent("index.html")) == page)
        #expect(!FileManager.default.fileExists(atPath: docs.appendingPathComponent("inbox-pinned-loaded").path), "no plan was written")

        // Its own index is replaced as before.
        try FileManager.default.removeItem(at: docs.appendingPathComponent("index.html"))
        #expect(try CommandRunner.run(["record", "captures/inbox-pinned-loaded.json", "--out", "docs"], in: workspace).status == 0)
        #expect(try CommandRunner.run(["record", "captures/inbox-pinned-loaded.json", "--out", "docs"], in: workspace).status == 0)
    }

    @Test func indexRefusesAPlansFolderAnEmptyFolderAndAForeignPage() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let sheet = workspace.appendingPathComponent("captures/inbox-pinned-loaded/index.html")
        let contactSheet = try Data(contentsOf: sheet)

        let planFolder = try CommandRunner.run(["index", "captures/inbox-pinned-loaded"], in: workspace)
        #expect(planFolder.status == 2)
        #expect(planFolder.stderr.hasPrefix("error: index: OUTDIR captures/inbox-pinned-loaded is inside "), "\(planFolder.stderr)")
        #expect(planFolder.stderr.contains("/captures/inbox-pinned-loaded/, a plan folder filmstrip record wrote"), "\(planFolder.stderr)")
        #expect(try Data(contentsOf: sheet) == contactSheet, "the contact sheet is untouched")

        let emptyFolder = workspace.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
        let empty = try CommandRunner.run(["index", "empty"], in: workspace)
        #expect(empty.status == 2)
        #expect(empty.stderr == "error: empty: cannot write output: no plan folder recorded by filmstrip record is in it (none holds index-row.json); nothing to index\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: emptyFolder.path).isEmpty, "no index and no lock file")

        let index = workspace.appendingPathComponent("captures/index.html")
        let foreign = Data("<!doctype html><title>hand-made</title>\n".utf8)
        try foreign.write(to: index)
        let replaced = try CommandRunner.run(["index", "captures"], in: workspace)
        #expect(replaced.status == 2)
        #expect(try Data(contentsOf: index) == foreign)

        try FileManager.default.removeItem(at: index)
        let rebuilt = try CommandRunner.run(["index", "captures"], in: workspace)
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stdout == "wrote captures/index.html: 1 plan(s)\n")
    }

    @Test func aFolderWithAnUnreadableIndexRowIsNamedNotSkipped() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let junk = workspace.appendingPathComponent("captures/junk")
        try FileManager.default.createDirectory(at: junk, withIntermediateDirectories: true)
        try Data("not a row".utf8).write(to: junk.appendingPathComponent("index-row.json"))
        // Another plan's row in a folder of another name is not this folder's either.
        let copied = workspace.appendingPathComponent("captures/copied")
        try FileManager.default.createDirectory(at: copied, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: workspace.appendingPathComponent("captures/inbox-pinned-loaded/index-row.json"), to: copied.appendingPathComponent("index-row.json"))
        let why = "holds an index-row.json that is not a row of a plan named like the folder (unreadable, or another plan's)"

        let index = try CommandRunner.run(["index", "captures"], in: workspace)
        #expect(index.status == 0)
        #expect(index.stdout == "index: left out captures/copied/ \(why)\nindex: left out captures/junk/ \(why)\nwrote captures/index.html: 1 plan(s)\n")

        let check = try CommandRunner.run(["check"], in: workspace)
        #expect(check.status == 1)
        #expect(check.stdout.contains("stray: captures/junk/ \(why); remove the folder, or record its plan again\n"), "\(check.stdout)")
        #expect(check.stdout.contains("stray: captures/copied/ \(why); remove the folder, or record its plan again\n"), "\(check.stdout)")
    }
}

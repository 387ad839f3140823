import FilmstripTestSupport
import Foundation
import Testing

/// Links: a plan file named `javascript:void(document.body.id=7).json` was linked as
/// `javascript:…/index.html` in the index across plans. Every page the tool writes is loaded in
/// headless Chromium, and every `href` and `src` of its DOM must be a `./` path with no scheme.
@Suite struct LinkSafetyTests {
    @Test(ExternalTool.chromium.required)
    func everyLinkInEveryWrittenPageIsADotSlashPathInChromiumsDOM() throws {
        let chromium = try ExternalTool.chromium.path()
        let workspace = try CommandRunner.workspace(plans: [])
        let name = "javascript:void(document.body.id=7)"
        try FileManager.default.copyItem(
            at: CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json"),
            to: workspace.appendingPathComponent("captures/\(name).json"))
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let pages = CommandRunner.snapshot(workspace.appendingPathComponent("captures")).keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(Set(pages) == ["\(name)/index.html", "index.html"])

        // One Chromium per page, side by side (each takes seconds to start).
        let doms = pages.map { page -> (String, Process, Pipe) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: chromium)
            let url = workspace.appendingPathComponent("captures").appendingPathComponent(page)
            process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url.absoluteString]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            return (page, process, out)
        }
        for (_, process, _) in doms { try process.run() }
        for (page, process, out) in doms {
            let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(dom.contains("<body"), "Chromium loaded \(page)")
            let links = RecordCommandTests.links(in: dom)
            #expect(!links.isEmpty, "\(page) has links")
            for link in links {
                let fragment = link.hasPrefix("#")
                #expect(fragment || link.hasPrefix("./"), "\(page): \(link) is not a ./ path")
                #expect(link.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) == nil, "\(page): \(link) has a scheme")
            }
            #expect(!dom.contains("id=\"7\""), "no script ran in \(page)")
        }
    }
}

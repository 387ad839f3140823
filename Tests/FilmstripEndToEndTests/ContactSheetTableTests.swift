import FilmstripTestSupport
import Foundation
import Testing

/// The contact sheet's and the index's tables, read back from the pages the built binary wrote:
/// every table has a caption, every header cell a scope, every row as many cells as the header,
/// and each numeric column is right-aligned in its header and in every row alike.
@Suite struct ContactSheetTableTests {
    /// A table's rows, each a list of cells (tag, whether it carries class "n", attributes, text).
    struct Cell: Equatable {
        var tag: String
        var numeric: Bool
        var attributes: String
        var html: String
    }

    static func tables(_ page: String) -> [(caption: String?, rows: [[Cell]])] {
        var result: [(String?, [[Cell]])] = []
        for table in page.components(separatedBy: "<table").dropFirst() {
            let body = table.components(separatedBy: "</table>")[0]
            let afterTag = body.drop { $0 != ">" }.dropFirst()
            var caption: String?
            if afterTag.hasPrefix("<caption>"), let end = afterTag.range(of: "</caption>") {
                caption = String(afterTag[afterTag.index(afterTag.startIndex, offsetBy: 9)..<end.lowerBound])
            }
            var rows: [[Cell]] = []
            for row in body.components(separatedBy: "<tr>").dropFirst() {
                let cellPattern = /<(th|td)([^>]*)>(.*?)<\/(th|td)>/
                rows.append(row.matches(of: cellPattern).map { match in
                    Cell(tag: String(match.1), numeric: match.2.contains("class=\"n\""), attributes: String(match.2), html: String(match.3))
                })
            }
            result.append((caption, rows))
        }
        return result
    }

    static func checkTables(_ page: String, file: String) {
        #expect(!page.contains("<th>"), "\(file): a header cell without scope")
        let tables = tables(page)
        #expect(!tables.isEmpty, "\(file)")
        for (caption, rows) in tables {
            #expect(caption.map { !$0.isEmpty } == true, "\(file): a table without a caption")
            guard let header = rows.first else { continue }
            #expect(header.allSatisfy { $0.tag == "th" && $0.attributes.contains("scope=\"col\"") }, "\(file): \(header)")
            for row in rows.dropFirst() {
                #expect(row.count == header.count, "\(file): \(row.map(\.html)) under \(header.map(\.html))")
                #expect(row.first?.tag == "th" && row.first?.attributes.contains("scope=\"row\"") == true, "\(file): \(row.map(\.html))")
                #expect(row.map(\.numeric) == header.map(\.numeric), "\(file): \(row.map(\.html)) aligned unlike \(header.map(\.html))")
            }
        }
    }

    /// The inbox cycle's phase shares, each rounded half up, add up to 100.1% (loading 44.7%,
    /// empty 22.0%, failed 16.7%, loaded 16.7%); rounded together they add up to 100.0%, and so
    /// do each panel's depiction shares.
    @Test func timeSharesOnASheetAddUpToExactlyOneHundredPercent() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-cycle.json")])
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try String(contentsOf: workspace.appendingPathComponent("captures/inbox-cycle/index.html"), encoding: .utf8)
        func tenths(_ cell: String) -> Int { Int(cell.dropLast().replacingOccurrences(of: ".", with: "")) ?? -1 }
        let tables = Self.tables(sheet)
        let phases = try #require(tables.first { $0.caption?.hasPrefix("Each phase&#39;s dwell") == true })
        let shares = phases.rows.dropFirst().map { tenths($0[2].html) }
        #expect(shares.reduce(0, +) == 1000, "\(phases.rows.dropFirst().map { $0.map(\.html) })")
        #expect(phases.rows.dropFirst().map { $0[4].html }.map(tenths).reduce(0, +) == 1000, "frame shares")
        let depictions = try #require(tables.first { $0.caption?.hasPrefix("What each panel showed") == true })
        let byPanel = Dictionary(grouping: depictions.rows.dropFirst(), by: { $0[0].html })
        #expect(byPanel.count == 2)
        for (panel, rows) in byPanel {
            #expect(rows.map { tenths($0[3].html) }.reduce(0, +) == 1000, "\(panel): \(rows.map { $0[3].html })")
        }
    }

    @Test func everyTableHasACaptionScopesAndAlignedColumnsAndLoaderLimits() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/scenes-just-after-delay.json")])
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try String(contentsOf: workspace.appendingPathComponent("captures/scenes-just-after-delay/index.html"), encoding: .utf8)
        let index = try String(contentsOf: workspace.appendingPathComponent("captures/index.html"), encoding: .utf8)
        Self.checkTables(sheet, file: "contact sheet")
        Self.checkTables(index, file: "index")

        // The loader table: the plan's limits beside the measured values, "—" where none is set.
        let loaders = try #require(Self.tables(sheet).first { $0.rows.first?.map(\.html).contains("flash limit") == true })
        #expect(loaders.rows[0].map(\.html) == ["panel", "visible", "flashes", "flash limit", "held back", "held-back limit", "blank time"])
        #expect(loaders.rows[0].map(\.numeric) == [false, true, false, true, false, true, true])
        let cells = loaders.rows.dropFirst().map { $0.map(\.html) }
        #expect(cells == [
            ["immediate", "1,003 ms", "no flash", "—", "0 ms", "—", "0 ms"],
            ["delayed", "3 ms", "1 flash (3 ms at 1,000 ms)", "≤ 1", "0 ms", "—", "1,000 ms"],
            ["delayedMinimum", "503 ms", "no flash", "≤ 0", "0 ms", "—", "500 ms"],
        ])
    }
}

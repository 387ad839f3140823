import FilmstripPNG
import FilmstripTestSupport
import Foundation
import Testing

@Suite(.serialized) struct SweepCommandTests {
    @Test func sweepOnAPlainListPrintsTheHandComputedTable() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let samples = CommandRunner.fixtures.appendingPathComponent("latencies.json").path
        let result = try CommandRunner.run(["sweep", samples, "--delays", "0,500,1000", "--minimums", "0,200,500", "--out", "out"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "5 loads from latencies.json (list) · flash < 300 ms · added-wait budget 100 ms (p95)")
        #expect(lines.contains("      0        0  100.0%    20.0%         0.0          0         0.0  ← fewest flashes within budget"))
        #expect(lines.contains("    500      500   60.0%     0.0%        80.0        400       380.0"))
        #expect(lines.contains("   1000      200   40.0%    20.0%        39.4        197       600.0"))
        #expect(lines.contains("recommended: delay 0 ms — 20.0% of loads flash, p95 added wait 0 ms"))
        let chart = try PNGCodec.decode(Array(try Data(contentsOf: workspace.appendingPathComponent("out/sweep.png"))))
        #expect(chart.width == 1520 && chart.height == 520)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.appendingPathComponent("out/sweep.json"))) as? [String: Any])
        #expect((json["policies"] as? [Any])?.count == 9)
        #expect((json["recommended"] as? [String: Any])?["delayMs"] as? Int == 0)
        #expect(lines.last == "wrote out/sweep.json, out/sweep.png and out/sweep.html")
    }

    /// `sweep.html`: the chosen policy as the verdict, the chart (its size written) with its two
    /// plots' figures as tables, one column per minimum, and every policy's row as the terminal
    /// prints it, the recommended one marked.
    @Test func sweepWritesAPageWithTheChosenPolicyAndTheChartsDataAsTables() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let samples = CommandRunner.fixtures.appendingPathComponent("latencies.json").path
        let result = try CommandRunner.run(["sweep", samples, "--delays", "0,500,1000", "--minimums", "0,200,500", "--out", "out"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: workspace.appendingPathComponent("out/sweep.html"), encoding: .utf8)
        #expect(page.contains("<h1>Loader policy sweep: latencies.json</h1>\n<p class=\"facts\">5 loads from latencies.json (list) · flash &lt; 300 ms · added-wait budget 100 ms (p95)</p>"))
        #expect(page.contains("<div class=\"verdict pass\"><h2>Recommended: delay 0 ms — 20.0% of loads flash, p95 added wait 0 ms</h2></div>"))
        #expect(page.contains("<img class=\"strip\" src=\"./sweep.png\" width=\"1520\" height=\"520\" alt=\"Flash rate and mean added wait against the delay"))
        let tables = ContactSheetTableTests.tables(page)
        #expect(tables.map(\.caption) == [
            "The chart&#39;s flash rate by delay: one column per line", "The chart&#39;s mean added wait (ms) by delay: one column per line",
            "Each policy&#39;s share of loads that show a loader, flash rate, added wait (mean and 95th percentile) and mean blank time",
        ])
        #expect(tables[0].rows.map { $0.map(\.html) } == [
            ["delay (ms)", "no minimum", "minimum 200 ms", "minimum 500 ms"],
            ["0", "20.0%", "20.0%", "0.0%"], ["500", "20.0%", "20.0%", "0.0%"], ["1000", "20.0%", "20.0%", "0.0%"],
        ])
        #expect(tables[1].rows[3].map(\.html) == ["1000", "0.0", "39.4", "99.4"])
        #expect(tables[2].rows[1].map(\.html) == ["0", "0", "100.0%", "20.0%", "0.0", "0", "0.0", "✓ fewest flashes within budget"])
        #expect(tables[2].rows[6].map(\.html) == ["500", "500", "60.0%", "0.0%", "80.0", "400", "380.0", ""])
        ContactSheetTableTests.checkTables(page, file: "sweep.html")
        #expect(page.contains("<a href=\"./sweep.json\">sweep.json</a>"))
    }

    @Test func sweepOnAHARFileRecommendsTheDelayThatAvoidsFlashes() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let har = CommandRunner.fixtures.appendingPathComponent("scenes.har").path
        let result = try CommandRunner.run(["sweep", har, "--budget-ms", "100"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        // 13 loads: 87, 142, 213, 298, 357, 422, 512, 641, 733, 980, 1,205, 2,688 and 501 from timings.
        // Delay 1,000 ms: 1,205 shows a 205 ms flash (1 of 13 = 7.7%); delay 1,500 ms: none.
        #expect(result.stdout.contains("13 loads from scenes.har (HAR)"))
        // Blank at 1,000 ms: the eleven loads under it sum to 4,886, plus 1,000 twice: 6,886 / 13 = 529.7.
        #expect(result.stdout.contains("   1000        0   15.4%     7.7%         0.0          0       529.7"))
        #expect(result.stdout.contains("recommended: delay 1500 ms — 0.0% of loads flash, p95 added wait 0 ms"))
        let chart = try PNGCodec.decode(Array(try Data(contentsOf: workspace.appendingPathComponent("sweep/sweep.png"))))
        #expect(chart.width == 1520 && chart.height == 520)
    }

    @Test func badSamplesExitTwoNamingThePath() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        try Data("[100, \"slow\"]".utf8).write(to: workspace.appendingPathComponent("bad.json"))
        let result = try CommandRunner.run(["sweep", "bad.json"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.json: $[1]: expected a latency in ms from 0 to 3600000, found string"))
        #expect(try CommandRunner.run(["sweep", "bad.json", "--delays", "a,b"], in: workspace).status == 2)
    }
}

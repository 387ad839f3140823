import FilmstripCore

/// `sweep.html`: the policy sweep as a page beside `sweep.json` and `sweep.png`, in the contact
/// sheet's style (dark, like the chart) with its viewport, landmarks and print style. From the
/// top: what was swept (the terminal's first line), the chosen policy as the verdict, the chart
/// with its data as two tables (flash rate and mean added wait by delay, one column per
/// minimum visible time: the chart's lines), then every policy's row as the terminal prints it.
///
/// It links only to `./sweep.png` and `./sweep.json` in its own folder (``RelativeLink``); the
/// source's file name is escaped (``HTML/escape(_:)``).
package enum SweepPage {
    /// The page's HTML, UTF-8 text, for `sweep` of `samples` read from `source` (a file name).
    /// - Parameter chartSize: `sweep.png`'s size in pixels, written as its `width` and `height`; nil: none.
    package static func html(_ sweep: PolicySweep, source: String, samples: LatencySamples, chartSize: (width: Int, height: Int)? = nil) -> String {
        let lines = SweepReport.lines(sweep, source: source, samples: samples)
        var page = HTML.head(title: "sweep: \(source) · filmstrip") + "<style>\(HTML.style(.dark))</style></head><body>\n<main>\n"
        page += "<h1>Loader policy sweep: \(HTML.escape(source))</h1>\n<p class=\"facts\">\(HTML.escape(lines[0]))</p>\n"
        if let summary = samples.summary { page += "<p class=\"facts\">\(HTML.escape(summary))</p>\n" }
        let chosen = HTML.escape(String(lines[lines.count - 1].dropFirst("recommended: ".count)))
        page += "<div class=\"verdict \(sweep.recommended == nil ? "fail" : "pass")\"><h2>Recommended: \(chosen)</h2></div>\n"

        let delays = Array(Set(sweep.outcomes.map(\.policy.delayMs))).sorted()
        let minimums = Array(Set(sweep.outcomes.map { $0.policy.minimumVisibleMs ?? 0 })).sorted()
        func outcome(_ delay: Int, _ minimum: Int) -> PolicySweep.Outcome? {
            sweep.outcomes.first { $0.policy.delayMs == delay && ($0.policy.minimumVisibleMs ?? 0) == minimum }
        }
        let size = chartSize.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        page += "<h2>Chart</h2>\n<img class=\"strip\" src=\"\(RelativeLink.to("sweep.png"))\"\(size) alt=\"Flash rate and mean added wait against the delay, one line per minimum visible time; the tables below hold the same figures\">\n"
        let plots: [(title: String, value: (PolicySweep.Outcome) -> String)] = [
            ("flash rate", { Quantity.percent(numerator: $0.flashes, denominator: $0.loads) }),
            ("mean added wait (ms)", { SweepReport.tenths($0.totalAddedWaitMs, $0.loads) }),
        ]
        for plot in plots {
            let table = HTMLTable(columns: [.number("delay (ms)")] + minimums.map { .number($0 == 0 ? "no minimum" : "minimum \($0) ms") })
            page += table.open(caption: "The chart's \(plot.title) by delay: one column per line")
            for delay in delays {
                page += table.row(["\(delay)"] + minimums.map { minimum in outcome(delay, minimum).map(plot.value) ?? "—" })
            }
            page += HTMLTable.close
        }

        let table = HTMLTable(columns: [
            .number("delay (ms)"), .number("minimum (ms)"), .number("loader"), .number("flashes"), .number("mean added (ms)"),
            .number("p95 added (ms)"), .number("mean blank (ms)"), .text("chosen"),
        ])
        page += "<h2>Every policy</h2>\n" + table.open(caption: "Each policy's share of loads that show a loader, flash rate, added wait (mean and 95th percentile) and mean blank time")
        for (index, outcome) in sweep.outcomes.enumerated() {
            page += table.row([
                "\(outcome.policy.delayMs)", "\(outcome.policy.minimumVisibleMs ?? 0)",
                Quantity.percent(numerator: outcome.loaderLoads, denominator: outcome.loads),
                Quantity.percent(numerator: outcome.flashes, denominator: outcome.loads),
                SweepReport.tenths(outcome.totalAddedWaitMs, outcome.loads), "\(outcome.p95AddedWaitMs)",
                SweepReport.tenths(outcome.totalBlankMs, outcome.loads), index == sweep.recommended ? "✓ fewest flashes within budget" : "",
            ])
        }
        page += HTMLTable.close + "</main>\n<footer><p class=\"facts\">Made by filmstrip sweep; <a href=\"\(RelativeLink.to("sweep.json"))\">sweep.json</a> holds the same figures.</p></footer>\n</body></html>\n"
        return page
    }
}

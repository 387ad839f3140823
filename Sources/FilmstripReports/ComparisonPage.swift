import FilmstripCore

/// `compare.html`: a comparison as one page. From the top: the two sides and the gates'
/// verdict; both timelines to one scale (A's phase bar above B's, ticks at frame instants); the
/// dwell per phase and per panel depiction with the differences; the flashes per panel; then
/// `compare.png` and the frame pairs as a table.
///
/// It links only to `./compare.png` and `./compare.json` in its own folder (``RelativeLink``);
/// every text from a report or a file name is escaped (``HTML/escape(_:)``).
public enum ComparisonPage {
    /// The page's HTML, UTF-8 text.
    /// - Parameter outcomes: the gates' outcomes (empty: no gate was given).
    public static func html(_ comparison: RunComparison, outcomes: [ComparisonGate.Outcome]) -> String {
        let (a, b) = (comparison.a, comparison.b)
        let bench = comparison.bench
        let title = "\(a.plan) vs \(b.plan)"
        var page = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>compare: \(HTML.escape(title))</title>\n"
        page += "<style>\(HTML.style)\n.side{display:inline-block;width:22px;color:#8a90a0;font-weight:600}.up{color:#ff6b6b}</style></head><body>\n"
        page += "<h1>Compare: \(HTML.escape(title))</h1>\n"
        for (label, side) in [("A", a), ("B", b)] {
            page += "<p class=\"facts\"><b>\(label)</b> · \(HTML.escape(side.plan)) from \(HTML.escape(side.source)) · \(HTML.escape(side.clock)) clock · window \(Quantity.ms(side.windowStartMs))–\(Quantity.ms(side.windowEndMs)) · \(side.frames.count) frames every \(Quantity.ms(side.frameIntervalMs)) · flash &lt; \(Quantity.ms(side.flashThresholdMs))</p>\n"
        }
        page += "<p class=\"facts\">bench \(HTML.escape(bench.name)) · differences are B minus A; a time share is dwell ÷ its own window</p>\n"
        let tripped = outcomes.filter(\.tripped)
        if outcomes.isEmpty {
            page += "<div class=\"verdict lint\">No gate given (<code>--fail-on PHASE+N</code> or <code>flashes</code>).</div>\n"
        } else {
            page += "<div class=\"verdict \(tripped.isEmpty ? "pass" : "fail")\">\(tripped.isEmpty ? "Passed" : "Failed: \(tripped.count) of \(outcomes.count) gate(s) tripped")<ul>"
            for outcome in outcomes { page += "<li>\(outcome.tripped ? "tripped" : "held"): \(HTML.escape(outcome.message))</li>" }
            page += "</ul></div>\n"
        }

        let axis = comparison.axis
        page += "<h2>Timelines, to one scale</h2>\n"
        for (label, side) in [("A", a), ("B", b)] {
            page += "<div class=\"barlabel\"><span class=\"side\">\(label)</span>\(HTML.escape(side.plan)) · phase</div>\n<div class=\"bar\">"
            var at = axis.startMs
            for segment in side.phaseSegments {
                if segment.enterMs > at { page += "<div style=\"width:\(HTML.percent(segment.enterMs - at, of: axis.endMs - axis.startMs))%\"></div>" }
                page += "<div style=\"width:\(HTML.percent(segment.durationMs, of: axis.endMs - axis.startMs))%;background:\(bench.style(ofPhase: segment.name).color.hexString)\" title=\"\(label) \(HTML.escape(segment.name)) \(Quantity.ms(segment.enterMs))–\(Quantity.ms(segment.exitMs)) (\(Quantity.ms(segment.durationMs)))\"></div>"
                at = segment.exitMs
            }
            page += "</div>\n<div class=\"ticks\" title=\"\(label) frame instants\">"
            for frame in side.frames where frame.phase != nil && frame.tMs >= axis.startMs && frame.tMs < axis.endMs {
                page += "<span style=\"left:\(HTML.percent(frame.tMs - axis.startMs, of: axis.endMs - axis.startMs))%\"></span>"
            }
            page += "</div>\n"
        }
        page += "<div class=\"scale\"><span>\(Quantity.ms(axis.startMs))</span><span>\(Quantity.ms(axis.endMs))</span></div>\n<p class=\"facts\">"
        for name in bench.phaseNames {
            page += "<span class=\"swatch\" style=\"background:\(bench.style(ofPhase: name).color.hexString)\"></span>\(HTML.escape(name)) &nbsp; "
        }
        page += "· ticks mark frame instants</p>\n"

        page += "<h2>Dwell per phase</h2>\n" + table(comparison.phases, first: "phase") { bench.style(ofPhase: $0).color.hexString }
        page += "<h2>Dwell per panel depiction</h2>\n"
        for panel in comparison.panels {
            page += "<div class=\"barlabel\">\(HTML.escape(panel.panel))</div>\n"
            page += table(panel.rows, first: "depiction") { bench.style(ofDepiction: $0)?.color.hexString ?? PhaseStyle.unknown.color.hexString }
        }
        page += "<h2>Flashes</h2>\n"
        if comparison.flashes.isEmpty {
            page += "<p class=\"facts\">No flash on either side (A: loaders under \(Quantity.ms(a.flashThresholdMs)); B: under \(Quantity.ms(b.flashThresholdMs))).</p>\n"
        } else {
            page += "<table><tr><th>panel</th><th>A</th><th>B</th></tr>\n"
            for panel in comparison.flashes {
                let worse = panel.b.count > panel.a.count
                page += "<tr><td>\(HTML.escape(panel.panel))</td><td>\(HTML.escape(ComparisonTable.flashList(panel.a)))</td><td\(worse ? " class=\"up\"" : "")>\(HTML.escape(ComparisonTable.flashList(panel.b)))</td></tr>\n"
            }
            page += "</table>\n"
        }

        page += "<h2>Frames paired by time</h2>\n<p class=\"facts\">Each A frame above the B frame on screen at its instant (B's last frame taken at or before it).</p>\n"
        page += "<img class=\"strip\" src=\"\(RelativeLink.to("compare.png"))\" alt=\"A's frames above B's, paired by time, under both timelines\">\n"
        page += "<table><tr><th>A frame</th><th>A ms</th><th>A phase</th><th>B frame</th><th>B ms</th><th>B phase</th></tr>\n"
        for pair in comparison.pairs {
            let bCells = pair.b.map { "<td>#\($0.index)</td><td>\(Quantity.grouped($0.tMs))</td><td>\(swatch(bench, $0.phase))</td>" } ?? "<td>—</td><td></td><td></td>"
            page += "<tr><td>#\(pair.a.index)</td><td>\(Quantity.grouped(pair.a.tMs))</td><td>\(swatch(bench, pair.a.phase))</td>\(bCells)</tr>\n"
        }
        page += "</table>\n<p class=\"facts\">Made by filmstrip compare; <a href=\"\(RelativeLink.to("compare.json"))\">compare.json</a> holds the same figures.</p>\n</body></html>\n"
        return page
    }

    private static func swatch(_ bench: BenchDefinition, _ phase: String?) -> String {
        guard let phase else { return "dropped" }
        return "<span class=\"swatch\" style=\"background:\(bench.style(ofPhase: phase).color.hexString)\"></span>\(HTML.escape(phase))"
    }

    private static func table(_ rows: [RunComparison.Row], first: String, color: (String) -> String) -> String {
        var html = "<table><tr><th>\(first)</th><th>A ms</th><th>A time</th><th>B ms</th><th>B time</th><th>Δ ms</th><th>Δ points</th></tr>\n"
        for row in rows {
            html += "<tr><td><span class=\"swatch\" style=\"background:\(color(row.name))\"></span>\(HTML.escape(row.name))</td>"
            html += "<td>\(Quantity.grouped(row.aMs))</td><td>\(Quantity.percent(numerator: row.aMs, denominator: row.aWindowMs))</td>"
            html += "<td>\(Quantity.grouped(row.bMs))</td><td>\(Quantity.percent(numerator: row.bMs, denominator: row.bWindowMs))</td>"
            html += "<td>\(ComparisonTable.signed(row.differenceMs))</td><td>\(ComparisonTable.points(row.differenceHundredths))</td></tr>\n"
        }
        return html + "</table>\n"
    }
}

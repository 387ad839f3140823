import FilmstripCore

/// `compare.html`: a comparison as one page. From the top: the two sides and the gates'
/// verdict; what changed in time from A to B, in `check`'s words (``TimingChanges``: per lane
/// and panel, dwell before → after, flashes removed and added with their instants, held-back and
/// blank time, the first differing frame); both timelines to one scale (A's phase bar above B's, ticks at frame instants); the
/// dwell per phase and per panel depiction with the differences; the flashes per panel; then
/// `compare.png` and the frame pairs as a table.
///
/// It links only to `./compare.png` and `./compare.json` in its own folder (``RelativeLink``);
/// every text from a report or a file name is escaped (``HTML/escape(_:)``). Like the contact
/// sheet it has a viewport, landmarks, a print style, timelines drawn as borders with their
/// segments as lists, and tables with captions and `scope`d headers (``HTMLTable``).
package enum ComparisonPage {
    /// The page's HTML, UTF-8 text.
    /// - Parameters:
    ///   - outcomes: the gates' outcomes (empty: no gate was given).
    ///   - stripSize: `compare.png`'s size in pixels, written as its `width` and `height`; nil: none.
    package static func html(_ comparison: RunComparison, outcomes: [ComparisonGate.Outcome], stripSize: (width: Int, height: Int)? = nil) -> String {
        let (a, b) = (comparison.a, comparison.b)
        let bench = comparison.bench
        let title = "\(a.plan) vs \(b.plan)"
        let palette = PagePalette(theme: .dark, bench: bench)
        func phaseColor(_ name: String) -> String { palette.reference(bench.style(ofPhase: name).color) }
        var page = HTML.head(title: "compare: \(title)")
        page += "<style>\(HTML.style(.dark))\n\(palette.css)\n.side{display:inline-block;width:22px;color:#8a90a0;font-weight:600}.up{color:#ff6b6b}@media print{.up{color:#b91c1c}.side{color:#4b5563}}</style></head><body>\n<main>\n"
        page += "<h1>Compare: \(HTML.escape(title))</h1>\n"
        for (label, side) in [("A", a), ("B", b)] {
            page += "<p class=\"facts\"><b>\(label)</b> · \(HTML.escape(side.plan)) from \(HTML.escape(side.source)) · \(HTML.escape(side.clock)) clock · window \(Quantity.ms(side.windowStartMs))–\(Quantity.ms(side.windowEndMs)) · \(side.frames.count) frames every \(Quantity.ms(side.frameIntervalMs)) · flash &lt; \(Quantity.ms(side.flashThresholdMs))</p>\n"
        }
        page += "<p class=\"facts\">bench \(HTML.escape(bench.name)) · differences are B minus A; a time share is dwell ÷ its own window</p>\n"
        let tripped = outcomes.filter(\.tripped)
        if outcomes.isEmpty {
            page += "<div class=\"verdict lint\"><h2>No gate given (<code>--fail-on PHASE+N</code> or <code>flashes</code>).</h2></div>\n"
        } else {
            page += "<div class=\"verdict \(tripped.isEmpty ? "pass" : "fail")\"><h2>\(tripped.isEmpty ? "Passed" : "Failed: \(tripped.count) of \(outcomes.count) gate(s) tripped")</h2><ul>"
            for outcome in outcomes { page += "<li>\(outcome.tripped ? "tripped" : "held"): \(HTML.escape(outcome.message))</li>" }
            page += "</ul></div>\n"
        }

        page += timingChanges(comparison)

        let axis = comparison.axis
        page += "<h2>Timelines, to one scale</h2>\n"
        for (label, side) in [("A", a), ("B", b)] {
            page += "<div class=\"barlabel\"><span class=\"side\">\(label)</span>\(HTML.escape(side.plan)) · phase</div>\n<div class=\"bar\" role=\"list\" aria-label=\"\(label) phase timeline to scale\">"
            var at = axis.startMs
            var items = ""
            for segment in side.phaseSegments {
                // A gap before the side's window is drawn in the bar's own ground (transparent).
                if segment.enterMs > at { page += "<div aria-hidden=\"true\" style=\"width:\(HTML.percent(segment.enterMs - at, of: axis.endMs - axis.startMs))%;border-top-color:transparent\"></div>" }
                let words = "\(HTML.escape(segment.name)) \(Quantity.ms(segment.enterMs))–\(Quantity.ms(segment.exitMs)) (\(Quantity.ms(segment.durationMs)))"
                page += HTML.segment(name: segment.name, words: words, width: HTML.percent(segment.durationMs, of: axis.endMs - axis.startMs), color: phaseColor(segment.name), title: "\(label) \(words)")
                items += "<li>\(words)</li>"
                at = segment.exitMs
            }
            page += "</div>\n<details><summary>\(label) phase timeline as a list (\(side.phaseSegments.count) segment\(side.phaseSegments.count == 1 ? "" : "s"))</summary><ol>\(items)</ol></details>\n"
            page += "<div class=\"ticks\" title=\"\(label) frame instants\" aria-hidden=\"true\">"
            for frame in side.frames where frame.phase != nil && frame.tMs >= axis.startMs && frame.tMs < axis.endMs {
                page += "<span style=\"left:\(HTML.percent(frame.tMs - axis.startMs, of: axis.endMs - axis.startMs))%\"></span>"
            }
            page += "</div>\n"
        }
        page += "<div class=\"scale\"><span>\(Quantity.ms(axis.startMs))</span><span>\(Quantity.ms(axis.endMs))</span></div>\n<p class=\"facts\">"
        for name in bench.phaseNames {
            page += "<span class=\"swatch\" style=\"color:\(phaseColor(name))\"></span>\(HTML.escape(name)) &nbsp; "
        }
        page += "· ticks mark frame instants</p>\n"

        page += "<h2>Dwell per phase</h2>\n" + table(comparison.phases, first: "phase", caption: "Each phase's dwell on side A and side B, its time share of its own window, and the difference B minus A", name: "dwell per phase") { phaseColor($0) }
        page += "<h2>Dwell per panel depiction</h2>\n"
        for panel in comparison.panels {
            page += table(panel.rows, first: "depiction", caption: "Panel \(panel.panel): each depiction's dwell on side A and side B and the difference", name: "dwell of panel \(panel.panel)") {
                palette.reference(bench.style(ofDepiction: $0)?.color ?? PhaseStyle.unknown.color)
            }
        }
        page += "<h2>Flashes</h2>\n"
        if comparison.flashes.isEmpty {
            page += "<p class=\"facts\">No flash on either side (A: loaders under \(Quantity.ms(a.flashThresholdMs)); B: under \(Quantity.ms(b.flashThresholdMs))).</p>\n"
        } else {
            let flashTable = HTMLTable(columns: [.text("panel"), .text("A flashes"), .text("B flashes")])
            page += flashTable.open(caption: "Each panel's flashes on side A and side B (count, then each one's length and start)", name: "flashes")
            for panel in comparison.flashes {
                let worse = panel.b.count > panel.a.count
                page += flashTable.row([HTML.escape(panel.panel), HTML.escape(ComparisonTable.flashList(panel.a)), HTML.escape(ComparisonTable.flashList(panel.b))], attributes: worse ? [2: "class=\"up\""] : [:])
            }
            page += HTMLTable.close
        }

        page += "<h2>Frames paired by time</h2>\n<p class=\"facts\">Each A frame above the B frame on screen at its instant (B's last frame taken at or before it).</p>\n"
        let size = stripSize.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        page += "<img class=\"strip\" src=\"\(RelativeLink.to("compare.png"))\"\(size) alt=\"A's frames above B's, paired by time, under both timelines\">\n"
        let pairs = HTMLTable(columns: [.text("A frame"), .number("A ms"), .text("A phase"), .text("B frame"), .number("B ms"), .text("B phase")])
        page += pairs.open(caption: "Each A frame with the B frame on screen at its instant: index, time (ms) and phase", name: "frame pairs")
        for pair in comparison.pairs {
            let bCells = pair.b.map { ["#\($0.index)", Quantity.grouped($0.tMs), swatch($0.phase)] } ?? ["—", "", ""]
            page += pairs.row(["#\(pair.a.index)", Quantity.grouped(pair.a.tMs), swatch(pair.a.phase)] + bCells)
        }
        page += HTMLTable.close + "</main>\n<footer><p class=\"facts\">Made by filmstrip compare; <a href=\"\(RelativeLink.to("compare.json"))\">compare.json</a> holds the same figures.</p></footer>\n</body></html>\n"
        func swatch(_ phase: String?) -> String {
            guard let phase else { return "dropped" }
            return "<span class=\"swatch\" style=\"color:\(phaseColor(phase))\"></span>\(HTML.escape(phase))"
        }
        return page
    }

    /// The section that leads the page: ``RunComparison/timing``'s lines, one list item each,
    /// worded as `check` words them; or, when a side's report is not whole, which side and why.
    private static func timingChanges(_ comparison: RunComparison) -> String {
        var html = "<section aria-labelledby=\"time\">"
        guard let timing = comparison.timing else {
            let sides = [("A", comparison.a), ("B", comparison.b)].filter { $0.1.report == nil }.map { "\($0.0) (\($0.1.source))" }
            html += "<h2 id=\"time\">Time not compared</h2>\n<p>time not compared: \(HTML.escape(Quantity.list(sides))) is not a whole filmstrip report of this version; the tables below compare dwell and flashes</p>"
            return html + "</section>\n"
        }
        html += "<h2 id=\"time\">\(timing.unchanged ? "Time unchanged (A → B)" : "Time changed (A → B)")</h2>\n"
        if timing.unchanged { html += "<p>every dwell, flash, held-back and blank time is the same on A and B</p>\n" }
        let lines = timing.sections.flatMap(\.lines) + (timing.firstDifferingFrame.map { [$0.sentence] } ?? [])
        if !lines.isEmpty { html += "<ul>" + lines.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>" }
        return html + "</section>\n"
    }

    /// A dwell table: one row per name with A's and B's dwell and time share and the
    /// differences, under `caption`, in a scrolling box named `name`.
    private static func table(_ rows: [RunComparison.Row], first: String, caption: String, name: String, color: (String) -> String) -> String {
        let table = HTMLTable(columns: [.text(first), .number("A ms"), .number("A time"), .number("B ms"), .number("B time"), .number("Δ ms"), .number("Δ points")])
        var html = table.open(caption: caption, name: name)
        for row in rows {
            html += table.row([
                "<span class=\"swatch\" style=\"color:\(color(row.name))\"></span>\(HTML.escape(row.name))",
                Quantity.grouped(row.aMs), Quantity.percent(numerator: row.aMs, denominator: row.aWindowMs),
                Quantity.grouped(row.bMs), Quantity.percent(numerator: row.bMs, denominator: row.bWindowMs),
                ComparisonTable.signed(row.differenceMs), ComparisonTable.points(row.differenceHundredths),
            ])
        }
        return html + HTMLTable.close
    }
}

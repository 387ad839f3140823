import FilmstripCore
import FilmstripRaster

/// The contact sheet of one run: an HTML page with the verdict and its reasons (for a failed
/// run, when each rule was broken, linking to the frames that show it), the lint findings, the
/// strip (in the first screen), a timeline bar to scale coloured by phase (a bench with lanes: one
/// per lane, and a dwell table per lane; and one per panel by depiction), the dwell tables, the
/// animation, the stills, and every frame as a thumbnail labelled with its index,
/// time, phase and each panel's depiction, bordered in its phase's colour and linking to the
/// full frame. It links only to files named by the report.
///
/// The page is for every reader: it follows the plan's theme in every part (``PagePalette``),
/// prints light with its timeline drawn (borders, not backgrounds), reflows to a 375 px screen
/// (a viewport, tables that scroll in their own box, a graph that scales), plays the animation
/// only when asked, and says in text what its pictures show: the verdict is a heading, each
/// timeline has its segments as a list, the state graph is described by a table of its
/// transitions, each frame's alt text says what its panels show, and the page has landmarks
/// (`nav`, `main`, `footer`).
package enum ContactSheet {
    /// The page for `report` (written as `index.html` beside it).
    /// - Parameter planFile: the plan file's path as the footer names it (``IndexRowFile/planFile``);
    ///   nil: `captures/<plan>.json`.
    ///   - images: the images' pixel sizes, for `width` and `height`; nil: none are written.
    package static func html(report: RunReport, run: RecordedRun, analysis: Analysis, planFile: String? = nil, images: ImageSizes? = nil) -> String {
        var page = ""
        write(report: report, run: run, analysis: analysis, planFile: planFile, images: images) { page += $0 }
        return page
    }

    /// Writes the same text as ``html(report:run:analysis:planFile:images:)`` in pieces, one per frame for the
    /// parts that grow with the run, so a long run's page never exists whole in memory.
    ///
    /// - Parameters:
    ///   - planFile: the plan file's path as the footer names it (``IndexRowFile/planFile``);
    ///     nil: `captures/<plan>.json`.
    ///   - images: the images' pixel sizes, for `width` and `height`; nil: none are written.
    ///   - emit: called with each piece, in order.
    /// - Throws: what `emit` throws.
    package static func write<E: Error>(report: RunReport, run: RecordedRun, analysis: Analysis, planFile: String? = nil, images: ImageSizes? = nil, to emit: (String) throws(E) -> Void) throws(E) {
        try writeHead(report: report, run: run, analysis: analysis, images: images, to: emit)
        for frame in report.frames { try emit(figure(of: frame, report: report, run: run, images: images)) }
        try writeTail(report: report, planFile: planFile, to: emit)
    }

    /// Writes the page up to its frames (the text of ``write(report:run:analysis:planFile:images:to:)``
    /// before the first frame's figure), in pieces; `report`'s own frame rows are not read, only
    /// its count of frames (`frameCount`, default `report.frames.count`), so a recording can
    /// write each frame's figure (``figure(of:report:run:images:)``) as the frame is drawn and then
    /// ``writeTail(report:planFile:to:)``.
    /// - Parameter images: the images' pixel sizes, for `width` and `height`; nil: none are written.
    /// - Throws: what `emit` throws.
    package static func writeHead<E: Error>(report: RunReport, run: RecordedRun, analysis: Analysis, frameCount: Int? = nil, images: ImageSizes? = nil, to emit: (String) throws(E) -> Void) throws(E) {
        let frameCount = frameCount ?? report.frames.count
        let plan = run.plan
        let palette = PagePalette(theme: plan.theme, bench: plan.bench)
        /// A depiction's colour from the bench's styles, grey for one it does not list.
        func depictionColor(_ id: String) -> String { palette.reference(plan.bench.style(ofDepiction: id)?.color ?? PhaseStyle.unknown.color) }
        func phaseColor(_ name: String) -> String { palette.reference(plan.bench.style(ofPhase: name).color) }
        func border(_ phase: String?) -> String { Self.border(phase, plan: plan) }
        var page = HTML.head(title: "\(plan.name) · filmstrip contact sheet") + """
            <style>\(HTML.style(plan.theme))\n\(palette.css)</style></head><body>
            <nav aria-label="pages"><p><a href="\(RelativeLink.to(OutputLayout.contactSheetPath, up: 1))">all plans</a></p></nav>
            <main>
            <h1>\(HTML.escape(plan.name))</h1>

            """
        if !plan.summary.isEmpty { page += "<p>\(HTML.escape(plan.summary))</p>\n" }
        var facts = "bench \(plan.bench) · \(plan.mode.rawValue) · \(run.clock.rawValue) clock · window \(Quantity.ms(plan.windowStartMs))–\(Quantity.ms(plan.windowEndMs)) · \(analysis.frameCount) frames every \(Quantity.ms(plan.frameIntervalMs)) · scale \(plan.scale)×"
        if plan.slowMotion != .off { facts += " · slow motion \(plan.slowMotion)" }
        if analysis.droppedFrames > 0 { facts += " · \(analysis.droppedFrames) frames dropped" }
        page += "<p class=\"facts\">\(HTML.escape(facts))</p>\n"

        page += "<div class=\"verdict \(analysis.passed ? "pass" : "fail")\"><h2>\(analysis.passed ? "PASSED" : "FAILED")</h2>"
        if !analysis.reasons.isEmpty {
            page += "<ul>" + analysis.reasons.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
        }
        if !analysis.passed { page += whenChecksFailed(analysis.checks) }
        page += "</div>\n"
        if !report.lint.isEmpty {
            page += "<div class=\"lint\">Lint, before rendering:<ul>" + report.lint.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul></div>\n"
        }

        if let filmstrip = report.filmstrip {
            let shown = report.filmstripFrames?.count ?? frameCount
            let what = shown < frameCount ? "\(shown) of the \(frameCount) frames" : "all frames"
            page += "<h2>Filmstrip</h2>\n"
            if shown < frameCount {
                page += "<p class=\"facts\">\(shown) of \(frameCount) frames, evenly spaced from the first to the last; every frame is below.</p>\n"
            }
            let link = RelativeLink.to(filmstrip)
            page += "<a href=\"\(link)\"><img class=\"strip\" src=\"\(link)\"\(images?.strip(count: shown) ?? "") alt=\"\(what) of \(HTML.escape(plan.name)) in one strip\"></a>\n"
        }
        // Timeline bars.
        // A bench with lanes: a phase bar per lane, labelled with the lane's name.
        let phaseBars = analysis.lanes.isEmpty
            ? [(what: "phase", segments: run.phaseSegments)]
            : analysis.lanes.map { (what: "\($0.lane) · phase", segments: run.lanePhaseSegments[$0.lane] ?? []) }
        page += "<h2>Timeline, to scale</h2>\n"
        for phaseBar in phaseBars {
            page += "<div class=\"barlabel\">\(HTML.escape(phaseBar.what))</div>\n"
            try emit(page)
            page = ""
            try bar(phaseBar.segments, plan: plan, what: phaseBar.what, color: phaseColor, to: emit)
        }
        try ticks(run.frames, plan: plan, to: emit)
        page += "<div class=\"scale\"><span>\(Quantity.ms(plan.windowStartMs))</span><span>\(Quantity.ms(plan.windowEndMs))</span></div>\n"
        for panel in plan.panels {
            page += "<div class=\"barlabel\">\(HTML.escape(panel)) · depiction</div>\n"
            try emit(page)
            page = ""
            try bar(run.depictionSegments[panel] ?? [], plan: plan, what: "\(panel) depiction", color: depictionColor, to: emit)
        }
        page += legend(run: run, color: phaseColor)
        let depictions = analysis.panels.flatMap { $0.depictions.map(\.depiction) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        page += "<p class=\"facts\">depictions: " + depictions.map { "<span class=\"swatch\" style=\"color:\(depictionColor($0))\"></span>\(HTML.escape($0))" }.joined(separator: " &nbsp; ") + "</p>\n"

        page += dwellTables(analysis: analysis, plan: plan, phaseColor: phaseColor, depictionColor: depictionColor)

        if !analysis.transitions.isEmpty {
            page += "<h2>State graph: observed transitions</h2>\n" + StateGraph.svg(transitions: analysis.transitions, phaseOrder: run.phaseNames, phaseColor: phaseColor, describedBy: StateGraph.tableID) + "\n"
            page += StateGraph.table(transitions: analysis.transitions)
        }
        if !report.violations.isEmpty {
            let rulesTable = HTMLTable(columns: [.text("panel"), .text("rule"), .number("from"), .number("to"), .text("frames")])
            page += "<h2>Rules broken</h2>\n" + rulesTable.open(caption: "Every stretch of the window during which a panel broke one of the bench's rules, with the frames that show it")
            for violation in report.violations {
                let frames = violation.frames.isEmpty ? "between frames" : violation.frames.map { "<a class=\"fl\" href=\"#frame-\($0)\"><span class=\"sr\">frame </span>#\($0)</a>" }.joined(separator: " ")
                page += rulesTable.row(
                    [HTML.escape(violation.panel), "\(HTML.escape(violation.rule))<br><span class=\"facts\">\(HTML.escape(violation.sentence))</span>",
                     Quantity.ms(violation.startMs), Quantity.ms(violation.endMs), frames],
                    attributes: [1: "title=\"\(HTML.escape(violation.sentence))\""])
            }
            page += HTMLTable.close
        }
        if !report.counters.isEmpty {
            page += "<p class=\"facts\">" + report.counters.sorted { $0.key < $1.key }.map { "\(HTML.escape($0.key)): \($0.value)" }.joined(separator: " · ") + "</p>\n"
        }
        if let loads = report.loads, !loads.isEmpty {
            let loadsTable = HTMLTable(columns: [.text("request"), .number("started"), .number("first byte after"), .number("last byte after")])
            page += "<h2>Loads</h2>\n" + loadsTable.open(caption: "Each request the bench timed: when it started, and how long after that its first and last bytes arrived")
            for load in loads {
                page += loadsTable.row([HTML.escape(load.label), Quantity.ms(load.startMs), load.toFirstByteMs.map(Quantity.ms) ?? "—", Quantity.ms(load.toLastByteMs)])
            }
            page += HTMLTable.close
        }

        page += animationSection(report: report, run: run, size: images?.frame(scale: plan.scale))
        if !report.stills.isEmpty {
            page += "<h2>Stills</h2>\n<div class=\"frames\">\n"
            for still in report.stills {
                let scale = run.stills.first { $0.name == still.name }?.scales?.first ?? plan.scale
                page += figure(
                    file: still.file, phase: still.phase, border: border(still.phase), caption: "\(still.name) · \(Quantity.ms(still.tMs)) · \(still.phase ?? "dropped")" + (still.phaseDetail.map { ": \($0)" } ?? ""),
                    panels: still.panels, what: "still \(still.name)", size: images?.frame(scale: scale))
            }
            page += "</div>\n"
        }
        page += "<h2>Frames</h2>\n<div class=\"frames\">\n"
        try emit(page)
    }

    /// For a failed run's verdict: when each failed check failed, and the frames that show it
    /// (`rules.pattern: 1,200–1,600 ms, frames #12 #13`, each frame a link to `#frame-N`; the
    /// first eight of a moment, then how many more; the frames around it, said so, when none was
    /// taken inside it); empty when no failed check names a moment.
    private static func whenChecksFailed(_ checks: [CheckResult]) -> String {
        let failed = checks.filter { !$0.passed && !$0.moments.isEmpty }
        guard !failed.isEmpty else { return "" }
        var html = "<p class=\"when\">When:</p><ul>"
        for check in failed {
            let moments = check.moments.map { moment in
                let shown = moment.frames.prefix(8).map { "<a class=\"fl\" href=\"#frame-\($0)\"><span class=\"sr\">frame </span>#\($0)</a>" }
                let more = moment.frames.count > 8 ? " and \(moment.frames.count - 8) more" : ""
                let which = moment.framesInside ? "frame\(moment.frames.count == 1 ? "" : "s")" : "between frames"
                return moment.instant + (moment.frames.isEmpty ? "" : ", \(which) " + shown.joined(separator: " ") + more)
            }
            html += "<li>\(HTML.escape(check.name)): \(moments.joined(separator: "; "))</li>"
        }
        return html + "</ul>"
    }

    /// The dwell tables (per phase, with what the plan expects; per panel depiction) and, when a
    /// panel showed a loader, the loader table, in the colours `phaseColor` and `depictionColor`
    /// give a phase's and a depiction's swatch.
    private static func dwellTables(
        analysis: Analysis, plan: CapturePlan, phaseColor: (String) -> String, depictionColor: (String) -> String
    ) -> String {
        var page = ""
        let phaseTable = HTMLTable(columns: [.text("phase"), .number("dwell"), .number("time share"), .number("frames"), .number("frame share"), .text("expected"), .text("check")])
        // A bench with lanes: a table per lane, against that lane's limits and checks.
        let tables = analysis.lanes.isEmpty
            ? [(title: "Dwell per phase", lane: nil as String?, phases: analysis.phases)]
            : analysis.lanes.map { (title: "Dwell per phase: lane \($0.lane)", lane: $0.lane as String?, phases: $0.phases) }
        for table in tables {
            page += "<h2>\(HTML.escape(table.title))</h2>\n" + phaseTable.open(caption: "Each phase's dwell inside the \(Quantity.ms(plan.windowMs)) window, exact from the timeline, with the frames that show it and what the plan expects")
            let limits = table.lane.map { plan.expect.limits(ofLane: $0) } ?? (minFrames: plan.expect.minFrames, maxSharePercent: plan.expect.maxSharePercent)
            // Shares rounded together, so each column adds up to 100.0% (frames: unless some were dropped).
            let timeShares = Quantity.shares(table.phases.map(\.dwell.ms), of: plan.windowMs)
            let frameShares = Quantity.shares(table.phases.map(\.dwell.frames), of: analysis.frameCount)
            for (row, (name, dwell)) in table.phases.enumerated() {
                var expected: [String] = []
                if let minimum = limits.minFrames[name] { expected.append("≥ \(Quantity.frames(minimum))") }
                if let limit = limits.maxSharePercent[name] { expected.append("≤ \(limit)%") }
                let checks = analysis.checks.filter { check in
                    guard let lane = table.lane else { return check.name.hasSuffix(".\(name)") }
                    return check.name == "coverage.\(lane).\(name)" || check.name == "dominance.\(lane).\(name)"
                }
                let status = checks.isEmpty ? "" : checks.allSatisfy(\.passed) ? "✓" : "✗"
                page += phaseTable.row([
                    "<span class=\"swatch\" style=\"color:\(phaseColor(name))\"></span>\(HTML.escape(name))",
                    Quantity.ms(dwell.ms), timeShares[row], "\(dwell.frames)",
                    frameShares[row], HTML.escape(expected.joined(separator: ", ")), status,
                ])
            }
            page += HTMLTable.close
        }
        let depictionTable = HTMLTable(columns: [.text("panel"), .text("depiction"), .number("dwell"), .number("time share"), .number("frames")])
        page += "<h2>Dwell per panel depiction</h2>\n" + depictionTable.open(caption: "What each panel showed, and for how long inside the window, exact from the timeline")
        for (panel, depictions) in analysis.panels {
            let shares = Quantity.shares(depictions.map(\.dwell.ms), of: plan.windowMs)
            for (row, (depiction, dwell)) in depictions.enumerated() {
                page += depictionTable.row([
                    HTML.escape(panel), "<span class=\"swatch\" style=\"color:\(depictionColor(depiction))\"></span>\(HTML.escape(depiction))",
                    Quantity.ms(dwell.ms), shares[row], "\(dwell.frames)",
                ])
            }
        }
        page += HTMLTable.close
        if !analysis.loaders.isEmpty {
            let loaderTable = HTMLTable(columns: [.text("panel"), .number("visible"), .text("flashes"), .number("flash limit"), .text("held back"), .number("held-back limit"), .number("blank time")])
            page += "<h2>Loaders (exact, flash threshold \(Quantity.ms(plan.flashThresholdMs)))</h2>\n"
            page += loaderTable.open(caption: "Each panel's loader: visible time, flashes (visible for less than \(Quantity.ms(plan.flashThresholdMs))) and content held back, beside the plan's limits (expect.maxFlashes, expect.maxHeldBackMs; — where it sets none)")
            for stats in analysis.loaders {
                page += loaderTable.row([
                    HTML.escape(stats.panel), Quantity.ms(stats.visibleMs), HTML.escape(stats.flashSummary),
                    plan.expect.maxFlashes[stats.panel].map { "≤ \($0)" } ?? "—",
                    HTML.escape(String(stats.heldBackSummary.dropFirst("held back ".count))),
                    plan.expect.maxHeldBackMs[stats.panel].map { "≤ " + Quantity.ms($0) } ?? "—",
                    Quantity.ms(stats.blankMs),
                ])
            }
            page += HTMLTable.close
            let without = plan.panels.filter { panel in !analysis.loaders.contains { $0.panel == panel } }
            if !without.isEmpty {
                page += "<p class=\"facts\">\(HTML.escape(Quantity.list(without))) never showed a spinner or a blank in the window (skeleton rows are not counted as a loader).</p>\n"
            }
        }
        return page
    }

    /// One frame's figure on the page: its thumbnail linking to its file, its index, time, phase
    /// and each panel's depiction, bordered in its phase's colour, marked with each rule of
    /// `report.violations` broken in it.
    /// - Parameter images: the images' pixel sizes, for `width` and `height`; nil: none are written.
    package static func figure(of frame: RunReport.Frame, report: RunReport, run: RecordedRun, images: ImageSizes? = nil) -> String {
        let border = Self.border(frame.phase, plan: run.plan)
        // A violation's frames are ascending: a binary search per violation, not a scan.
        let broken = report.violations.filter { violation in
            var low = 0
            var high = violation.frames.count
            while low < high {
                let middle = (low + high) / 2
                if violation.frames[middle] < frame.index { low = middle + 1 } else { high = middle }
            }
            return low < violation.frames.count && violation.frames[low] == frame.index
        }
        return figure(
            file: frame.file, phase: frame.phase, border: border,
            caption: "#\(frame.index) · \(Quantity.ms(frame.tMs)) · \(frame.phase ?? "dropped (due \(Quantity.ms(frame.scheduledMs)))")" + (frame.phaseDetail.map { ": \($0)" } ?? ""),
            panels: frame.panels, what: "frame #\(frame.index)", size: images?.frame(scale: run.plan.scale), anchor: "frame-\(frame.index)",
            marks: broken.map { "✗ \($0.panel) breaks \($0.rule)" })
    }

    /// Writes the page after its frames' figures: the timeline's events and the footer naming
    /// `planFile` (nil: `captures/<plan>.json`).
    /// - Throws: what `emit` throws.
    package static func writeTail<E: Error>(report: RunReport, planFile: String? = nil, to emit: (String) throws(E) -> Void) throws(E) {
        let eventsTable = HTMLTable(columns: [.number("ms"), .number("#"), .text("kind"), .text("what")])
        try DocumentPiece.text(to: emit) { add throws(E) in
            try add("</div>\n<h2>Timeline events</h2>\n" + eventsTable.open(caption: "Every event and phase change the bench logged, at its exact time (ms since the start of the run), in log order", classes: "events"))
            for entry in report.timeline {
                try add(eventsTable.row([Quantity.grouped(entry.tMs), "\(entry.sequence)", "\(entry.kind)", HTML.escape(entry.text)]))
            }
            try add(HTMLTable.close + "</main>\n<footer><p class=\"facts\">Made by filmstrip from \(HTML.escape(planFile ?? "captures/\(report.plan).json")); report.json holds the same figures.</p></footer>\n</body></html>\n")
        }
    }

    /// A timeline bar of `segments` clipped to the window, each drawn in its colour (`color` of its
    /// name, a CSS colour) as a border with its colour's pattern and, when wide enough, its name
    /// (``HTML/segment(name:words:width:color:title:)``). The bar is a list whose items a screen
    /// reader reads as they stand (name, start, end, length); the same segments follow as a
    /// list a sighted keyboard user can open (`what` names the bar: `phase`, `allFour depiction`).
    private static func bar<E: Error>(_ segments: [Segment], plan: CapturePlan, what: String, color: (String) -> String, to emit: (String) throws(E) -> Void) throws(E) {
        // Emitted in pieces (``DocumentPiece``): an hour's run has thousands of segments.
        let clipped = segments.lazy.compactMap { $0.clipped(fromMs: plan.windowStartMs, toMs: plan.windowEndMs) }
        func words(_ segment: Segment) -> String {
            "\(HTML.escape(segment.name)) \(Quantity.ms(segment.enterMs))–\(Quantity.ms(segment.exitMs)) (\(Quantity.ms(segment.durationMs)))"
        }
        try DocumentPiece.text(to: emit) { add throws(E) in
            try add("<div class=\"bar\" role=\"list\" aria-label=\"\(HTML.escape(what)) timeline to scale\">")
            var count = 0
            for segment in clipped {
                try add(HTML.segment(name: segment.name, words: words(segment), width: HTML.percent(segment.durationMs, of: plan.windowMs), color: color(segment.name), title: words(segment)))
                count += 1
            }
            try add("</div>\n<details><summary>\(HTML.escape(what)) timeline as a list (\(count) segment\(count == 1 ? "" : "s"))</summary><ol>")
            for segment in clipped { try add("<li>\(words(segment))</li>") }
            try add("</ol></details>\n")
        }
    }

    private static func ticks<E: Error>(_ frames: FrameRecords, plan: CapturePlan, to emit: (String) throws(E) -> Void) throws(E) {
        try DocumentPiece.text(to: emit) { add throws(E) in
            try add("<div class=\"ticks\" title=\"frame instants\" aria-hidden=\"true\">")
            for frame in frames where frame.tMs >= plan.windowStartMs && frame.tMs < plan.windowEndMs {
                try add("<span style=\"left:\(HTML.percent(frame.tMs - plan.windowStartMs, of: plan.windowMs))%\"></span>")
            }
            try add("</div>\n")
        }
    }

    private static func legend(run: RecordedRun, color: (String) -> String) -> String {
        var html = "<p class=\"facts\">"
        for name in run.phaseNames {
            html += "<span class=\"swatch\" style=\"color:\(color(name))\"></span>\(HTML.escape(name)) &nbsp; "
        }
        return html + "· ticks mark frame instants</p>\n"
    }

    /// A frame's or still's border: its phase's colour, grey when dropped (``PagePalette/greys``).
    private static func border(_ phase: String?, plan: CapturePlan) -> String {
        PagePalette(theme: plan.theme, bench: plan.bench).reference(phase.map { plan.bench.style(ofPhase: $0).color } ?? PagePalette.greys[1])
    }

    /// A panel's caption line: its depiction, then what it exposes to assistive technology
    /// (`allFour: spinner · a11y: progressIndicator: Loading | text: FETCHING`; `silent` for none).
    static func panelLine(_ panel: RunReport.Panel) -> String {
        guard let elements = panel.elements else { return "\(panel.panel): \(panel.depiction)" }
        return "\(panel.panel): \(panel.depiction) · a11y: " + (elements.isEmpty ? "silent" : elements.joined(separator: " | "))
    }

    /// A frame's or still's card. The image's alt text (the link's name) says what it is and what
    /// each panel shows (`full-size frame #5: allFour shows spinner, loadedOnly shows dash`); the
    /// caption gives its time and phase, and each panel's depiction and accessibility elements.
    private static func figure(file: String?, phase: String?, border: String, caption: String, panels: [RunReport.Panel], what: String, size: String?, anchor: String? = nil, marks: [String] = []) -> String {
        var html = "<figure\(anchor.map { " id=\"\($0)\"" } ?? "") class=\"frame\(phase == nil ? " dropped" : "")\" style=\"border-color:\(border)\">"
        if let file {
            let link = RelativeLink.to(file)
            let shows = panels.isEmpty ? "" : ": " + panels.map { "\($0.panel) shows \($0.depiction)" }.joined(separator: ", ")
            html += "<a href=\"\(link)\"><img loading=\"lazy\" src=\"\(link)\"\(size ?? "") alt=\"\(HTML.escape("full-size \(what)\(shows)"))\"></a>"
        }
        html += "<figcaption>\(HTML.escape(caption))<br><span class=\"dep\">\(panels.map(Self.panelLine).map(HTML.escape).joined(separator: "<br>"))</span>"
        if !marks.isEmpty { html += "<br><span class=\"broken\">\(marks.map(HTML.escape).joined(separator: "<br>"))</span>" }
        html += "</figcaption></figure>\n"
        return html
    }
}

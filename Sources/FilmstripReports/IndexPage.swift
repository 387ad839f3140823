import FilmstripCore
import FilmstripRaster
import Foundation

/// The page across all plans of an output folder: one row per plan with its verdict, frame
/// count and window, one thumbnail per phase it showed, and links to its contact sheet and report.
/// It is drawn in the light theme when every plan in it was recorded light (`record --theme
/// light`), in the dark theme otherwise, with the contact sheet's style sheet and print style,
/// a `main` landmark, the verdict as a heading, and links whose names say which plan they
/// belong to ("report.json of inbox-cycle", "inbox-cycle: first loading frame").
package enum IndexPage {
    /// One plan's row.
    package struct Row: Sendable {
        /// The plan's name, which is also its folder beside the index.
        package var plan: String
        /// The bench it ran, by name.
        package var bench: String
        /// The plan's one-paragraph summary (``RunReport/summary``).
        package var summary: String
        /// Whether the plan's run passed every check.
        package var passed: Bool
        /// The run's verdict line (``RunReport/verdict``), shown when it failed.
        package var verdict: String
        /// How many frames the run recorded.
        package var frames: Int
        /// The recording window's length, ms.
        package var windowMs: Int
        /// One frame per phase shown (the first of each, in time order): (relative file, phase).
        package var thumbnails: [(file: String, phase: String)]
        /// The theme the plan's outputs were drawn in.
        package var theme: Theme

        /// A row from each of the fields above, given in the same order: the plan's name, its bench's
        /// name, summary, pass or fail, verdict, frame count, window length in ms, thumbnails and theme.
        package init(plan: String, bench: String, summary: String, passed: Bool, verdict: String, frames: Int, windowMs: Int, thumbnails: [(file: String, phase: String)], theme: Theme = .dark) {
            self.plan = plan
            self.bench = bench
            self.summary = summary
            self.passed = passed
            self.verdict = verdict
            self.frames = frames
            self.windowMs = windowMs
            self.thumbnails = thumbnails
            self.theme = theme
        }
    }

    /// The theme of the page listing `rows`: light when every row's is (and there is one), dark otherwise.
    package static func theme(of rows: [Row]) -> Theme {
        !rows.isEmpty && rows.allSatisfy { $0.theme == .light } ? .light : .dark
    }

    /// The page, rows sorted by plan name, in ``theme(of:)``.
    /// - Parameter phaseColor: the colour of a phase of a bench, both by name (from the bench's
    ///   ``PhaseStyle``; ``PhaseStyle/unknown``'s for a bench that is not registered).
    package static func html(rows: [Row], phaseColor: (_ bench: String, _ phase: String) -> Color) -> String {
        let sorted = rows.sorted { $0.plan < $1.plan }
        let failed = sorted.count { !$0.passed }
        let theme = theme(of: rows)
        let palette = PagePalette(theme: theme, colors: sorted.flatMap { row in row.thumbnails.map { phaseColor(row.bench, $0.phase) } })
        var page = HTML.head(title: "filmstrip · all plans") + """
            <style>\(HTML.style(theme))\n\(palette.css)</style></head><body>
            <main>
            <h1>filmstrip · all plans</h1>
            <div class="verdict \(failed == 0 ? "pass" : "fail")"><h2>\(sorted.count == 1 ? "1 plan" : "\(sorted.count) plans") · \(failed == 0 ? "all passed" : "\(failed) failed")</h2></div>

            """
        let table = HTMLTable(columns: [.text("plan"), .text("verdict"), .number("frames"), .number("window"), .text("one frame per phase")])
        page += table.open(caption: "Every plan recorded in this folder: its verdict, frame count, window, and the first frame of each phase it showed", classes: "plans")
        for row in sorted {
            // A plan's name may hold anything a file name can ('#', '%', '?', "javascript:"):
            // every link is a './' path with each segment percent-encoded.
            let name = HTML.escape(row.plan)
            var thumbnails = "<div class=\"thumbs\">"
            for thumbnail in row.thumbnails {
                let color = palette.reference(phaseColor(row.bench, thumbnail.phase))
                let link = RelativeLink.to(row.plan + "/" + thumbnail.file)
                thumbnails += "<figure><a href=\"\(link)\"><img src=\"\(link)\" style=\"border-color:\(color)\" alt=\"\(name): first \(HTML.escape(thumbnail.phase)) frame\"></a><figcaption aria-hidden=\"true\">\(HTML.escape(thumbnail.phase))</figcaption></figure>"
            }
            page += table.row([
                "<a href=\"\(RelativeLink.to(row.plan + "/index.html"))\">\(name)</a><br><span class=\"facts\">\(HTML.escape(row.summary))</span><br><a href=\"\(RelativeLink.to(row.plan + "/report.json"))\">report.json<span class=\"sr\"> of \(name)</span></a>",
                row.passed ? "✓ passed" : "✗ " + HTML.escape(row.verdict), "\(row.frames)", Quantity.ms(row.windowMs), thumbnails + "</div>",
            ])
        }
        page += HTMLTable.close + "</main>\n</body></html>\n"
        return page
    }
}

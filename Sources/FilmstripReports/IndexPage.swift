import FilmstripCore

/// The page across all plans of an output folder: one row per plan with its verdict, frame
/// count and window, a thumbnail of its strip, and links to its contact sheet and report.
public enum IndexPage {
    /// One plan's row.
    public struct Row: Sendable {
        /// The plan's name, which is also its folder beside the index.
        public var plan: String
        public var summary: String
        public var passed: Bool
        public var verdict: String
        public var frames: Int
        public var windowMs: Int
        /// Whether the folder holds a strip image.
        public var hasFilmstrip: Bool

        public init(plan: String, summary: String, passed: Bool, verdict: String, frames: Int, windowMs: Int, hasFilmstrip: Bool) {
            self.plan = plan
            self.summary = summary
            self.passed = passed
            self.verdict = verdict
            self.frames = frames
            self.windowMs = windowMs
            self.hasFilmstrip = hasFilmstrip
        }
    }

    /// The page, rows sorted by plan name.
    public static func html(rows: [Row]) -> String {
        let sorted = rows.sorted { $0.plan < $1.plan }
        let failed = sorted.count { !$0.passed }
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>filmstrip · all plans</title>
            <style>\(HTML.style)</style></head><body>
            <h1>filmstrip · all plans</h1>
            <div class="verdict \(failed == 0 ? "pass" : "fail")">\(sorted.count) plans · \(failed == 0 ? "all passed" : "\(failed) failed")</div>
            <table class="plans"><tr><th>plan</th><th>verdict</th><th>frames</th><th>window</th><th>strip</th></tr>

            """
        for row in sorted {
            let folder = HTML.escape(row.plan)
            page += "<tr><td><a href=\"\(folder)/index.html\">\(folder)</a><br><span class=\"facts\">\(HTML.escape(row.summary))</span><br><a href=\"\(folder)/report.json\">report.json</a></td>"
            page += "<td style=\"text-align:left\">\(row.passed ? "✓ passed" : "✗ " + HTML.escape(row.verdict))</td><td>\(row.frames)</td><td>\(Quantity.ms(row.windowMs))</td><td>"
            if row.hasFilmstrip {
                page += "<a href=\"\(folder)/index.html\"><img src=\"\(folder)/filmstrip.png\" alt=\"strip of \(folder)\"></a>"
            }
            page += "</td></tr>\n"
        }
        page += "</table>\n</body></html>\n"
        return page
    }
}

import FilmstripCore

extension ContactSheet {
    /// The contact sheet's "Animation" section: `animation.png` at its full size (the plan's
    /// scale), linked, with alt text saying how many frames it plays and for how long each;
    /// empty when the report names no animation.
    static func animationSection(report: RunReport, run: RecordedRun) -> String {
        guard let animation = report.animation else { return "" }
        let schedule = AnimationSchedule(run)
        let timing: String
        if run.clock == .virtual {
            let intervals = Set(schedule.frames.dropLast().lazy.map(\.delayMs))
            let last = schedule.frames.last.map(\.delayMs) ?? 0
            if intervals.count <= 1, (intervals.first ?? last) == last {
                timing = "each for \(Quantity.ms(last))"
            } else {
                timing = "each for the time to the next frame (the last \(Quantity.ms(last)))"
            }
        } else {
            timing = "each for its measured time to the next frame (the last until the window ends)"
        }
        let what = "\(schedule.frames.count) frames, \(timing), looping"
        let link = RelativeLink.to(animation)
        return "<h2>Animation</h2>\n<p class=\"facts\">\(HTML.escape(what)) (APNG, at \(run.plan.scale)×).</p>\n"
            + "<a href=\"\(link)\"><img class=\"animation\" style=\"max-width:100%\" src=\"\(link)\" alt=\"\(HTML.escape(run.plan.name)) played as an animation: \(HTML.escape(what))\"></a>\n"
    }
}

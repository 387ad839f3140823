import FilmstripCore

extension ContactSheet {
    /// The contact sheet's "Animation" section: `animation.png` at its full size (the plan's
    /// scale), behind a control. Nothing moves until the reader opens "Play the animation"
    /// (a `<details>`), and closing it again stops it, so the looping animation can be paused
    /// (WCAG 2.2.2) and a reader who asks for reduced motion (`prefers-reduced-motion`) sees none
    /// unless they ask for it; the still strip above shows the same frames. A link opens the file
    /// itself. The alt text says how many frames it plays and for how long each; the section is
    /// empty when the report names no animation.
    /// - Parameter size: the frames' `width` and `height` attributes at the plan's scale; nil: none.
    static func animationSection(report: RunReport, run: RecordedRun, size: String? = nil) -> String {
        guard let animation = report.animation else { return "" }
        let schedule = AnimationSchedule(run)
        let timing: String
        if run.clock == .virtual {
            // One pass, nothing held: a set of the delays reserved room for every frame.
            let last = schedule.frames.last.map(\.delayMs) ?? 0
            if schedule.frames.allSatisfy({ $0.delayMs == last }) {
                timing = "each for \(Quantity.ms(last))"
            } else {
                timing = "each for the time to the next frame (the last \(Quantity.ms(last)))"
            }
        } else {
            timing = "each for its measured time to the next frame (the last until the window ends)"
        }
        let what = "\(schedule.frames.count) frames, \(timing), looping"
        let link = RelativeLink.to(animation)
        return "<h2>Animation</h2>\n<p class=\"facts\">\(HTML.escape(what)) (APNG, at \(run.plan.scale)×; <a href=\"\(link)\">open animation.png</a>).</p>\n"
            + "<details class=\"animation\"><summary>Play the animation (close to stop it)</summary>"
            + "<img class=\"animation\" src=\"\(link)\"\(size ?? "") alt=\"\(HTML.escape(run.plan.name)) played as an animation: \(HTML.escape(what))\"></details>\n"
    }
}

import FilmstripCore

/// `record`'s progress on a terminal: one line on standard error that updates in place
/// (a carriage return, then the line padded over the previous one), per plan and overall:
///
/// ```
/// recording 2/3 big-plan: 1,216 of 100,001 images (1%) · all plans 1%
/// ```
///
/// It shows nothing when standard error is not a terminal (a CI log, a pipe, a file) or with
/// `--quiet`. Updates come at most every 100 ms of the real clock (the last of each plan
/// always), and ``clear()`` blanks the line before anything else is printed.
final class ProgressLine {
    private let stream: TerminalStream
    /// Whether anything is shown: standard error is a terminal and `--quiet` was not given.
    let isShown: Bool
    private var width = 0
    private var lastShown: ContinuousClock.Instant?

    /// A line on `stream`, shown only when `shown`.
    init(stream: TerminalStream, shown: Bool) {
        self.stream = stream
        isShown = shown
    }

    /// Shows `text` in place of the line shown before (immediately when `force`, else at most
    /// every 100 ms).
    func show(_ text: String, force: Bool = false) {
        guard isShown else { return }
        let now = ContinuousClock.now
        if !force, let lastShown, lastShown.duration(to: now) < .milliseconds(100) { return }
        lastShown = now
        let line = TerminalText.escaped(text)
        let padding = String(repeating: " ", count: max(0, width - line.count))
        stream.write("\r" + line + padding)
        width = line.count
    }

    /// Blanks the line and puts the cursor back at its start, so the next line starts clean.
    func clear() {
        guard isShown, width > 0 else { return }
        stream.write("\r" + String(repeating: " ", count: width) + "\r")
        width = 0
        lastShown = nil
    }

    /// `recording 2/3 big-plan: 1,216 of 100,001 images (1%) · all plans 1%`.
    static func text(plan: Int, of plans: Int, name: String, done: Int, total: Int, overallDone: Int, overallTotal: Int) -> String {
        "recording \(plan)/\(plans) \(name): \(Quantity.grouped(done)) of \(Quantity.grouped(total)) images (\(percent(done, total))%)"
            + (plans > 1 ? " · all plans \(percent(overallDone, overallTotal))%" : "")
    }

    private static func percent(_ part: Int, _ whole: Int) -> Int { whole == 0 ? 100 : part * 100 / whole }
}

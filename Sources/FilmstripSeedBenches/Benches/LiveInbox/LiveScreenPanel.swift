import FilmstripCore
import FilmstripRaster

/// The candidate: an exhaustive switch over the five phases, drawing one lane's screen.
///
/// loading: a bar with the percentage and the byte counts when the server sent a
/// `Content-Length`, otherwise a spinner, `FETCHING` and the live counter; empty: a tray and
/// `0 pending`; failed: `FAILED`, the message and `RETRY`; loaded: the rows; stale: the rows
/// under a `REFRESHING` band, or under the failed refresh's error. With `showsWork`, a footer
/// counts the lane's requests.
package struct LiveScreenPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    package func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// The identifier plans use (`allFour`, `onAppear`).
    package let id: String
    /// The caption in the title bar.
    package let title: String
    /// Border, title bar and accents.
    package let tint: Color
    /// Which lane's screen it draws.
    package let lane: LiveInboxBench.Lane
    /// Draw the lane's request counts in a footer.
    package let showsWork: Bool

    /// A candidate panel drawing `lane`'s screen.
    package init(id: String, title: String, tint: Color, lane: LiveInboxBench.Lane, showsWork: Bool) {
        self.id = id
        self.title = title
        self.tint = tint
        self.lane = lane
        self.showsWork = showsWork
    }

    private func screen(_ phase: LiveInboxPhase) -> LiveInboxPhase.Lane? {
        lane == .task ? phase.task : phase.onAppear
    }

    /// What the panel shows for `phase` (it does not depend on the time).
    package func depiction(for phase: LiveInboxPhase, atMs timeMs: Int) -> Depiction {
        if phase.away { return .away }
        switch screen(phase)?.screen ?? .empty {
        case .loading(let progress): return progress.percent == nil ? .spinner : .progressBar
        case .empty: return .emptyMessage
        case .failed: return .errorRetry
        case .loaded: return .rows
        case .stale(_, .refreshing): return .rowsRefreshing
        case .stale(_, .failed): return .rowsError
        case .stale(_, .noted): return .rows
        }
    }

    /// Draws `phase` as it looks at `timeMs`.
    package func draw(_ phase: LiveInboxPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        guard let lane = screen(phase) else { return }
        if phase.away {
            LiveScreenDrawing.drawAway(on: &painter)
        } else {
            LiveScreenDrawing(tint: tint, roomForFooter: showsWork).draw(lane.screen, atMs: timeMs, on: &painter)
        }
        if showsWork { LiveScreenDrawing.drawWork(lane.work, on: &painter) }
    }
}

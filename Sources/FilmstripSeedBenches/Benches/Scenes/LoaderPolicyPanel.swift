import FilmstripCore
import FilmstripRaster

/// A scenes panel that shows its loader under a ``LoaderPolicy``: blank before the delay, a
/// spinner after it, and (with a minimum) the spinner kept and the content held back until the
/// minimum has passed. Refreshes over content never show this loader.
///
/// The bench's presets: `immediate` (the control, rose: a spinner at once), `delayed` (mint:
/// 1,000 ms delay) and `delayedMinimum` (sky: 500 ms delay, 500 ms minimum, as Android's
/// ContentLoadingProgressBar; a plan's `loaderPolicies` can set spin-delay's 500/200 instead).
package struct LoaderPolicyPanel: Panel {
    /// The name plans and reports use: `immediate`, `delayed` or `delayedMinimum` for the presets.
    package let id: String
    /// The title bar's caption; the presets write the policy (`DELAY 500 MS · MIN 500`).
    package let title: String
    /// The panel's colour: border, title bar, spinner highlight and buttons.
    package let tint: Color
    /// The policy this panel follows.
    package let policy: LoaderPolicy

    /// A panel named `id`, captioned `title`, drawn in `tint`, whose loader follows `policy`.
    /// Plans name the presets; use ``preset(_:policy:)`` to get one.
    package init(id: String, title: String, tint: Color, policy: LoaderPolicy) {
        self.id = id
        self.title = title
        self.tint = tint
        self.policy = policy
    }

    /// The panel identifiers plans may name, with their default policies, left to right.
    package static let presets: [(id: String, tint: Color, policy: LoaderPolicy)] = [
        ("immediate", Palette.rose, .immediate),
        ("delayed", Palette.mint, .seed004),
        ("delayedMinimum", Color(hex: 0x5AB0F0), .contentLoadingProgressBar),
    ]

    /// The panel `id` with `policy` (or its preset's), or nil for an unknown id.
    package static func preset(_ id: String, policy: LoaderPolicy? = nil) -> LoaderPolicyPanel? {
        guard let preset = presets.first(where: { $0.id == id }) else { return nil }
        let chosen = policy ?? preset.policy
        var title = chosen.delayMs == 0 ? "IMMEDIATE" : "DELAY \(chosen.delayMs) MS"
        if let minimum = chosen.minimumVisibleMs { title += " · MIN \(minimum)" }
        return LoaderPolicyPanel(id: id, title: title, tint: preset.tint, policy: chosen)
    }

    /// The schedule of the load chain a settled `phase` ends, if the policy governs it.
    private func schedule(for phase: ScenesPhase) -> LoadSchedule? {
        policy.schedule(chain: phase.settledLoads)
    }

    /// The depiction at `timeMs` (ms since the start of the run): while loading, `blank` until
    /// the policy's delay has passed since the start of the load the person is waiting for (a
    /// retry after a failure never on screen waits on from the load before it), then `spinner`
    /// (at once when an earlier loader of the chain is still showing); `rowsRefreshing` during a refresh; after a
    /// load, `spinner` until the content may be painted, then `rows`, `emptyMessage` or `errorRetry`.
    package func depiction(for phase: ScenesPhase, atMs timeMs: Int) -> Depiction {
        switch phase {
        case .loading(let start, let earlier):
            return timeMs >= policy.loaderFromMs(loadStartedAtMs: start, after: earlier) ? .spinner : .blank
        case .refreshing:
            // The rows with the small "refreshing…" indicator the panel draws below them.
            return .rowsRefreshing
        default:
            if let schedule = schedule(for: phase), timeMs < schedule.contentFromMs { return .spinner }
            switch phase {
            case .loaded: return .rows
            case .empty: return .emptyMessage
            default: return .errorRetry
            }
        }
    }

    /// The instant the loader appears (the waited-for load's start plus the policy's delay), or, after a
    /// load, the instant the held-back content is painted; none during a refresh. Whole ms since
    /// the start of the run.
    package func depictionChanges(in phase: ScenesPhase, enteredAtMs: Int) -> [Int] {
        switch phase {
        case .loading(let start, let earlier): [policy.loaderFromMs(loadStartedAtMs: start, after: earlier)].filter { $0 > start }
        case .refreshing: []
        default: schedule(for: phase).map { [$0.contentFromMs] } ?? []
        }
    }

    /// Draws ``depiction(for:atMs:)`` into the panel body at 1×: nothing for `blank`; the
    /// spinner's highlighted spoke follows `timeMs` (ms since the start of the run).
    package func draw(_ phase: ScenesPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let layout = painter.layout
        switch depiction(for: phase, atMs: timeMs) {
        case .blank:
            break
        case .spinner:
            painter.spinner(line: 3, highlight: tint, dim: Palette.faint, atMs: timeMs)
            painter.expose(SemanticElement(role: .progressIndicator, label: "Loading scenes"))
        case .emptyMessage:
            painter.centeredText("No scenes yet", line: 4, color: Palette.text)
        case .errorRetry:
            let message: String
            if case .failed(let text, _) = phase { message = text } else { message = "" }
            painter.centeredText("Couldn't load scenes", line: 1, color: Palette.danger)
            for (index, line) in painter.wrap(message, maxWidth: layout.contentWidth, maxLines: 2).enumerated() {
                painter.centeredText(line, line: 2 + index, color: Palette.dimText)
            }
            painter.canvas.stroke(layout.button(line: 5, labelWidth: painter.font.width(of: "Try again")), with: tint)
            painter.centeredText("Try again", line: 5, color: tint, role: .button)
        case .rows, .rowsRefreshing:
            let rows: [ManifestRow]
            switch phase {
            case .loaded(let list, _), .refreshing(let list, _): rows = list
            default: rows = []
            }
            ManifestList(rows: rows, tint: tint).draw(on: &painter, lineCount: PanelLayout.bodyLines - 1)
            if case .refreshing = phase {
                painter.centeredText("refreshing…", line: PanelLayout.bodyLines - 1, color: tint, role: .progressIndicator)
            }
        default:
            break
        }
    }
}

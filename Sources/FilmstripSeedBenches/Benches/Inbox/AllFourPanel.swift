import FilmstripCore
import FilmstripRaster

/// The inbox's candidate: an exhaustive switch over the four phases, in mint.
///
/// loading: a spinner, `FETCHING` and the live counter (`1093 ms`); empty: a tray, `0 pending`
/// and `EMPTY STATE`; failed: `FAILED`, the message and a `RETRY` button; loaded: the rows.
package struct AllFourPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    package func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// The panel; it has no settings.
    package init() {}

    /// `allFour`: the name plans and reports use.
    package var id: String { "allFour" }
    /// `ALL FOUR`, the title bar's caption.
    package var title: String { "ALL FOUR" }
    /// Mint (``Palette/mint``): border, title bar, spinner highlight and buttons.
    package var tint: Color { Palette.mint }

    /// One depiction per phase, whatever the instant: loading → `spinner`, empty →
    /// `emptyMessage`, failed → `errorRetry`, loaded → `rows`.
    package func depiction(for phase: InboxPhase, atMs timeMs: Int = 0) -> Depiction {
        switch phase {
        case .loading: .spinner
        case .empty: .emptyMessage
        case .failed: .errorRetry
        case .loaded: .rows
        }
    }

    /// Draws the phase into the panel body at 1×, as listed above; the spinner's highlighted
    /// spoke follows `timeMs` (ms since the start of the run). Exposes a progress indicator, an
    /// image, the texts and a `RETRY` button as semantic elements.
    package func draw(_ phase: InboxPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let layout = painter.layout
        switch phase {
        case .loading(let ms):
            painter.spinner(line: 1, highlight: tint, dim: Palette.faint, atMs: timeMs)
            painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
            painter.centeredText("FETCHING", line: 4, color: tint)
            painter.centeredText("\(ms) ms", line: 5, color: Palette.text)
        case .empty:
            EmptyTray(tint: tint).draw(line: 1, on: &painter)
            painter.expose(SemanticElement(role: .image, label: "Empty tray"))
            painter.centeredText("0 pending", line: 4, color: Palette.text)
            painter.centeredText("EMPTY STATE", line: 5, color: tint)
        case .failed(let message):
            painter.centeredText("FAILED", line: 1, color: Palette.danger)
            let lines = painter.wrap(message, maxWidth: layout.contentWidth, maxLines: 3)
            for (index, line) in lines.enumerated() {
                painter.centeredText(line, line: 2 + index, color: Palette.text)
            }
            painter.canvas.stroke(layout.button(line: 6, labelWidth: painter.font.width(of: "RETRY")), with: tint)
            painter.centeredText("RETRY", line: 6, color: tint, role: .button)
        case .loaded(let rows):
            ManifestList(rows: rows, tint: tint).draw(on: &painter)
        }
    }
}

import FilmstripCore
import FilmstripRaster

/// The candidate of seed 000: an exhaustive switch over the four phases, in mint.
///
/// loading: a spinner, `FETCHING` and the live counter (`1093 ms`); empty: a tray, `0 pending`
/// and `EMPTY STATE`; failed: `FAILED`, the message and a `RETRY` button; loaded: the rows.
public struct AllFourPanel: Panel {
    /// The panel; it has no settings.
    public init() {}

    /// `allFour`: the name plans and reports use.
    public var id: String { "allFour" }
    /// `ALL FOUR`, the title bar's caption.
    public var title: String { "ALL FOUR" }
    /// Mint (``Palette/mint``): border, title bar, spinner highlight and buttons.
    public var tint: Color { Palette.mint }

    /// One depiction per phase, whatever the instant: loading → `spinner`, empty →
    /// `emptyMessage`, failed → `errorRetry`, loaded → `rows`.
    public func depiction(for phase: InboxPhase, atMs timeMs: Int = 0) -> Depiction {
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
    public func draw(_ phase: InboxPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let x = PanelLayout.centerX
        switch phase {
        case .loading(let ms):
            Spinner(center: Point(x: x, y: 52), radius: 14, highlight: tint, dim: Palette.faint)
                .draw(on: &painter.canvas, atMs: timeMs)
            painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
            painter.centeredText("FETCHING", centerX: x, baseline: 88, color: tint)
            painter.centeredText("\(ms) ms", centerX: x, baseline: 104, color: Palette.text)
        case .empty:
            drawTray(on: &painter.canvas, centerX: x, top: 40)
            painter.expose(SemanticElement(role: .image, label: "Empty tray"))
            painter.centeredText("0 pending", centerX: x, baseline: 88, color: Palette.text)
            painter.centeredText("EMPTY STATE", centerX: x, baseline: 104, color: tint)
        case .failed(let message):
            painter.centeredText("FAILED", centerX: x, baseline: 44, color: Palette.danger)
            let lines = painter.wrap(message, maxWidth: PanelLayout.body.width - 12, maxLines: 3)
            for (index, line) in lines.enumerated() {
                painter.centeredText(line, centerX: x, baseline: 64 + index * 14, color: Palette.text)
            }
            let button = Rect(x: x - 30, y: 108, width: 60, height: 18)
            painter.canvas.stroke(button, with: tint)
            painter.centeredText("RETRY", centerX: x, baseline: 121, color: tint, role: .button)
        case .loaded(let rows):
            ManifestList(rows: rows, tint: tint).draw(on: &painter)
        }
    }

    private func drawTray(on canvas: inout Canvas, centerX: Int, top: Int) {
        let tray = Rect(x: centerX - 16, y: top + 8, width: 32, height: 16)
        canvas.stroke(tray, with: tint)
        canvas.fill(Rect(x: centerX - 6, y: top + 8, width: 12, height: 1), with: Palette.panel)
        canvas.line(from: Point(x: centerX - 6, y: top + 8), to: Point(x: centerX - 4, y: top + 12), with: tint)
        canvas.line(from: Point(x: centerX + 6, y: top + 8), to: Point(x: centerX + 4, y: top + 12), with: tint)
        canvas.line(from: Point(x: centerX - 4, y: top + 12), to: Point(x: centerX + 4, y: top + 12), with: tint)
    }
}

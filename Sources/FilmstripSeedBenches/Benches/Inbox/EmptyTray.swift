import FilmstripCore
import FilmstripRaster

/// The empty state's picture, shared by the inbox's candidates: an open tray, five cells wide
/// and a line tall, with a notch in its top edge, centred on two lines of the panel's layout.
struct EmptyTray {
    /// The tray's colour.
    let tint: Color

    /// Draws the tray centred across lines `line` and `line + 1` and records it as a figure.
    func draw(line: Int, on painter: inout PanelPainter) {
        let layout = painter.layout
        let width = 5 * layout.advance + 2
        let height = layout.linePitch + 2
        let span = 2 * layout.linePitch - layout.leading
        let x = layout.centerX
        let top = layout.lineTop(line) + (span - height) / 2
        let tray = Rect(x: x - width / 2, y: top, width: width, height: height)
        let notch = max(2, width * 6 / 32)
        let depth = max(1, height / 4)
        let inner = max(1, notch - depth / 2)
        painter.canvas.stroke(tray, with: tint)
        painter.canvas.fill(Rect(x: x - notch, y: top, width: 2 * notch, height: 1), with: Palette.panel)
        painter.canvas.line(from: Point(x: x - notch, y: top), to: Point(x: x - inner, y: top + depth), with: tint)
        painter.canvas.line(from: Point(x: x + notch, y: top), to: Point(x: x + inner, y: top + depth), with: tint)
        painter.canvas.line(from: Point(x: x - inner, y: top + depth), to: Point(x: x + inner, y: top + depth), with: tint)
        painter.figure(tray)
    }
}

import FilmstripCore
import FilmstripRaster

/// How the candidate draws a screen: shared by both lanes' panels.
struct LiveScreenDrawing {
    let tint: Color
    /// Leave the bottom two lines free for the work footer.
    let roomForFooter: Bool

    func draw(_ screen: LiveInboxPhase.Screen, atMs timeMs: Int, on painter: inout PanelPainter) {
        let x = PanelLayout.centerX
        switch screen {
        case .loading(let progress):
            if let percent = progress.percent {
                painter.centeredText("FETCHING", centerX: x, baseline: 44, color: tint)
                drawBar(percent: percent, top: 54, on: &painter)
                painter.expose(SemanticElement(role: .progressIndicator, label: "Loading, \(percent)%"))
                painter.centeredText("\(percent)%", centerX: x, baseline: 88, color: Palette.text, magnification: 1)
                painter.centeredText("\(progress.receivedBytes) of \(progress.expectedBytes ?? 0) bytes", centerX: x, baseline: 104, color: Palette.dimText)
            } else {
                Spinner(center: Point(x: x, y: 52), radius: 14, highlight: tint, dim: Palette.faint)
                    .draw(on: &painter.canvas, atMs: timeMs)
                painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
                painter.centeredText("FETCHING", centerX: x, baseline: 88, color: tint)
                painter.centeredText("\(max(0, timeMs - progress.startedAtMs)) ms", centerX: x, baseline: 104, color: Palette.text)
            }
        case .empty:
            let top = 40
            let tray = Rect(x: x - 16, y: top + 8, width: 32, height: 16)
            painter.canvas.stroke(tray, with: tint)
            painter.canvas.fill(Rect(x: x - 6, y: top + 8, width: 12, height: 1), with: Palette.panel)
            painter.canvas.line(from: Point(x: x - 6, y: top + 8), to: Point(x: x - 4, y: top + 12), with: tint)
            painter.canvas.line(from: Point(x: x + 6, y: top + 8), to: Point(x: x + 4, y: top + 12), with: tint)
            painter.canvas.line(from: Point(x: x - 4, y: top + 12), to: Point(x: x + 4, y: top + 12), with: tint)
            painter.expose(SemanticElement(role: .image, label: "Empty tray"))
            painter.centeredText("0 pending", centerX: x, baseline: 88, color: Palette.text)
            painter.centeredText("EMPTY STATE", centerX: x, baseline: 104, color: tint)
        case .failed(let message):
            painter.centeredText("FAILED", centerX: x, baseline: 40, color: Palette.danger)
            // The message is one element, however many lines it takes.
            painter.expose(SemanticElement(role: .text, label: message))
            let lines = painter.wrap(message, maxWidth: PanelLayout.body.width - 12)
            for (index, line) in lines.prefix(3).enumerated() {
                painter.centeredText(line, centerX: x, baseline: 58 + index * 13, color: Palette.text, role: nil)
            }
            let button = Rect(x: x - 30, y: 98, width: 60, height: 18)
            painter.canvas.stroke(button, with: tint)
            painter.centeredText("RETRY", centerX: x, baseline: 111, color: tint, role: .button)
        case .loaded(let rows):
            ManifestList(rows: Array(rows.prefix(roomForFooter ? 3 : 4)), tint: tint).draw(on: &painter)
        case .stale(let rows, let refresh):
            ManifestList(rows: Array(rows.prefix(roomForFooter ? 2 : 3)), tint: Palette.faint).draw(on: &painter)
            let band = Rect(x: 1, y: 106, width: PanelLayout.width - 2, height: roomForFooter ? 18 : 43)
            switch refresh {
            case .refreshing(let progress):
                painter.canvas.fill(band, with: Palette.header)
                let label = progress.percent.map { "REFRESHING \($0)%" } ?? "REFRESHING"
                painter.expose(SemanticElement(role: .progressIndicator, label: progress.percent.map { "Refreshing, \($0)%" } ?? "Refreshing"))
                painter.centeredText(label, centerX: x, baseline: 119, color: tint, role: nil)
            case .failed(let message):
                painter.canvas.fill(band, with: Palette.danger)
                painter.expose(SemanticElement(role: .text, label: message))
                let line = painter.wrap(message, maxWidth: PanelLayout.body.width - 12).first ?? message
                painter.centeredText(line, centerX: x, baseline: 119, color: Palette.header, role: nil)
                if !roomForFooter {
                    painter.centeredText("REFRESH FAILED · RETRY", centerX: x, baseline: 138, color: Palette.header, role: .button)
                }
            }
        }
    }

    /// A 160 × 10 bar filled to `percent`.
    private func drawBar(percent: Int, top: Int, on painter: inout PanelPainter) {
        let width = 160
        let left = PanelLayout.centerX - width / 2
        painter.canvas.stroke(Rect(x: left, y: top, width: width, height: 12), with: Palette.faint)
        let filled = (width - 4) * percent / 100
        if filled > 0 { painter.canvas.fill(Rect(x: left + 2, y: top + 2, width: filled, height: 8), with: tint) }
    }

    static func drawAway(on painter: inout PanelPainter) {
        painter.centeredText("(screen left)", centerX: PanelLayout.centerX, baseline: 72, color: Palette.faint, role: nil)
    }

    /// Two footer lines: `started 2 · cancelled 1 · done 1` and `late applied 0 · dropped 1`.
    static func drawWork(_ work: LiveInboxPhase.Work, on painter: inout PanelPainter) {
        let body = PanelLayout.body
        painter.canvas.fill(Rect(x: body.x, y: body.y + body.height - 26, width: body.width, height: 26), with: Palette.header)
        painter.text("started \(work.started) · cancelled \(work.cancelled) · done \(work.completed)", x: body.x + 4, baseline: body.y + body.height - 15, color: Palette.dimText, role: nil)
        painter.text("late applied \(work.lateApplied) · dropped \(work.lateDropped)", x: body.x + 4, baseline: body.y + body.height - 3, color: Palette.dimText, role: nil)
    }
}

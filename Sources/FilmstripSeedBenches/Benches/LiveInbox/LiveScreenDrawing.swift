import FilmstripCore
import FilmstripRaster

/// How the candidate draws a screen: shared by both lanes' panels.
struct LiveScreenDrawing {
    let tint: Color
    /// Leave the bottom two lines free for the work footer.
    let roomForFooter: Bool

    /// The body's lines the footer takes when ``roomForFooter``: the last two.
    static var footerLine: Int { PanelLayout.bodyLines - 2 }

    func draw(_ screen: LiveInboxPhase.Screen, atMs timeMs: Int, on painter: inout PanelPainter) {
        let layout = painter.layout
        // Lines above the footer (when there is one).
        let lines = roomForFooter ? Self.footerLine : PanelLayout.bodyLines
        switch screen {
        case .loading(let progress):
            if let percent = progress.percent {
                painter.centeredText("FETCHING", line: 1, color: tint)
                drawBar(percent: percent, line: 2, on: &painter)
                painter.expose(SemanticElement(role: .progressIndicator, label: "Loading, \(percent)%"))
                painter.centeredText("\(percent)%", line: 4, color: Palette.text)
                painter.centeredText("\(progress.receivedBytes) of \(progress.expectedBytes ?? 0) bytes", line: 5, color: Palette.dimText)
            } else {
                painter.spinner(line: 1, highlight: tint, dim: Palette.faint, atMs: timeMs)
                painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
                painter.centeredText("FETCHING", line: 4, color: tint)
                painter.centeredText("\(max(0, timeMs - progress.startedAtMs)) ms", line: 5, color: Palette.text)
            }
        case .empty:
            EmptyTray(tint: tint).draw(line: 1, on: &painter)
            painter.expose(SemanticElement(role: .image, label: "Empty tray"))
            painter.centeredText("0 pending", line: 4, color: Palette.text)
            painter.centeredText("EMPTY STATE", line: 5, color: tint)
        case .failed(let message):
            painter.centeredText("FAILED", line: 0, color: Palette.danger)
            // The message is one element, however many lines it takes.
            painter.expose(SemanticElement(role: .text, label: message))
            for (index, line) in Self.wholeWords(message, maxLines: 3, on: painter).enumerated() {
                painter.centeredText(line, line: 1 + index, color: Palette.text, role: nil)
            }
            painter.canvas.stroke(layout.button(line: 5, labelWidth: painter.font.width(of: "RETRY")), with: tint)
            painter.centeredText("RETRY", line: 5, color: tint, role: .button)
        case .loaded(let rows):
            ManifestList(rows: Array(rows.prefix(roomForFooter ? 3 : 4)), tint: tint).draw(on: &painter, lineCount: lines)
        case .stale(let rows, let refresh):
            // The band: one line above the footer, or the last two lines without one.
            let bandLine = roomForFooter ? lines - 1 : lines - 2
            ManifestList(rows: Array(rows.prefix(roomForFooter ? 2 : 3)), tint: Palette.faint).draw(on: &painter, lineCount: bandLine)
            let band = layout.band(line: bandLine, count: lines - bandLine)
            switch refresh {
            case .refreshing(let progress):
                painter.canvas.fill(band, with: Palette.header)
                let label = progress.percent.map { "REFRESHING \($0)%" } ?? "REFRESHING"
                painter.expose(SemanticElement(role: .progressIndicator, label: progress.percent.map { "Refreshing, \($0)%" } ?? "Refreshing"))
                painter.centeredText(label, line: bandLine, color: tint, role: nil)
            case .failed(let message):
                painter.canvas.fill(band, with: Palette.danger)
                painter.expose(SemanticElement(role: .text, label: message))
                let line = Self.wholeWords(message, maxLines: 1, on: painter).first ?? ""
                painter.centeredText(line, line: bandLine, color: Palette.header, role: nil)
                if !roomForFooter {
                    painter.centeredText("REFRESH FAILED · RETRY", line: bandLine + 1, color: Palette.header, role: .button)
                }
            case .noted(let note):
                // A plain note, not an error: nothing failed and the rows are as they were.
                painter.expose(SemanticElement(role: .text, label: note))
                for (index, line) in Self.wholeWords(note, maxLines: lines - bandLine, on: painter).enumerated() {
                    painter.centeredText(line, line: bandLine + index, color: Palette.dimText, role: nil)
                }
            }
        }
    }

    /// `message` wrapped on at most `maxLines` lines of the content width, never cut inside a
    /// word: when it needs more, the last line ends with `…` after its last whole word that fits.
    static func wholeWords(_ message: String, maxLines: Int, on painter: PanelPainter) -> [String] {
        let width = painter.layout.contentWidth
        var lines = painter.wrap(message, maxWidth: width, maxLines: maxLines + 1)
        guard lines.count > maxLines else { return lines }
        lines.removeLast(lines.count - maxLines)
        var words = lines[maxLines - 1].split(separator: " ").map(String.init)
        while !words.isEmpty, painter.font.width(of: (words + ["…"]).joined(separator: " ")) > width { words.removeLast() }
        lines[maxLines - 1] = (words + ["…"]).joined(separator: " ")
        return lines
    }

    /// A bar 26 cells wide and a line tall on line `line`, filled to `percent`; recorded as a figure.
    private func drawBar(percent: Int, line: Int, on painter: inout PanelPainter) {
        let layout = painter.layout
        let width = 26 * layout.advance
        let frame = Rect(x: layout.centerX - width / 2, y: layout.lineTop(line), width: width, height: layout.lineHeight)
        painter.canvas.stroke(frame, with: Palette.faint)
        let inner = frame.inset(by: 2)
        let filled = inner.width * percent / 100
        if filled > 0 { painter.canvas.fill(Rect(x: inner.x, y: inner.y, width: filled, height: inner.height), with: tint) }
        painter.figure(frame)
    }

    static func drawAway(on painter: inout PanelPainter) {
        painter.centeredText("(screen left)", line: 4, color: Palette.faint, role: nil)
    }

    /// Two footer lines on the body's last two lines: `started 2 · cancelled 1 · done 1` and
    /// `late applied 0 · dropped 1`.
    static func drawWork(_ work: LiveInboxPhase.Work, on painter: inout PanelPainter) {
        let layout = painter.layout
        let band = layout.band(line: footerLine, count: 2)
        painter.canvas.fill(Rect(x: band.x, y: band.y, width: band.width, height: layout.body.maxY - band.y), with: Palette.header)
        painter.leftText("started \(work.started) · cancelled \(work.cancelled) · done \(work.completed)", line: footerLine, color: Palette.dimText, role: nil)
        painter.leftText("late applied \(work.lateApplied) · dropped \(work.lateDropped)", line: footerLine + 1, color: Palette.dimText, role: nil)
    }
}

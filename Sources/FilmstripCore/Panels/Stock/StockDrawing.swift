import FilmstripRaster

/// The shapes the stock panels share, placed through the painter's layout (the async-content pattern:
/// skeleton shaped like the content, plain words, outlined buttons, bars on the last line).
enum StockDrawing {
    /// Four skeleton rows shaped like the list's rows: a bullet, a title bar, a shorter detail
    /// bar under it, in ``Palette/faint``; exposed as one progress indicator labelled `label`.
    static func skeletonRows(on painter: inout PanelPainter, label: String) {
        let layout = painter.layout
        let bullet = max(2, layout.lineHeight / 3)
        let textX = layout.contentLeft + bullet + layout.advance
        let titleHeight = max(2, layout.ascent * 2 / 3)
        let detailHeight = max(2, layout.ascent / 2)
        for row in 0..<4 {
            let top = layout.lineTop(0) + row * layout.rowHeight
            let blocks = [
                Rect(x: layout.contentLeft, y: top + (layout.ascent - bullet + 1) / 2, width: bullet, height: bullet),
                Rect(x: textX, y: top + layout.ascent - titleHeight, width: (18 - 2 * row) * layout.advance, height: titleHeight),
                Rect(x: textX, y: top + layout.linePitch + layout.ascent - detailHeight, width: (25 - 3 * row) * layout.advance, height: detailHeight),
            ]
            for block in blocks {
                painter.canvas.fill(block, with: Palette.faint)
                painter.figure(block)
            }
        }
        painter.expose(SemanticElement(role: .progressIndicator, label: label))
    }

    /// A card-shaped skeleton: a title bar and three lines of decreasing width.
    static func skeletonCard(on painter: inout PanelPainter, label: String) {
        let layout = painter.layout
        let height = max(2, layout.ascent * 2 / 3)
        for (line, cells) in [(1, 20), (3, 28), (4, 24), (5, 16)] {
            let block = Rect(x: layout.contentLeft, y: layout.lineTop(line) + layout.ascent - height, width: cells * layout.advance, height: height)
            painter.canvas.fill(block, with: Palette.faint)
            painter.figure(block)
        }
        painter.expose(SemanticElement(role: .progressIndicator, label: label))
    }

    /// A spinner across lines 3 and 4, highlighted in `tint`, as it looks at `timeMs`.
    static func spinner(on painter: inout PanelPainter, tint: Color, atMs timeMs: Int) {
        painter.spinner(line: 3, highlight: tint, dim: Palette.faint, atMs: timeMs)
        painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
    }

    /// A button outlined around `label`, centred on line `line` (lines `line ± 1` stay empty).
    static func button(_ label: String, on painter: inout PanelPainter, line: Int, color: Color) {
        let text = painter.fitted(label, maxWidth: painter.layout.contentWidth - 2 * painter.layout.advance)
        painter.canvas.stroke(painter.layout.button(line: line, labelWidth: painter.font.width(of: text)), with: color)
        painter.centeredText(text, line: line, color: color, role: .button)
    }

    /// `text` wrapped to the content width, centred, from line `line`, at most `maxLines` lines
    /// (the last cut with `…` when more remains).
    static func words(_ text: String, on painter: inout PanelPainter, line: Int, maxLines: Int, color: Color = Palette.dimText) {
        let lines = painter.wrap(text, maxWidth: painter.layout.contentWidth)
        for (index, piece) in lines.prefix(maxLines).enumerated() {
            let cut = index == maxLines - 1 && lines.count > maxLines ? piece + " …" : piece
            painter.centeredText(cut, line: line + index, color: color)
        }
    }

    /// A bar across line `line` of the body holding `text` (a snackbar, the offline indicator).
    static func bar(_ text: String, on painter: inout PanelPainter, line: Int, background: Color, color: Color) {
        let band = painter.layout.band(line: line)
        let inset = painter.layout.advance / 2
        painter.canvas.fill(Rect(x: band.x + inset, y: band.y, width: band.width - 2 * inset, height: band.height), with: background)
        painter.leftText(text, line: line, color: color, role: .text)
    }

    /// As many rows as fit in the body's first `lineCount` lines, each ``PanelLayout/rowHeight``
    /// tall: a bullet in `tint`, the title, the detail under it in dimmer text, a separator.
    static func rows(_ rows: [(title: String, detail: String)], on painter: inout PanelPainter, tint: Color, lineCount: Int) {
        let layout = painter.layout
        let top = layout.lineTop(0)
        let fitting = max(0, (layout.lineTop(lineCount) - top + layout.gap) / layout.rowHeight)
        let bullet = max(2, layout.lineHeight / 3)
        let textX = layout.contentLeft + bullet + layout.advance
        let textWidth = layout.contentLeft + layout.contentWidth - textX
        for (index, row) in rows.prefix(fitting).enumerated() {
            let rowTop = top + index * layout.rowHeight
            let dot = Rect(x: layout.contentLeft, y: rowTop + (layout.ascent - bullet + 1) / 2, width: bullet, height: bullet)
            painter.canvas.fill(dot, with: tint)
            painter.figure(dot)
            painter.text(painter.fitted(row.title, maxWidth: textWidth), x: textX, baseline: rowTop + layout.ascent, color: Palette.text, role: .row)
            if !row.detail.isEmpty {
                painter.text(painter.fitted(row.detail, maxWidth: textWidth), x: textX, baseline: rowTop + layout.linePitch + layout.ascent, color: Palette.dimText)
            }
            let separator = rowTop + 2 * layout.linePitch - layout.leading + (layout.leading + layout.gap) / 2
            painter.canvas.fill(Rect(x: layout.contentLeft, y: separator, width: layout.contentWidth, height: 1), with: Palette.faint)
        }
    }
}

import FilmstripCore
import FilmstripRaster

/// The list both inbox panels draw when loaded (the app's `ManifestList`): one row per
/// manifest row, a tinted bullet, the title, the detail underneath, a separator.
package struct ManifestList: Sendable {
    /// The rows, top to bottom.
    package var rows: [ManifestRow]
    /// Bullet colour.
    package var tint: Color

    /// A list of `rows`, top to bottom, with bullets in `tint`.
    package init(rows: [ManifestRow], tint: Color) {
        self.rows = rows
        self.tint = tint
    }

    /// Draws as many rows as fit in lines `firstLine ..< firstLine + lineCount` of the painter's
    /// layout (default: the whole body), each ``PanelLayout/rowHeight`` tall: a bullet, the
    /// title on the row's first line and the detail on its second, each cut with `…` to fit,
    /// and a separator in the gap under them.
    package func draw(on painter: inout PanelPainter, firstLine: Int = 0, lineCount: Int = PanelLayout.bodyLines) {
        let layout = painter.layout
        let top = layout.lineTop(firstLine)
        let room = layout.lineTop(firstLine + lineCount) - top
        let fitting = max(0, (room + layout.gap) / layout.rowHeight)
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
        if rows.isEmpty {
            painter.centeredText("(no rows)", line: firstLine + 2, color: Palette.dimText)
        }
    }
}

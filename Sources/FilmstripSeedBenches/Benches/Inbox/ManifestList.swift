import FilmstripCore
import FilmstripRaster

/// The list both inbox panels draw when loaded (seed 000's `ManifestList`): one row per
/// manifest row, a tinted bullet, the title, the detail underneath, a separator.
public struct ManifestList: Sendable {
    /// The rows, top to bottom.
    public var rows: [ManifestRow]
    /// Bullet colour.
    public var tint: Color

    /// A list of `rows`, top to bottom, with bullets in `tint`.
    public init(rows: [ManifestRow], tint: Color) {
        self.rows = rows
        self.tint = tint
    }

    /// Row pitch in pixels at 1×.
    public static let rowHeight = 30

    /// Draws up to as many rows as fit in the panel body.
    public func draw(on painter: inout PanelPainter) {
        let body = PanelLayout.body
        let fitting = max(0, (body.height - 6) / Self.rowHeight)
        for (index, row) in rows.prefix(fitting).enumerated() {
            let top = body.y + 6 + index * Self.rowHeight
            painter.canvas.fill(Rect(x: body.x + 8, y: top + 5, width: 4, height: 4), with: tint)
            painter.text(row.title, x: body.x + 18, baseline: top + 11, color: Palette.text, role: .row)
            if !row.detail.isEmpty {
                painter.text(row.detail, x: body.x + 18, baseline: top + 24, color: Palette.dimText)
            }
            painter.canvas.fill(Rect(x: body.x + 6, y: top + Self.rowHeight - 2, width: body.width - 12, height: 1), with: Palette.faint)
        }
        if rows.isEmpty {
            painter.centeredText("(no rows)", centerX: PanelLayout.centerX, baseline: body.y + 40, color: Palette.dimText)
        }
    }
}

import FilmstripRaster

/// Panel and frame geometry computed from a font's metrics: every panel places its text and
/// shapes through it, so any bitmap font — xfonts-base's 4x6 to 12x24, Spleen 32x64 — draws every
/// line inside its panel and clear of the others.
///
/// All values are pixels at 1×. The metrics it starts from (BDF 2.1: `FONT_ASCENT`,
/// `FONT_DESCENT`, each glyph's `DWIDTH`):
///
/// - **cell**: ``advance``, the widest advance among the font's printable ASCII glyphs
///   (U+0021…U+007E), so any ``columns`` characters of ASCII fit across a panel;
/// - **line**: ``lineHeight`` = ``ascent`` + ``descent``; lines are ``linePitch`` =
///   ``lineHeight`` + ``leading`` apart, so the boxes of two lines never touch;
/// - **padding**: ``gap`` above and below the body's lines, one ``advance`` left and right.
///
/// The body holds ``bodyLines`` lines; line *n*'s box is rows `lineTop(n) ..< lineTop(n) +
/// lineHeight` and its baseline row is `lineTop(n) + ascent` (``baseline(line:magnification:)``).
/// For misc-fixed 6x13 (ascent 11, descent 2, advance 6): panels 212 × 160, title bar 15,
/// lines 14 apart starting at row 17.
///
/// Metrics are clamped to Spleen 32x64's (``largestAdvance``, ``largestLineHeight``) so that
/// a font with a 4096-pixel bounding box still makes a frame of bounded size (its glyphs are then
/// cut at the panel's edge).
///
/// ```swift
/// let layout = painter.layout
/// painter.centeredText("FAILED", line: 0, color: Palette.danger)
/// painter.canvas.stroke(layout.button(line: 5, labelWidth: painter.font.width(of: "RETRY")), with: tint)
/// ```
public struct PanelLayout: Hashable, Sendable {
    /// Characters of the widest ASCII glyph a panel's width holds inside its padding.
    package static let columns = 33
    /// Lines of text a panel's body holds.
    package static let bodyLines = 10
    /// The widest cell used for geometry, in pixels (Spleen 32x64's).
    package static let largestAdvance = 32
    /// The tallest line used for geometry, in pixels (Spleen 32x64's: ascent 52 + descent 12).
    package static let largestLineHeight = 64

    /// Pixels from a line's top to its baseline (the font's ascent, clamped).
    package let ascent: Int
    /// Pixels from the baseline to the line's bottom (the font's descent, clamped).
    package let descent: Int
    /// The cell width: the widest advance of a printable ASCII glyph (the replacement glyph's
    /// when the font has none), at least 1.
    public let advance: Int

    /// The layout for `font`.
    package init(font: BitmapFont) {
        var widest = 0
        for code in UInt32(0x21)...0x7E { if let glyph = font.glyphs[code] { widest = max(widest, glyph.advance) } }
        if widest == 0 { widest = font.replacementGlyph.advance }
        let descent = min(max(0, font.descent), Self.largestLineHeight / 4)
        self.descent = descent
        self.ascent = min(max(1, font.ascent), Self.largestLineHeight - descent)
        self.advance = min(max(1, widest), Self.largestAdvance)
    }

    /// `ascent + descent`: the height of one line's box.
    public var lineHeight: Int { ascent + descent }
    /// Rows left clear between two lines' boxes: `max(1, lineHeight / 12)`.
    package var leading: Int { max(1, lineHeight / 12) }
    /// Baseline to baseline: `lineHeight + leading`.
    package var linePitch: Int { lineHeight + leading }
    /// Vertical padding: `max(1, lineHeight / 6)`; above and below the body's lines, inside
    /// buttons, between list rows.
    package var gap: Int { max(1, lineHeight / 6) }

    /// Panel width: ``columns`` cells, a cell of padding each side and the 1-pixel border.
    package var width: Int { (Self.columns + 2) * advance + 2 }
    /// Title bar height: one line with `max(1, lineHeight / 8)` above and below.
    package var titleHeight: Int { lineHeight + 2 * titlePadding }
    /// The title's baseline row.
    package var titleBaseline: Int { titlePadding + ascent }
    /// The area below the title bar, inside the 1-pixel border: ``bodyLines`` lines and a
    /// ``gap`` above and below them.
    package var body: Rect { Rect(x: 1, y: titleHeight, width: width - 2, height: 2 * gap + Self.bodyLines * linePitch) }
    /// Panel height, title bar and bottom border included.
    package var height: Int { titleHeight + body.height + 1 }
    /// The body's centre column.
    package var centerX: Int { width / 2 }
    /// The leftmost column text starts at: one cell inside the body.
    package var contentLeft: Int { body.x + advance }
    /// The width text may take: the body less a cell each side (``columns`` cells).
    public var contentWidth: Int { body.width - 2 * advance }

    private var titlePadding: Int { max(1, lineHeight / 8) }

    /// The top row of line `n`'s box (0 is the body's first line).
    package func lineTop(_ n: Int) -> Int { body.y + gap + n * linePitch }

    /// The baseline row for text on line `n` drawn `magnification` times (≥ 1) its size: its box
    /// then covers lines `n ..< n + magnification`.
    package func baseline(line n: Int, magnification: Int = 1) -> Int { lineTop(n) + ascent * max(1, magnification) }

    /// A band across the body from line `n` through `count` lines, `leading` taller at the top
    /// and ending where line `n + count` begins, so it never covers another line's box (a
    /// snackbar, a footer).
    package func band(line n: Int, count: Int = 1) -> Rect {
        Rect(x: body.x, y: lineTop(n) - leading, width: body.width, height: count * linePitch + leading)
    }

    /// A button around a centred label `labelWidth` pixels wide on line `n`: a cell wider each
    /// side, ``gap`` taller above and below (so lines `n - 1` and `n + 1` stay empty).
    public func button(line n: Int, labelWidth: Int) -> Rect {
        let width = labelWidth + 2 * advance
        return Rect(x: centerX - width / 2, y: lineTop(n) - gap, width: width, height: lineHeight + 2 * gap)
    }

    /// A square figure area spanning lines `n` and `n + 1`, centred: its centre and the radius a
    /// spinner drawn there may have.
    package func figure(line n: Int) -> (center: Point, radius: Int) {
        let span = 2 * linePitch - leading
        return (Point(x: centerX, y: lineTop(n) + span / 2), max(2, span / 2 - 1))
    }

    /// The height of one list row: a title line, a detail line and a ``gap``.
    package var rowHeight: Int { 2 * linePitch + gap }

    // MARK: The frame around the panels

    /// Space around and between panels: `advance + 2`.
    package var margin: Int { advance + 2 }
    /// The frame's header: its bar (``titleHeight``) and a half margin under it.
    package var headerHeight: Int { titleHeight + margin / 2 }
    /// The 1× size of a frame with `panelCount` panels side by side.
    package func frameSize(panelCount: Int) -> (width: Int, height: Int) {
        (margin + panelCount * (width + margin), headerHeight + height + margin)
    }
    /// The top-left corner of panel `index` (from 0, left to right) in the frame.
    package func panelOrigin(_ index: Int) -> Point {
        Point(x: margin + index * (width + margin), y: headerHeight)
    }
}

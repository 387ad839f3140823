import FilmstripRaster

/// One run of text a panel drew: the string, where its pen started (panel coordinates, the
/// baseline's y), its colour and its line box. Tests read these records instead of guessing
/// from pixels.
public struct DrawnText: Hashable, Sendable, CustomStringConvertible {
    /// The text exactly as drawn.
    public var text: String
    /// Pen start on the baseline, in panel pixels at 1×.
    package var origin: Point
    /// The colour the glyphs were painted in.
    package var color: Color
    /// The colour the text was drawn on: the most common colour of the line box (pen start to
    /// advance, ascent above the baseline to descent below) just before the glyphs were painted;
    /// nil when not known. Contrast checks read it (``FilmstripRaster/Color/contrastRatio(with:)``).
    package var background: Color?
    /// The run's line box in panel pixels at 1×: from the pen start across its advance, from
    /// `ascent × magnification` above the baseline to `descent × magnification` below it.
    package var box: Rect

    /// A record of `text` drawn with its pen at `origin` (baseline, panel pixels at 1×) in
    /// `color` on `background` (nil: not known), its line box `box` (panel pixels at 1×; empty at
    /// `origin` when not given).
    package init(text: String, origin: Point, color: Color, background: Color? = nil, box: Rect? = nil) {
        self.text = text
        self.origin = origin
        self.color = color
        self.background = background
        self.box = box ?? Rect(x: origin.x, y: origin.y, width: 0, height: 0)
    }

    /// The text as drawn.
    public var description: String { text }
}

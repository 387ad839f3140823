import FilmstripRaster

/// The drawing surface a panel gets: a canvas the size of the panel (1×), the font, the
/// geometry computed from it, and a log of every text run, figure and semantic element the panel
/// produced, so what was drawn can be read back exactly.
public struct PanelPainter {
    /// The panel's pixels (RGBA8, see ``Canvas``), at 1×, origin at the panel's top-left.
    public var canvas: Canvas
    /// The font all text is drawn with.
    public let font: BitmapFont
    /// The panel's geometry from ``font``'s metrics: where lines, bands and buttons go.
    public let layout: PanelLayout
    /// The rectangles of figures drawn (spinners, trays, bars, bullets: shapes no text may
    /// cross), in panel pixels at 1×, in drawing order.
    package private(set) var figures: [Rect] = []
    /// Every text run drawn, in drawing order.
    package private(set) var texts: [DrawnText] = []
    /// The semantic (accessibility) elements the panel exposes, in reading order.
    package private(set) var elements: [SemanticElement] = []
    /// Code points the font lacked, in order of first appearance.
    package private(set) var missing: [Unicode.Scalar] = []

    /// A painter over a fresh `width` × `height` canvas (pixels, 1×) filled with `background`,
    /// drawing text in `font`, with empty text and element logs.
    package init(width: Int, height: Int, font: BitmapFont, background: Color) {
        self.canvas = Canvas(width: width, height: height, background: background)
        self.font = font
        self.layout = PanelLayout(font: font)
    }

    /// A painter over a fresh canvas of `layout`'s panel size (``PanelLayout/width`` ×
    /// ``PanelLayout/height`` pixels, 1×) filled with `background`, drawing text in `font`
    /// (`layout` is `PanelLayout(font: font)`, computed once per frame by the caller).
    package init(layout: PanelLayout, font: BitmapFont, background: Color) {
        self.canvas = Canvas(width: layout.width, height: layout.height, background: background)
        self.font = font
        self.layout = layout
    }

    /// Draws `text` with its pen at (x, baseline) and records it; `role` also exposes it as a
    /// semantic element (nil: decorative, hidden from assistive technology).
    /// - Returns: the advance in pixels.
    @discardableResult
    package mutating func text(
        _ text: String, x: Int, baseline: Int, color: Color, role: SemanticElement.Role? = .text, magnification: Int = 1
    ) -> Int {
        let magnified = max(1, magnification)
        let background = canvas.dominantColor(in: Rect(
            x: x, y: baseline - font.ascent * magnified, width: font.width(of: text) * magnified, height: font.lineHeight * magnified))
        let run = canvas.drawText(text, at: Point(x: x, y: baseline), font: font, color: color, magnification: magnification)
        let box = Rect(x: x, y: baseline - font.ascent * magnified, width: run.advance, height: (font.ascent + font.descent) * magnified)
        texts.append(DrawnText(text: text, origin: Point(x: x, y: baseline), color: color, background: background, box: box))
        if let role { elements.append(SemanticElement(role: role, label: text)) }
        for scalar in run.missing where !missing.contains(scalar) { missing.append(scalar) }
        return run.advance
    }

    /// Draws `text` centred on column `centerX`.
    package mutating func centeredText(
        _ text: String, centerX: Int, baseline: Int, color: Color, role: SemanticElement.Role? = .text, magnification: Int = 1
    ) {
        let width = font.width(of: text) * max(1, magnification)
        self.text(text, x: centerX - width / 2, baseline: baseline, color: color, role: role, magnification: magnification)
    }

    /// Draws `text` centred in the panel on line `line` of ``layout`` (its box covering
    /// `magnification` lines), cut with `…` to ``PanelLayout/contentWidth`` when it is wider.
    public mutating func centeredText(
        _ text: String, line: Int, color: Color, role: SemanticElement.Role? = .text, magnification: Int = 1
    ) {
        let m = max(1, magnification)
        centeredText(
            fitted(text, maxWidth: layout.contentWidth / m), centerX: layout.centerX,
            baseline: layout.baseline(line: line, magnification: m), color: color, role: role, magnification: m)
    }

    /// Draws `text` from the body's left padding (``PanelLayout/contentLeft``) on line `line`,
    /// cut with `…` to ``PanelLayout/contentWidth``.
    /// - Returns: the advance in pixels.
    @discardableResult
    public mutating func leftText(_ text: String, line: Int, color: Color, role: SemanticElement.Role? = .text) -> Int {
        self.text(fitted(text, maxWidth: layout.contentWidth), x: layout.contentLeft, baseline: layout.baseline(line: line), color: color, role: role)
    }

    /// `text` when it is at most `maxWidth` pixels wide in ``font``; otherwise its longest
    /// prefix that fits with `…` after it (`…` alone when nothing fits before it).
    package func fitted(_ text: String, maxWidth: Int) -> String {
        guard font.width(of: text) > maxWidth else { return text }
        let room = maxWidth - font.width(of: "…")
        var width = 0
        var end = text.startIndex
        for character in text {
            var characterWidth = 0
            for scalar in character.unicodeScalars { characterWidth += (font.glyph(for: scalar) ?? font.fallbackGlyph(for: scalar)).advance }
            guard width + characterWidth <= room else { break }
            width += characterWidth
            end = text.index(after: end)
        }
        return String(text[..<end]) + "…"
    }

    /// Records `rect` (panel pixels at 1×) as a figure: a shape no text may cross. Draw the
    /// figure on ``canvas`` and record its bounds here, so tests can check the layout.
    public mutating func figure(_ rect: Rect) {
        figures.append(rect)
    }

    /// Draws a ``Spinner`` centred across lines `line` and `line + 1` of ``layout``
    /// (``PanelLayout/figure(line:)``) as it looks at `timeMs`, and records it as a figure.
    public mutating func spinner(line: Int, highlight: Color, dim: Color, atMs timeMs: Int) {
        let spot = layout.figure(line: line)
        Spinner(center: spot.center, radius: spot.radius, highlight: highlight, dim: dim).draw(on: &canvas, atMs: timeMs)
        figure(Rect(x: spot.center.x - spot.radius, y: spot.center.y - spot.radius, width: 2 * spot.radius + 1, height: 2 * spot.radius + 1))
    }

    /// Exposes a semantic element that has no text run of its own (a spinner, an icon).
    public mutating func expose(_ element: SemanticElement) {
        elements.append(element)
    }

    /// Splits `text` into lines no wider than `maxWidth` pixels, breaking at spaces, and inside
    /// a word that is wider than a line by itself (each piece the longest prefix that fits, at
    /// least one character). Stops after `maxLines` lines.
    ///
    /// Linear in the text it reads: each character's width is added once (wrapping one long word
    /// by measuring ever longer prefixes was quadratic: 1 MB of message did not finish in a
    /// minute), and with `maxLines` it reads only as far as those lines need.
    public func wrap(_ text: String, maxWidth: Int, maxLines: Int = .max) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        let spaceWidth = font.width(of: " ")
        func place(_ piece: Substring, width: Int) {
            if current.isEmpty {
                current = String(piece)
                currentWidth = width
            } else if currentWidth + spaceWidth + width <= maxWidth {
                current += " " + piece
                currentWidth += spaceWidth + width
            } else {
                lines.append(current)
                current = String(piece)
                currentWidth = width
            }
        }
        // One pass over the characters: a word ends at a space; a piece of a word ends where the
        // next character would not fit on a line by itself.
        var pieceStart: String.Index?
        var pieceWidth = 0
        var index = text.startIndex
        while index < text.endIndex, lines.count < maxLines {
            let character = text[index]
            let next = text.index(after: index)
            if character == " " {
                if let start = pieceStart { place(text[start..<index], width: pieceWidth) }
                pieceStart = nil
                pieceWidth = 0
            } else {
                var characterWidth = 0
                for scalar in character.unicodeScalars { characterWidth += (font.glyph(for: scalar) ?? font.fallbackGlyph(for: scalar)).advance }
                if let start = pieceStart, pieceWidth + characterWidth > maxWidth {
                    place(text[start..<index], width: pieceWidth)
                    pieceStart = index
                    pieceWidth = 0
                } else if pieceStart == nil {
                    pieceStart = index
                }
                pieceWidth += characterWidth
            }
            index = next
        }
        if let start = pieceStart, lines.count < maxLines { place(text[start..<index], width: pieceWidth) }
        if !current.isEmpty, lines.count < maxLines { lines.append(current) }
        return lines
    }
}

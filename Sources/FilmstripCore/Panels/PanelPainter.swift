import FilmstripRaster

/// The drawing surface a panel gets: a canvas the size of the panel (1×), the font, and a log
/// of every text run and semantic element the panel produced, so what was drawn can be read
/// back exactly.
public struct PanelPainter {
    /// The panel's pixels (RGBA8, see ``Canvas``), at 1×, origin at the panel's top-left.
    public var canvas: Canvas
    /// The font all text is drawn with.
    public let font: BitmapFont
    /// Every text run drawn, in drawing order.
    public private(set) var texts: [DrawnText] = []
    /// The semantic (accessibility) elements the panel exposes, in reading order.
    public private(set) var elements: [SemanticElement] = []
    /// Code points the font lacked, in order of first appearance.
    public private(set) var missing: [Unicode.Scalar] = []

    public init(width: Int, height: Int, font: BitmapFont, background: Color) {
        self.canvas = Canvas(width: width, height: height, background: background)
        self.font = font
    }

    /// Draws `text` with its pen at (x, baseline) and records it; `role` also exposes it as a
    /// semantic element (nil: decorative, hidden from assistive technology).
    /// - Returns: the advance in pixels.
    @discardableResult
    public mutating func text(
        _ text: String, x: Int, baseline: Int, color: Color, role: SemanticElement.Role? = .text, magnification: Int = 1
    ) -> Int {
        let run = canvas.drawText(text, at: Point(x: x, y: baseline), font: font, color: color, magnification: magnification)
        texts.append(DrawnText(text: text, origin: Point(x: x, y: baseline), color: color))
        if let role { elements.append(SemanticElement(role: role, label: text)) }
        for scalar in run.missing where !missing.contains(scalar) { missing.append(scalar) }
        return run.advance
    }

    /// Draws `text` centred on column `centerX`.
    public mutating func centeredText(
        _ text: String, centerX: Int, baseline: Int, color: Color, role: SemanticElement.Role? = .text, magnification: Int = 1
    ) {
        let width = font.width(of: text) * max(1, magnification)
        self.text(text, x: centerX - width / 2, baseline: baseline, color: color, role: role, magnification: magnification)
    }

    /// Exposes a semantic element that has no text run of its own (a spinner, an icon).
    public mutating func expose(_ element: SemanticElement) {
        elements.append(element)
    }

    /// Splits `text` into lines no wider than `maxWidth` pixels, breaking at spaces, and inside
    /// a word that is wider than a line by itself.
    public func wrap(_ text: String, maxWidth: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var words: [Substring] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var rest = word
            while font.width(of: String(rest)) > maxWidth, rest.count > 1 {
                var cut = rest.startIndex
                while cut < rest.endIndex, font.width(of: String(rest[rest.startIndex...cut])) <= maxWidth { cut = rest.index(after: cut) }
                if cut == rest.startIndex { cut = rest.index(after: cut) }
                words.append(rest[rest.startIndex..<cut])
                rest = rest[cut...]
            }
            words.append(rest)
        }
        for word in words {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if font.width(of: candidate) <= maxWidth || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

import FilmstripRaster

extension RenderedFrame {
    /// What is wrong with the frame's layout, read from its records (never from pixels), one
    /// sentence each; empty when every line fits.
    ///
    /// Checks, in 1× pixels: every header text run and the phase swatch lie inside the header
    /// bar and cross no other; each panel's title lies inside its title bar; every text run a
    /// panel drew (its line box, ``DrawnText/box``) and every figure (``PanelRendering/figures``)
    /// lies inside the panel's body, no two text runs overlap, and no text run overlaps a figure.
    ///
    /// Use it to test a bench's panels with several fonts:
    ///
    /// ```swift
    /// let frame = try #require(run.render(run.frames[3], font: try .bdf(file: "10x20.bdf"), scale: 1))
    /// #expect(frame.layoutProblems().isEmpty)
    /// ```
    ///
    /// A problem reads `allFour: "ASC 409 · version already exists" (x 7…199, y 45…58) crosses
    /// "RETRY" (x 91…121, y 56…69)`: the panel, the texts and their boxes (first…last pixel).
    public func layoutProblems() -> [String] {
        var problems: [String] = []
        func describe(_ rect: Rect) -> String {
            "x \(rect.x)…\(rect.maxX - 1), y \(rect.y)…\(rect.maxY - 1)"
        }
        func inside(_ rect: Rect, _ area: Rect) -> Bool {
            rect.x >= area.x && rect.y >= area.y && rect.maxX <= area.maxX && rect.maxY <= area.maxY
        }
        func crosses(_ a: Rect, _ b: Rect) -> Bool { !a.isEmpty && !b.isEmpty && !a.intersection(b).isEmpty }
        func quoted(_ text: DrawnText) -> String { "\"\(text.text)\" (\(describe(text.box)))" }

        let bar = Rect(x: 0, y: 0, width: layout.frameSize(panelCount: panels.count).width, height: layout.titleHeight)
        for text in header where !inside(text.box, bar) {
            problems.append("header: \(quoted(text)) is not inside the header bar (\(describe(bar)))")
        }
        if !inside(swatch, bar) { problems.append("header: the swatch (\(describe(swatch))) is not inside the header bar (\(describe(bar)))") }
        for (index, text) in header.enumerated() {
            for other in header[(index + 1)...] where crosses(text.box, other.box) {
                problems.append("header: \(quoted(text)) crosses \(quoted(other))")
            }
            if crosses(text.box, swatch) { problems.append("header: \(quoted(text)) crosses the swatch (\(describe(swatch)))") }
        }

        let titleBar = Rect(x: 1, y: 0, width: layout.width - 2, height: layout.titleHeight)
        let body = layout.body
        for panel in panels {
            if !inside(panel.title.box, titleBar) {
                problems.append("\(panel.panel): title \(quoted(panel.title)) is not inside the title bar (\(describe(titleBar)))")
            }
            for text in panel.texts where !inside(text.box, body) {
                problems.append("\(panel.panel): \(quoted(text)) is not inside the body (\(describe(body)))")
            }
            for figure in panel.figures where !inside(figure, body) {
                problems.append("\(panel.panel): a figure (\(describe(figure))) is not inside the body (\(describe(body)))")
            }
            for (index, text) in panel.texts.enumerated() {
                for other in panel.texts[(index + 1)...] where crosses(text.box, other.box) {
                    problems.append("\(panel.panel): \(quoted(text)) crosses \(quoted(other))")
                }
                for figure in panel.figures where crosses(text.box, figure) {
                    problems.append("\(panel.panel): \(quoted(text)) crosses a figure (\(describe(figure)))")
                }
            }
        }
        return problems
    }
}

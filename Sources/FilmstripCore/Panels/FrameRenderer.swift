import FilmstripRaster

/// Draws a whole frame: a header bar (plan name, time, phase) over the panels side by side,
/// then scales it by an integer factor.
struct FrameRenderer<Phase>: Sendable {
    let planName: String
    let panels: [any Panel<Phase>]
    let phaseName: @Sendable (Phase) -> String
    let phaseColor: @Sendable (Phase) -> Color
    /// The colours the frame is drawn in (panels paint the dark ``Palette``; the theme recolours it).
    var theme: Theme = .dark

    /// Logical (1×) frame geometry.
    static var margin: Int { 8 }
    static var headerHeight: Int { 20 }

    /// The 1× size of a frame with `panelCount` panels, in pixels.
    static func size(panelCount: Int) -> (width: Int, height: Int) {
        (margin + panelCount * (PanelLayout.width + margin), headerHeight + PanelLayout.height + margin)
    }

    func render(_ phase: Phase, atMs timeMs: Int, font: BitmapFont, scale: Int) -> RenderedFrame {
        let size = Self.size(panelCount: panels.count)
        var canvas = Canvas(width: size.width, height: size.height, background: Palette.background)
        var missing: [Unicode.Scalar] = []
        func note(_ run: TextRun) {
            for scalar in run.missing where !missing.contains(scalar) { missing.append(scalar) }
        }
        // Header: plan name left; phase swatch, time and phase right.
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: Self.headerHeight - 4), with: Palette.header)
        let baseline = 12
        let name = phaseName(phase)
        let label = "\(Quantity.ms(timeMs)) · \(name)"
        let labelWidth = font.width(of: label)
        let labelX = size.width - Self.margin - labelWidth
        // The plan's name gives way to the time and phase: cut with "…" to fit before the swatch.
        var title = planName
        let room = labelX - 12 - 2 * Self.margin
        while font.width(of: title) > room, title.count > 1 { title = String(title.dropLast(2)) + "…" }
        var chrome: [DrawnText] = []
        chrome.append(DrawnText(text: title, origin: Point(x: Self.margin, y: baseline), color: Palette.dimText, background: Palette.header))
        chrome.append(DrawnText(text: label, origin: Point(x: labelX, y: baseline), color: Palette.text, background: Palette.header))
        note(canvas.drawText(title, at: Point(x: Self.margin, y: baseline), font: font, color: Palette.dimText))
        note(canvas.drawText(label, at: Point(x: labelX, y: baseline), font: font, color: Palette.text))
        canvas.fill(Rect(x: labelX - 12, y: 4, width: 8, height: 8), with: phaseColor(phase))

        var renderings: [PanelRendering] = []
        for (index, panel) in panels.enumerated() {
            var painter = PanelPainter(width: PanelLayout.width, height: PanelLayout.height, font: font, background: Palette.panel)
            painter.canvas.stroke(painter.canvas.bounds, with: panel.tint)
            painter.canvas.fill(Rect(x: 0, y: 0, width: PanelLayout.width, height: PanelLayout.titleHeight), with: panel.tint)
            chrome.append(DrawnText(text: panel.title, origin: Point(x: 6, y: 12), color: Palette.header, background: panel.tint))
            note(painter.canvas.drawText(panel.title, at: Point(x: 6, y: 12), font: font, color: Palette.header))
            panel.draw(phase, atMs: timeMs, on: &painter)
            for scalar in painter.missing where !missing.contains(scalar) { missing.append(scalar) }
            canvas.draw(painter.canvas, at: Point(x: Self.margin + index * (PanelLayout.width + Self.margin), y: Self.headerHeight))
            renderings.append(PanelRendering(
                panel: panel.id, depiction: panel.depiction(for: phase, atMs: timeMs), texts: painter.texts, elements: painter.elements))
        }
        if theme != .dark {
            canvas = theme.recolor(canvas)
            func themed(_ text: DrawnText) -> DrawnText {
                DrawnText(text: text.text, origin: text.origin, color: theme.color(for: text.color), background: text.background.map(theme.color(for:)))
            }
            renderings = renderings.map { rendering in
                var recoloured = rendering
                recoloured.texts = rendering.texts.map(themed)
                return recoloured
            }
            chrome = chrome.map(themed)
        }
        return RenderedFrame(canvas: canvas.scaled(by: scale), panels: renderings, missing: missing, chromeTexts: chrome)
    }
}

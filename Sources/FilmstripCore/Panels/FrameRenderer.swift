import FilmstripRaster

/// Draws a whole frame: a header bar (plan name, time, phase) over the panels side by side,
/// then scales it by an integer factor. Every position comes from the font's ``PanelLayout``.
struct FrameRenderer<Phase>: Sendable {
    let planName: String
    let panels: [any Panel<Phase>]
    let phaseName: @Sendable (Phase) -> String
    let phaseColor: @Sendable (Phase) -> Color
    /// The colours the frame is drawn in (panels paint the dark ``Palette``; the theme recolours it).
    var theme: Theme = .dark

    func render(_ phase: Phase, atMs timeMs: Int, font: BitmapFont, scale: Int) -> RenderedFrame {
        let layout = PanelLayout(font: font)
        let size = layout.frameSize(panelCount: panels.count)
        var canvas = Canvas(width: size.width, height: size.height, background: Palette.background)
        var missing: [Unicode.Scalar] = []
        var header: [DrawnText] = []
        func note(_ run: TextRun) {
            for scalar in run.missing where !missing.contains(scalar) { missing.append(scalar) }
        }
        func box(_ origin: Point, _ run: TextRun) -> Rect {
            Rect(x: origin.x, y: origin.y - font.ascent, width: run.advance, height: font.ascent + font.descent)
        }
        // Header: plan name left; phase swatch, time and phase right.
        let bar = Rect(x: 0, y: 0, width: size.width, height: layout.titleHeight)
        canvas.fill(bar, with: Palette.header)
        let baseline = layout.titleBaseline
        let name = phaseName(phase)
        let label = "\(Quantity.ms(timeMs)) · \(name)"
        let labelWidth = font.width(of: label)
        let labelX = size.width - layout.margin - labelWidth
        let swatchSize = max(2, layout.ascent * 3 / 4)
        let swatch = Rect(x: labelX - swatchSize - max(2, layout.advance / 2), y: baseline - swatchSize, width: swatchSize, height: swatchSize)
        // The plan's name gives way to the time and phase: cut with "…" to fit before the swatch.
        var title = planName
        let room = swatch.x - layout.advance - layout.margin
        while font.width(of: title) > room, title.count > 1 { title = String(title.dropLast(2)) + "…" }
        let titleOrigin = Point(x: layout.margin, y: baseline)
        let titleRun = canvas.drawText(title, at: titleOrigin, font: font, color: Palette.dimText)
        note(titleRun)
        header.append(DrawnText(text: title, origin: titleOrigin, color: Palette.dimText, background: Palette.header, box: box(titleOrigin, titleRun)))
        let labelOrigin = Point(x: labelX, y: baseline)
        let labelRun = canvas.drawText(label, at: labelOrigin, font: font, color: Palette.text)
        note(labelRun)
        header.append(DrawnText(text: label, origin: labelOrigin, color: Palette.text, background: Palette.header, box: box(labelOrigin, labelRun)))
        canvas.fill(swatch, with: phaseColor(phase))

        var renderings: [PanelRendering] = []
        for (index, panel) in panels.enumerated() {
            var painter = PanelPainter(layout: layout, font: font, background: Palette.panel)
            painter.canvas.stroke(painter.canvas.bounds, with: panel.tint)
            painter.canvas.fill(Rect(x: 0, y: 0, width: layout.width, height: layout.titleHeight), with: panel.tint)
            let panelTitle = painter.fitted(panel.title, maxWidth: layout.contentWidth)
            let panelTitleOrigin = Point(x: layout.advance, y: layout.titleBaseline)
            let panelTitleRun = painter.canvas.drawText(panelTitle, at: panelTitleOrigin, font: font, color: Palette.header)
            note(panelTitleRun)
            panel.draw(phase, atMs: timeMs, on: &painter)
            for scalar in painter.missing where !missing.contains(scalar) { missing.append(scalar) }
            let origin = layout.panelOrigin(index)
            canvas.draw(painter.canvas, at: origin)
            renderings.append(PanelRendering(
                panel: panel.id, depiction: panel.depiction(for: phase, atMs: timeMs), texts: painter.texts, elements: painter.elements,
                origin: origin,
                title: DrawnText(text: panelTitle, origin: panelTitleOrigin, color: Palette.header, background: panel.tint, box: box(panelTitleOrigin, panelTitleRun)),
                figures: painter.figures))
        }
        if theme != .dark {
            canvas = theme.recolor(canvas)
            func themed(_ text: DrawnText) -> DrawnText {
                DrawnText(text: text.text, origin: text.origin, color: theme.color(for: text.color), background: text.background.map(theme.color(for:)), box: text.box)
            }
            renderings = renderings.map { rendering in
                var recoloured = rendering
                recoloured.texts = rendering.texts.map(themed)
                recoloured.title = themed(rendering.title)
                return recoloured
            }
            header = header.map(themed)
        }
        return RenderedFrame(
            canvas: canvas.scaled(by: scale), panels: renderings, missing: missing, layout: layout,
            header: header, swatch: swatch)
    }
}

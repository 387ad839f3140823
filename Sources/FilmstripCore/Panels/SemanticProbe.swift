import FilmstripRaster

/// Reads the semantic (accessibility) elements a panel exposes for a phase, without a font or a
/// frame: the panel draws into a scratch painter whose font has no glyphs.
///
/// Whether a panel exposes any element does not depend on the font; labels do not either,
/// except where a panel splits text into lines by width (a frame's own elements, drawn with the
/// real font, are in `report.json`). Analysis uses it for `expect.announce`.
package enum SemanticProbe {
    /// A font with no glyphs: every character is a 6 × 10 replacement box.
    static let probeFont = BitmapFont(
        name: "probe", ascent: 10, descent: 3, boundingBox: (width: 6, height: 13, xOffset: 0, yOffset: -3),
        glyphs: [:], defaultGlyph: nil, properties: [:])

    static let probeLayout = PanelLayout(font: probeFont)

    /// The elements `panel` exposes for `phase` at `timeMs`, in reading order.
    package static func elements<Phase>(of panel: any Panel<Phase>, drawing phase: Phase, atMs timeMs: Int) -> [SemanticElement] {
        var painter = PanelPainter(layout: probeLayout, font: probeFont, background: Palette.panel)
        panel.draw(phase, atMs: timeMs, on: &painter)
        return painter.elements
    }
}

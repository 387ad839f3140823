import FilmstripRaster

/// The colours frames, strips and contact sheets are drawn in: `dark` (the default, the
/// ``Palette`` as it is) or `light`, for documentation pages with a light background.
///
/// Panels always paint with the ``Palette``'s roles and their own tints; a theme recolours what
/// they painted, pixel by pixel, at 1× before scaling, so a panel knows nothing of themes and
/// positions never change. The light theme:
/// - gives each ``Palette`` role its light value (``color(for:)``: background `#f3f4f6`, panel and
///   header `#ffffff`, text `#111827`, secondary text `#4b5563`, faint `#d1d5db`);
/// - darkens every other colour (tints, accents, ``Palette/danger``, phase swatches), keeping its
///   hue, until its contrast with white is at least 4.5:1 (``Color/minimumTextContrast``), so a
///   tint is readable as text on a panel and white text is readable on a tint.
///
/// A plan names its theme (`"theme": "light"`); `--theme` on `record` and `check` overrides it;
/// `report.json` records a theme other than dark.
public enum Theme: String, CaseIterable, Hashable, Sendable {
    /// Light text on dark panels: the ``Palette`` unchanged (every output before themes existed).
    case dark
    /// Dark text on white panels, for light documentation pages.
    case light

    /// The colour a pixel painted `drawn` has in this theme: `drawn` itself in the dark theme;
    /// in the light theme a ``Palette`` role's light value, or any other colour darkened (its
    /// three channels scaled by the same factor n ÷ 255, the largest n that reaches a contrast of
    /// 4.5:1 with white). Alpha is kept.
    package func color(for drawn: Color) -> Color {
        guard self == .light else { return drawn }
        if let role = Self.lightRoles[drawn] { return role }
        return Self.darkened(drawn)
    }

    /// The film of the strip (``color(for:)`` does not apply: the film is not painted by panels).
    package var film: Color { self == .dark ? Color(hex: 0x050507) : Color(hex: 0xD1D5DB) }
    /// The strip's sprocket holes.
    package var sprocketHole: Color { self == .dark ? Color(hex: 0x2A2D35) : Color(hex: 0xF9FAFB) }

    /// `canvas` (RGBA8, row-major, stride width × 4) with every pixel recoloured by
    /// ``color(for:)``; the canvas itself in the dark theme.
    package func recolor(_ canvas: Canvas) -> Canvas {
        guard self != .dark else { return canvas }
        var pixels = canvas.pixels
        var known: [Color: Color] = [:]
        // Neighbouring pixels mostly share a colour: the last one is checked before the table.
        var last = (drawn: Palette.background, themed: color(for: Palette.background))
        var index = 0
        while index < pixels.count {
            let drawn = Color(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
            let themed: Color
            if drawn == last.drawn {
                themed = last.themed
            } else if let found = known[drawn] {
                themed = found
            } else {
                themed = color(for: drawn)
                known[drawn] = themed
            }
            last = (drawn, themed)
            pixels[index] = themed.red
            pixels[index + 1] = themed.green
            pixels[index + 2] = themed.blue
            index += 4
        }
        return Canvas(width: canvas.width, height: canvas.height, pixels: pixels)!
    }

    /// The light values of the ``Palette``'s neutral roles.
    static let lightRoles: [Color: Color] = [
        Palette.background: Color(hex: 0xF3F4F6),
        Palette.panel: Color(hex: 0xFFFFFF),
        Palette.header: Color(hex: 0xFFFFFF),
        Palette.text: Color(hex: 0x111827),
        Palette.dimText: Color(hex: 0x4B5563),
        Palette.faint: Color(hex: 0xD1D5DB),
    ]

    /// `color` scaled towards black until its contrast with white is at least 4.5:1; colours
    /// already that dark are returned as they are.
    static func darkened(_ color: Color) -> Color {
        var factor = 255
        while factor > 0 {
            let scaled = Color(
                red: UInt8(Int(color.red) * factor / 255), green: UInt8(Int(color.green) * factor / 255),
                blue: UInt8(Int(color.blue) * factor / 255), alpha: color.alpha)
            if scaled.contrastRatio(with: .white) >= Color.minimumTextContrast { return scaled }
            factor -= 1
        }
        return Color(red: 0, green: 0, blue: 0, alpha: color.alpha)
    }
}

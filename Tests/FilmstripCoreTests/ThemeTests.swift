@testable import FilmstripCore
import FilmstripRaster
import Testing

/// The light theme's colours and the contrast of every palette text pair in both themes.
@Suite struct ThemeTests {
    @Test func darkIsTheIdentity() {
        for color in [Palette.background, Palette.text, Palette.mint, Color(hex: 0x123456)] {
            #expect(Theme.dark.color(for: color) == color)
        }
        let canvas = Canvas(width: 3, height: 2, background: Palette.panel)
        #expect(Theme.dark.recolor(canvas) == canvas)
    }

    @Test func lightGivesEveryPaletteRoleItsLightValue() {
        #expect(Theme.light.color(for: Palette.background) == Color(hex: 0xF3F4F6))
        #expect(Theme.light.color(for: Palette.panel) == .white)
        #expect(Theme.light.color(for: Palette.header) == .white)
        #expect(Theme.light.color(for: Palette.text) == Color(hex: 0x111827))
        #expect(Theme.light.color(for: Palette.dimText) == Color(hex: 0x4B5563))
        #expect(Theme.light.color(for: Palette.faint) == Color(hex: 0xD1D5DB))
    }

    /// Mint scaled by 156/255 is the lightest step with 4.5:1 on white; 157/255 falls short.
    @Test func lightDarkensATintToTheFirstStepWithAAContrastOnWhite() {
        let mint = Theme.light.color(for: Palette.mint)
        #expect(mint == Color(hex: 0x25865C))
        #expect(mint.contrastRatio(with: .white) >= 4.5)
        let oneStepLighter = Color(red: UInt8(0x3D * 157 / 255), green: UInt8(0xDC * 157 / 255), blue: UInt8(0x97 * 157 / 255))
        #expect(oneStepLighter.contrastRatio(with: .white) < 4.5)
        #expect(Theme.light.color(for: Palette.rose) == Color(hex: 0xD63D57))
        #expect(Theme.light.color(for: Palette.danger) == Color(hex: 0xC35151))
        // Already dark enough: unchanged.
        #expect(Theme.light.color(for: Color(hex: 0x1D4ED8)) == Color(hex: 0x1D4ED8))
    }

    @Test func recolorMapsEveryPixel() {
        var canvas = Canvas(width: 2, height: 1, background: Palette.panel)
        canvas.setPixel(x: 1, y: 0, to: Palette.text)
        let light = Theme.light.recolor(canvas)
        #expect(light.pixel(x: 0, y: 0) == .white)
        #expect(light.pixel(x: 1, y: 0) == Color(hex: 0x111827))
    }

    /// Text on the frame's chrome and the panels' shared roles, in both themes: every pair
    /// (text colour, the colour it is drawn on) that the palette draws reaches WCAG AA (4.5:1).
    /// Texts drawn in `faint` mark inactive controls, which WCAG 1.4.3 exempts.
    @Test(arguments: Theme.allCases)
    func paletteTextPairsReachAA(theme: Theme) {
        let pairs: [(String, Color, Color)] = [
            ("text on panel", Palette.text, Palette.panel),
            ("secondary text on panel", Palette.dimText, Palette.panel),
            ("danger on panel", Palette.danger, Palette.panel),
            ("text on header", Palette.text, Palette.header),
            ("secondary text on header", Palette.dimText, Palette.header),
            ("header on text (snackbar)", Palette.header, Palette.text),
            ("header on danger (error band)", Palette.header, Palette.danger),
            ("text on faint (offline bar)", Palette.text, Palette.faint),
            ("title on rose", Palette.header, Palette.rose),
            ("title on mint", Palette.header, Palette.mint),
            ("rose on panel", Palette.rose, Palette.panel),
            ("mint on panel", Palette.mint, Palette.panel),
        ]
        for (what, text, background) in pairs {
            let ratio = theme.color(for: text).contrastRatio(with: theme.color(for: background))
            #expect(ratio >= Color.minimumTextContrast, "\(theme): \(what): \(ratio)")
        }
    }
}

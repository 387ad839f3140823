import FilmstripCore
import FilmstripRaster
@testable import FilmstripReports
import Testing

/// The pages' style sheets, dark and light: each text colour on each background it is shown on
/// reaches WCAG AA (4.5:1), computed from the colours, and each colour is the style sheet's.
@Suite struct PageContrastTests {
    /// (what, text, background) as the style sheet pairs them.
    static let pairs: [Theme: [(String, UInt32, UInt32)]] = [
        .dark: [
            ("body text", 0xE6E8EE, 0x0F1115), ("secondary text, captions, headers", 0x8A90A0, 0x0F1115), ("links", 0x7DD3FC, 0x0F1115),
            ("h2", 0xCBD0DB, 0x0F1115), ("frame caption's depictions", 0x8A90A0, 0x1E2128), ("rule broken under a frame", 0xFF6B6B, 0x1E2128),
            ("passed verdict", 0xE6E8EE, 0x12352A), ("failed verdict", 0xE6E8EE, 0x3A1518), ("lint", 0xE6E8EE, 0x3A2F12),
        ],
        .light: [
            ("body text", 0x111827, 0xFFFFFF), ("secondary text, captions, headers", 0x4B5563, 0xFFFFFF), ("links", 0x1D4ED8, 0xFFFFFF),
            ("h2", 0x1F2937, 0xFFFFFF), ("frame caption's depictions", 0x4B5563, 0xF3F4F6), ("rule broken under a frame", 0xB91C1C, 0xF3F4F6),
            ("passed verdict", 0x111827, 0xECFDF5), ("failed verdict", 0x111827, 0xFEF2F2), ("lint", 0x111827, 0xFFFBEB),
        ],
    ]

    @Test(arguments: Theme.allCases)
    func everyTextColourOfThePageReachesAA(theme: Theme) throws {
        let sheet = HTML.style(theme)
        let own = theme == .dark ? HTML.style : HTML.lightStyle
        for (what, text, background) in try #require(Self.pairs[theme]) {
            let (foreground, ground) = (Color(hex: text), Color(hex: background))
            #expect(own.contains(foreground.hexString) && own.contains(ground.hexString), "\(theme) \(what): not in the style sheet")
            #expect(sheet.hasPrefix(HTML.style))
            let ratio = foreground.contrastRatio(with: ground)
            #expect(ratio >= Color.minimumTextContrast, "\(theme) \(what): \(ratio)")
        }
    }
}

import FilmstripCore
import FilmstripRaster
@testable import FilmstripReports
import FilmstripSeedBenches
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

/// Every colour pair a page draws besides its body text, in both themes and in print: the
/// graph's labels on their grounds (text, 4.5:1), and every non-text mark (WCAG 1.4.11, 3:1):
/// each phase and depiction colour of every seed bench (timeline segments, swatches, frame and
/// thumbnail borders, the state graph's node outlines) against every ground it is drawn on, the
/// state graph's arrows and count rings, and the frame ticks.
@Suite struct PageNonTextContrastTests {
    static let benches: [BenchDefinition] = [.inbox, .orders, .scenes, .liveInbox]

    /// (what, foreground, background, minimum) as the style sheet of `theme` pairs them.
    static let pairs: [Theme: [(String, UInt32, UInt32, Double)]] = [
        .dark: [
            ("graph node label", 0xE6E8EE, 0x1E2128, 4.5), ("graph count", 0xE6E8EE, 0x0F1115, 4.5),
            ("graph arrow", 0xCBD0DB, 0x14161B, 3), ("graph count ring", 0xCBD0DB, 0x14161B, 3), ("frame ticks", 0x8A90A0, 0x0F1115, 3),
        ],
        .light: [
            ("graph node label", 0x111827, 0xFFFFFF, 4.5), ("graph count", 0x111827, 0xFFFFFF, 4.5),
            ("graph arrow", 0x4B5563, 0xF3F4F6, 3), ("graph count ring", 0x4B5563, 0xF3F4F6, 3), ("frame ticks", 0x4B5563, 0xFFFFFF, 3),
        ],
    ]

    @Test(arguments: Theme.allCases)
    func theGraphsArrowsLabelsAndTicksReachTheirMinimum(theme: Theme) throws {
        let own = theme == .dark ? HTML.style : HTML.lightStyle
        for (what, foreground, background, minimum) in try #require(Self.pairs[theme]) {
            let (a, b) = (Color(hex: foreground), Color(hex: background))
            #expect(own.contains(a.hexString) && (own.contains(b.hexString) || PagePalette.backgrounds(theme).contains(b)), "\(theme) \(what): not in the style sheet")
            #expect(a.contrastRatio(with: b) >= minimum, "\(theme) \(what): \(a.contrastRatio(with: b)):1")
        }
    }

    @Test(arguments: Theme.allCases)
    func everyPhaseAndDepictionColourReaches3To1OnEveryGround(theme: Theme) {
        var checked = 0
        for bench in Self.benches {
            let palette = PagePalette(theme: theme, bench: bench)
            for color in palette.colors {
                for ground in PagePalette.backgrounds(theme) {
                    let shown = PagePalette.shown(color, theme: theme)
                    #expect(shown.contrastRatio(with: ground) >= 3, "\(bench.name) \(theme): \(color) shown as \(shown) on \(ground): \(shown.contrastRatio(with: ground)):1")
                    checked += 1
                }
                // The page's style sheet names that value, on screen and (light) in print.
                #expect(palette.css.contains(":\(PagePalette.shown(color, theme: theme).hexString)"))
                #expect(palette.css.contains(":\(PagePalette.shown(color, theme: .light).hexString)"))
            }
        }
        #expect(checked == 3 * Self.benches.map { PagePalette(theme: theme, bench: $0).colors.count }.reduce(0, +))
    }

    /// The case: in the light theme the state graph's node outlines were the dark
    /// theme's phase colours (loading `#f5b841`, 1.8:1 on the light graph) and its arrows
    /// `#cbd0db` (1.40:1). Now the light value is the light frames' colour (``Theme/color(for:)``).
    @Test func theLightGraphDrawsLoadingDarkenedAndItsArrowsInTheSecondaryText() {
        let loading = BenchDefinition.inbox.style(ofPhase: "loading").color
        #expect(loading.hexString == "#f5b841")
        #expect(loading.contrastRatio(with: Color(hex: 0xF3F4F6)) < 3)
        #expect(PagePalette.shown(loading, theme: .light) == Theme.light.color(for: loading))
        #expect(PagePalette.shown(loading, theme: .light).hexString == "#957027")
        #expect(PagePalette.shown(loading, theme: .dark) == loading, "dark keeps the bench's colour where it already reaches 3:1")
        // A depiction drawn nearly in the bar's own colour (the scenes bench's blank) is lifted.
        let blank = Color(hex: 0x2A2E38)
        #expect(blank.contrastRatio(with: Color(hex: 0x1E2128)) < 3)
        #expect(PagePalette.shown(blank, theme: .dark).contrastRatio(with: Color(hex: 0x1E2128)) >= 3)
        #expect(HTML.lightStyle.contains(".graph .edge,.graph .count{stroke:#4b5563}"))
    }
}

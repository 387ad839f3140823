import FilmstripCore
import FilmstripRaster
import FilmstripSeedBenches
import FilmstripTestSupport
import Testing

/// Every text every seed bench draws in its shipped plans, in both themes, has a contrast of at
/// least 4.5:1 (WCAG 2.x AA, ``FilmstripRaster/Color/contrastRatio(with:)``) with the colour it
/// is drawn on, as the painter recorded it: panel texts, panel titles on their tints, and the
/// frame header. Text in the faint colour marks an inactive control or a placeholder, which
/// WCAG 1.4.3 exempts. The live inbox runs on the real clock only and is not covered here.
@Suite struct ThemeContrastTests {
    static let plans: [CapturePlan] = TestSupport.shippedPlanNames
        .compactMap { try? TestSupport.shippedPlan($0) }
        .filter { $0.bench.clocks.contains(.virtual) }

    @Test(arguments: Theme.allCases)
    func everyDrawnTextReachesAAInEveryShippedPlan(theme: Theme) throws {
        #expect(Set(Self.plans.map(\.bench.name)) == ["inbox", "scenes", "orders"])
        var checked = 0
        for plan in Self.plans {
            let run = try plan.themed(theme).run()
            // One frame per distinct picture: the phase and every panel's depiction (a payload
            // such as the elapsed time changes the words, not their colours).
            var seen: Set<[String]> = []
            let frames = (run.frames + run.stills.map(\.frame)).filter { frame in
                seen.insert([frame.phase ?? ""] + frame.panels.map(\.depiction.id)).inserted
            }
            for frame in frames {
                guard let rendered = run.render(frame, font: TestSupport.font, scale: 1) else { continue }
                let texts = rendered.chromeTexts + rendered.panels.flatMap(\.texts)
                for text in texts where text.color != theme.color(for: Palette.faint) {
                    let background = try #require(text.background, "\(plan.name) #\(frame.index): \(text.text)")
                    let ratio = text.color.contrastRatio(with: background)
                    #expect(ratio >= Color.minimumTextContrast,
                            "\(theme) \(plan.name) frame \(frame.index): \"\(text.text)\" \(text.color) on \(background) is \(ratio):1")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }
}

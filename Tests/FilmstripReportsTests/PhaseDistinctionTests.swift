import FilmstripCore
import FilmstripRaster
@testable import FilmstripReports
import FilmstripSeedBenches
import Testing

/// Phases and depictions that differ without hue: on every seed bench, in both themes, any two
/// phases (and any two depictions) that may stand side by side on a timeline either differ in
/// lightness by at least 3:1 (the contrast ratio of their shown colours, which is the ratio of
/// their greyscale luminances) or carry different patterns (``PagePalette/patterns``).
@Suite struct PhaseDistinctionTests {
    /// Pairs of distinct colours in `colors` that neither reach 3:1 nor differ in pattern.
    static func confusable(_ colors: [Color], palette: PagePalette, theme: Theme) -> [(Color, Color, Double)] {
        var found: [(Color, Color, Double)] = []
        let distinct = colors.reduce(into: [Color]()) { if !$0.contains($1) { $0.append($1) } }
        for (index, a) in distinct.enumerated() {
            for b in distinct.dropFirst(index + 1) {
                let ratio = PagePalette.shown(a, theme: theme).contrastRatio(with: PagePalette.shown(b, theme: theme))
                if ratio < PagePalette.minimumNonTextContrast, palette.pattern(a) == palette.pattern(b) { found.append((a, b, ratio)) }
            }
        }
        return found
    }

    @Test(arguments: Theme.allCases)
    func everyTwoPhasesDifferInLightnessOrPattern(theme: Theme) {
        for bench in PageNonTextContrastTests.benches {
            let palette = PagePalette(theme: theme, bench: bench)
            let phases = bench.phaseNames.map { bench.style(ofPhase: $0).color }
            #expect(Self.confusable(phases, palette: palette, theme: theme).isEmpty, "\(bench.name) \(theme) phases: \(Self.confusable(phases, palette: palette, theme: theme))")
            let depictions = bench.depictions.map(\.color)
            #expect(Self.confusable(depictions, palette: palette, theme: theme).isEmpty, "\(bench.name) \(theme) depictions: \(Self.confusable(depictions, palette: palette, theme: theme))")
        }
    }

    /// Without patterns the seed benches' phases are told apart by hue alone: the inbox bench's
    /// loading and failed are within 3:1 of each other in both themes.
    @Test(arguments: Theme.allCases)
    func hueAloneDoesNotSeparateTheInboxPhases(theme: Theme) {
        let bench = BenchDefinition.inbox
        let (loading, failed) = (bench.style(ofPhase: "loading").color, bench.style(ofPhase: "failed").color)
        let ratio = PagePalette.shown(loading, theme: theme).contrastRatio(with: PagePalette.shown(failed, theme: theme))
        #expect(ratio < 3, "\(ratio)")
        let palette = PagePalette(theme: theme, bench: bench)
        #expect(palette.pattern(loading) != palette.pattern(failed))
        // Each pattern is drawn over the timeline's segments and the swatches of its colour.
        let reference = palette.reference(failed)
        #expect(palette.css.contains(".bar [style*=\"\(reference)\"]::after,.swatch[style*=\"\(reference)\"]::after{background:\(PagePalette.patterns[palette.pattern(failed)])}"))
    }
}

/// Time shares on a page add up to exactly 100.0% (largest-remainder rounding in tenths).
@Suite struct ShareRoundingTests {
    @Test func thirdsAddUpToOneHundredPercent() {
        #expect(Quantity.shares([1, 1, 1], of: 3) == ["33.4%", "33.3%", "33.3%"])
        #expect(Quantity.shares([1, 2], of: 3) == ["33.3%", "66.7%"])
        // Rounded each half up these add up to 99.9% (10.3% three times and 69.0%).
        #expect([1_345, 1_345, 1_345, 8_965].map { Quantity.percent(numerator: $0, denominator: 13_000) } == ["10.3%", "10.3%", "10.3%", "69.0%"])
        #expect(Quantity.shares([1_345, 1_345, 1_345, 8_965], of: 13_000) == ["10.4%", "10.3%", "10.3%", "69.0%"])
        #expect(Quantity.shares([105, 205, 690], of: 1000) == ["10.5%", "20.5%", "69.0%"])
        #expect(Quantity.shares([0, 12_000], of: 12_000) == ["0.0%", "100.0%"])
    }

    @Test func partsThatDoNotAddUpAreEachRoundedHalfUp() {
        #expect(Quantity.shares([1, 1], of: 3) == ["33.3%", "33.3%"])
        #expect(Quantity.shares([5], of: 0) == ["0.0%"])
    }

    @Test func sharesOfAnyPartitionAddUpToExactlyOneThousandTenths() {
        // A fixed linear congruential sequence: the same 500 partitions on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        for _ in 0..<500 {
            let parts = (0..<next(1...8)).map { _ in next(0...5_000) }
            let whole = parts.reduce(0, +)
            guard whole > 0 else { continue }
            let tenths = Quantity.shares(parts, of: whole).map { Int($0.dropLast().replacingOccurrences(of: ".", with: ""))! }
            #expect(tenths.reduce(0, +) == 1000, "\(parts)")
            for (part, share) in zip(parts, tenths) {
                #expect(abs(share * whole - part * 1000) < whole, "each share within a tenth of its exact value: \(parts)")
            }
        }
    }
}

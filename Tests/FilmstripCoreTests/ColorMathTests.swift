@testable import FilmstripCore
import FilmstripRaster
import Testing

/// WCAG 2.x contrast and CIEDE2000 colour difference, against published values.
@Suite struct ColorMathTests {
    @Test func blackOnWhiteIsTwentyOneToOne() {
        #expect(Color.black.contrastRatio(with: .white) == 21)
        #expect(Color.white.contrastRatio(with: .black) == 21)
        #expect(Color.white.relativeLuminance == 1)
        #expect(Color.black.relativeLuminance == 0)
    }

    @Test func aColourOnItselfIsOneToOne() {
        #expect(Color(hex: 0x3DDC97).contrastRatio(with: Color(hex: 0x3DDC97)) == 1)
    }

    /// The best-known edge of WCAG AA: #767676 on white is the lightest grey that passes (4.54:1),
    /// #777777 fails (4.48:1).
    @Test func greyOnWhiteMeetsTheAAEdgeWhereWebAimSaysItDoes() {
        let passing = Color(hex: 0x767676).contrastRatio(with: .white)
        let failing = Color(hex: 0x777777).contrastRatio(with: .white)
        #expect((passing * 100).rounded() / 100 == 4.54)
        #expect((failing * 100).rounded() / 100 == 4.48)
        #expect(passing >= Color.minimumTextContrast)
        #expect(failing < Color.minimumTextContrast)
    }

    /// The dark palette's text pairs, computed from their hex values.
    @Test func darkPaletteTextContrasts() {
        #expect((Palette.text.contrastRatio(with: Palette.panel) * 100).rounded() / 100 == 13.15)
        #expect((Palette.dimText.contrastRatio(with: Palette.panel) * 100).rounded() / 100 == 5.05)
    }

    @Test func labOfWhiteAndBlack() {
        let white = Color.white.lab
        #expect(abs(white.l - 100) < 0.001 && abs(white.a) < 0.001 && abs(white.b) < 0.001)
        let black = Color.black.lab
        #expect(black.l == 0 && black.a == 0 && black.b == 0)
    }

    /// Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17, 25, 34 and 11, to four decimals.
    @Test(arguments: [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
        ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ])
    func ciede2000MatchesSharmasTestData(first: (Double, Double, Double), second: (Double, Double, Double), expected: Double) {
        let difference = Color.ciede2000((first.0, first.1, first.2), (second.0, second.1, second.2))
        #expect((difference * 10_000).rounded() / 10_000 == expected)
        let reversed = Color.ciede2000((second.0, second.1, second.2), (first.0, first.1, first.2))
        #expect((reversed * 10_000).rounded() / 10_000 == expected)
    }

    @Test func differenceOfSRGBColours() {
        #expect(Color(hex: 0xB91C1C).difference(from: Color(hex: 0xB91C1C)) == 0)
        #expect((Color(hex: 0xB91C1C).difference(from: Color(hex: 0xF0555A)) * 10).rounded() / 10 == 18.7)
        // The orders bench's skeleton and spinner before this check existed: 6.8, too close.
        #expect((Color(hex: 0xD4A72C).difference(from: Color(hex: 0xF5B841)) * 10).rounded() / 10 == 6.8)
    }
}

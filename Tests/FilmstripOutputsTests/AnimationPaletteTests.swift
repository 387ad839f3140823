@testable import FilmstripOutputs
import FilmstripPNG
import FilmstripRaster
import Testing

/// The one palette of `animation.png`: colours numbered by first appearance over the frames in
/// order, and each frame's pixels renumbered into it.
@Suite struct AnimationPaletteTests {
    static let red = Color(red: 255, green: 0, blue: 0)
    static let green = Color(red: 0, green: 255, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)

    /// A frame whose own numbering differs from the palette's is renumbered pixel by pixel,
    /// every pixel of it (more than a word's worth, so no tail is left as it was); a frame that
    /// keeps the palette's numbers is left as it is.
    @Test func framesAreRenumberedIntoTheOnePalette() throws {
        var palette = AnimationPalette()
        // First frame: red (0), then green (1).
        var first = Canvas(width: 11, height: 2, background: Self.red)
        first.setPixel(x: 10, y: 1, to: Self.green)
        let firstImage = try #require(IndexedImage(first))
        let firstNumbering = try #require(palette.numbering(of: firstImage) as AnimationPalette.Numbering?)
        #expect(firstNumbering.map == nil)
        #expect(firstNumbering.indices(of: firstImage) == firstImage.indices)

        // Second frame: blue (its own 0, the palette's 2), then red (its 1, the palette's 0),
        // then green (its 2, the palette's 1).
        var second = Canvas(width: 11, height: 2, background: Self.blue)
        second.setPixel(x: 3, y: 0, to: Self.red)
        second.setPixel(x: 9, y: 1, to: Self.green)
        let secondImage = try #require(IndexedImage(second))
        #expect(secondImage.indices[0] == 0 && secondImage.indices[3] == 1)
        let numbering = try #require(palette.numbering(of: secondImage) as AnimationPalette.Numbering?)
        #expect(numbering.map == [2, 0, 1])
        var expected = [UInt8](repeating: 2, count: 22)
        expected[3] = 0
        expected[11 + 9] = 1
        #expect(numbering.indices(of: secondImage) == expected)
        #expect(
            palette.entries == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255])
    }
}

/// The encoder settings that, with the pixels, fully decide a PNG's bytes.
///
/// No time, text or gamma chunks are ever written, so the same pixels and settings give the
/// same bytes on every run and machine with the same libpng and zlib.
package struct PNGSettings: Hashable, Sendable {
    /// Row filters libpng may choose from.
    package enum Filters: Hashable, Sendable {
        /// Filter type 0 on every row.
        case none
        /// Filter type 1 (difference from the pixel to the left) on every row.
        case sub
        /// Filter type 2 (difference from the pixel above) on every row.
        case up
        /// libpng's adaptive choice among all five filter types, row by row.
        case adaptive
    }

    /// zlib's deflate strategy.
    package enum Strategy: Int, Hashable, Sendable {
        /// `Z_DEFAULT_STRATEGY`: string matching and Huffman coding.
        case `default` = 0
        /// `Z_FILTERED`: favours Huffman coding for small, filtered values.
        case filtered = 1
        /// `Z_HUFFMAN_ONLY`: no string matching.
        case huffmanOnly = 2
        /// `Z_RLE`: matches of distance 1 only (runs).
        case rle = 3
    }

    /// zlib compression level, 0 (store) ... 9 (smallest).
    package var compressionLevel: Int
    /// zlib memory level, 1...9 (8 is zlib's default).
    package var memoryLevel: Int
    /// zlib strategy.
    package var strategy: Strategy
    /// Which row filters to use.
    package var filters: Filters
    /// Write an indexed-colour (palette) PNG when the image has at most 256 distinct colours.
    /// The decoded pixels are identical either way.
    package var allowPalette: Bool

    /// Settings from each field above; the defaults are libpng's and zlib's own (level 6, memory
    /// level 8, default strategy, adaptive filters) with palettes allowed. filmstrip itself writes
    /// with ``default`` (level 8, no row filter).
    package init(
        compressionLevel: Int = 6, memoryLevel: Int = 8, strategy: Strategy = .default,
        filters: Filters = .adaptive, allowPalette: Bool = true
    ) {
        self.compressionLevel = compressionLevel
        self.memoryLevel = memoryLevel
        self.strategy = strategy
        self.filters = filters
        self.allowPalette = allowPalette
    }

    /// The settings filmstrip writes its frames, stills and strips with: palette when possible,
    /// no row filter, zlib level 8, memory level 8, default strategy.
    ///
    /// Chosen by measurement on the reference plan's 120 palette frames at 2× (4-bit indices):
    /// level 8 without filters came to 220,729 bytes, 0.4% below `optipng -o2` on the same frames
    /// (221,623), at half the time of level 9 (217,527 bytes) and a third of level 9 with adaptive
    /// filters (241,517 bytes, the earlier setting); level 7 and below grow the files by 15% or
    /// more, since their shorter `nice_length` cannot take a doubled row in two matches. On palette
    /// images the Sub, Up and adaptive filters all made the files larger.
    package static let `default` = PNGSettings(compressionLevel: 8, memoryLevel: 8, strategy: .default, filters: .none, allowPalette: true)

    /// Plain RGBA with no filtering at level 6: the straightforward encoding, for comparisons.
    package static let plainRGBA = PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false)
}

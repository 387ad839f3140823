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
        /// Filter type 2 (Up) on a row whose bytes repeat the row above, so it is all zeros;
        /// type 0 (None) on every other row. At scale s, s − 1 of every s rows repeat the one
        /// above. Palette images are then written by filmstrip's own writer (the chunks by hand,
        /// the rows deflated by zlib in one call); RGBA images, through libpng with no filter.
        case upOnRepeatedRows
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
    /// Up on repeated rows and None elsewhere (``Filters/upOnRepeatedRows``), zlib level 6,
    /// memory level 8, default strategy.
    ///
    /// Chosen by measurement on the reference plan's 120 palette frames at 2× (4-bit indices,
    /// 449 bytes a row, 356 rows), zlib 1.2.13 alone on their filtered rows, one core, best of 5
    /// on a loaded machine: with Up on the repeated rows half of every frame's rows are zeros,
    /// which every level codes almost for free; what a level pays for is finding the row above in
    /// the rows that differ, which in flat areas lies past hundreds of equal hash-chain entries,
    /// so only level 8's chains (1,024) reach it. Image data of the 120 frames: level 8 without a
    /// filter (the earlier setting) 206,171 bytes at 3.3 ms a frame; with Up on repeated rows,
    /// level 8 207,515 bytes (2.9 ms), level 7 247,989 (1.7 ms), level 6 250,971 (1.4 ms),
    /// level 5 255,356 (1.35 ms), level 4 281,545 (1.1 ms), level 1 437,596 (0.45 ms). Level 6
    /// puts the 120 frame files at 268,875 bytes, 19.6% above level 8's 224,748 (the limit the
    /// issue set is 20%), at under half of level 8's deflate time.
    ///
    /// The earlier setting (level 8, no filter, through libpng), chosen by measurement on the same
    /// frames: level 8 without filters came to 220,729 bytes, 0.4% below `optipng -o2` on the same
    /// frames (221,623), at half the time of level 9 (217,527 bytes) and a third of level 9 with
    /// adaptive filters (241,517 bytes); level 7 and below grew the files by 15% or more. With Up
    /// on every row, or libpng's adaptive filters, the files were larger.
    package static let `default` = PNGSettings(compressionLevel: 6, memoryLevel: 8, strategy: .default, filters: .upOnRepeatedRows, allowPalette: true)

    /// Plain RGBA with no filtering at level 6: the straightforward encoding, for comparisons.
    package static let plainRGBA = PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false)
}

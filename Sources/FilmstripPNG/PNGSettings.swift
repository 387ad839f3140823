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

    /// Which library deflates the rows of the palette images filmstrip writes itself
    /// (``Filters/upOnRepeatedRows``); every other image is deflated by zlib, through libpng.
    package enum Deflater: Hashable, Sendable {
        /// zlib, with ``compressionLevel`` 0...9, ``memoryLevel`` and ``strategy``.
        case zlib
        /// libdeflate's whole-buffer compressor, with ``compressionLevel`` 0...12 (``memoryLevel``
        /// and ``strategy`` are not used): one call over the whole image, as the rows are all in
        /// memory anyway.
        case libdeflate
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

    /// Compression level: 0 (store) ... 9 (smallest) for zlib, 0 ... 12 for libdeflate.
    package var compressionLevel: Int
    /// zlib memory level, 1...9 (8 is zlib's default).
    package var memoryLevel: Int
    /// zlib strategy.
    package var strategy: Strategy
    /// Which row filters to use.
    package var filters: Filters
    /// Which library deflates the rows with ``Filters/upOnRepeatedRows``.
    package var deflater: Deflater
    /// Write an indexed-colour (palette) PNG when the image has at most 256 distinct colours.
    /// The decoded pixels are identical either way.
    package var allowPalette: Bool

    /// Settings from each field above; the defaults are libpng's and zlib's own (level 6, memory
    /// level 8, default strategy, adaptive filters) with palettes allowed. filmstrip itself writes
    /// with ``default`` (level 8, no row filter).
    package init(
        compressionLevel: Int = 6, memoryLevel: Int = 8, strategy: Strategy = .default,
        filters: Filters = .adaptive, allowPalette: Bool = true, deflater: Deflater = .zlib
    ) {
        self.deflater = deflater
        self.compressionLevel = compressionLevel
        self.memoryLevel = memoryLevel
        self.strategy = strategy
        self.filters = filters
        self.allowPalette = allowPalette
    }

    /// The settings filmstrip writes its frames, stills, strips and the animation's frames with:
    /// palette when possible, Up on repeated rows and None elsewhere
    /// (``Filters/upOnRepeatedRows``), deflated by libdeflate at level 6.
    ///
    /// Chosen by measurement on the reference plan's 120 palette frames at 2× (4-bit indices,
    /// 449 bytes a row, 374 rows), each library alone on their filtered rows, one core, in C,
    /// three passes on a 2-core AMD EPYC (ms a frame, smallest–largest of the passes). Image data
    /// of the 120 frames: zlib 1.2.13 level 6 (the setting before) 250,971 bytes at 1.30–1.54 ms,
    /// level 5 255,356 (1.07–1.27), level 7 247,989 (1.29–1.62); libdeflate 1.14 level 6
    /// 257,683 (0.60–0.73), level 7 254,115 (0.75–0.89), level 8 250,637 (2.12–2.31), level 9
    /// 216,448 (2.72–2.83). Those figures, and the frame files' 269,065 bytes at level 6, were
    /// measured on a copy of the plan saved under another name, whose frames show a shorter
    /// name. On the plan itself (as `filmstrip bench` records it) level 6 writes **276,000** bytes
    /// of frame files, 22.8% above the 224,748 of zlib level 8 without a filter, over the 20%
    /// issue 22 allows (269,697); level 7 writes 272,395, level 8 268,511 at twice the recording
    /// time. The setting stays at level 6 while the choice is open: docs/PERFORMANCE.md
    /// ("Issue 22, eighth pass") gives the settings that fit and what each costs. `filmstrip
    /// bench --json` gives the frame files' bytes (`frameBytes`) on the plan itself.
    ///
    /// Earlier settings (zlib level 8 without a filter through libpng, then zlib level 6 with Up on
    /// repeated rows) and their measurements are in docs/PERFORMANCE.md.
    package static let `default` = PNGSettings(compressionLevel: 6, memoryLevel: 8, strategy: .default, filters: .upOnRepeatedRows, allowPalette: true, deflater: .libdeflate)

    /// Plain RGBA with no filtering at level 6: the straightforward encoding, for comparisons.
    package static let plainRGBA = PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false)
}

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
        /// Filter type 0 (None) on every row, a row that repeats the one above written again as
        /// it is (deflate codes it as one match of the row's length, at the distance of one
        /// row). Palette images are written by filmstrip's own writer, as with
        /// ``upOnRepeatedRows``; RGBA images, through libpng with no filter.
        case copiedRepeatedRows
    }

    /// Which library deflates the rows of the palette images filmstrip writes itself
    /// (``Filters/upOnRepeatedRows``, ``Filters/copiedRepeatedRows``); every other image is
    /// deflated by zlib, through libpng.
    package enum Deflater: Hashable, Sendable {
        /// zlib, with ``compressionLevel`` 0...9, ``memoryLevel`` and ``strategy``.
        case zlib
        /// libdeflate's whole-buffer compressor, with ``compressionLevel`` 0...12 (``memoryLevel``
        /// and ``strategy`` are not used): one call over the whole image, as the rows are all in
        /// memory anyway.
        case libdeflate
        /// filmstrip's own coder for the rows of an enlarged image, with ``compressionLevel``
        /// 1...9 (how many earlier places with the same three bytes it tries: 1, 2, 4, 6, 8, 16,
        /// 24, 48, 96). A filtered row that repeats the row above (with
        /// ``Filters/copiedRepeatedRows`` at scale s, s − 1 of every s rows) is coded as matches
        /// one row back without a search; the other rows are searched, the row above and the byte
        /// before tried ahead of a hash chain. The bytes depend on the filtered rows alone, and
        /// any rows give a correct stream. A row longer than deflate's 32 KiB window goes to
        /// libdeflate at the same level.
        case scanline
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
    /// Which library deflates the rows with ``Filters/upOnRepeatedRows`` or
    /// ``Filters/copiedRepeatedRows``.
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

    /// The settings filmstrip writes its frames and stills at scale 2 and above with: palette
    /// when possible, None on every row, a repeated row written again
    /// (``Filters/copiedRepeatedRows``), deflated by filmstrip's own coder at level 6
    /// (``Deflater/scanline``). (Images at 1×: ``unenlarged``; the animation's frames:
    /// ``paletteAnimation``.)
    ///
    /// Chosen by measurement on the reference plan's 120 palette frames at 2× (4-bit indices,
    /// 449 bytes a row, 374 rows, as `filmstrip bench` records them), each setting alone on the
    /// filtered rows, in C, one core, a 2-core AMD EPYC (best of 9 passes, ms a frame). Frame
    /// files of the 120 frames (the limit, 269,697, is the 224,748 bytes of zlib level 8 without
    /// a filter + 20%):
    ///
    /// | deflater (repeated rows copied) | frame files | ms a frame |
    /// |---|---|---|
    /// | libdeflate 1.14 level 6 | 273,150 | 0.36 |
    /// | libdeflate 1.14 level 7 | 267,946 | 0.51 |
    /// | zlib 1.2.13 level 6 | 265,597 | 0.67 |
    /// | scanline coder level 5 | 242,159 | 0.08 |
    /// | **scanline coder level 6** | **238,110** | **0.09** |
    /// | scanline coder level 7 | 236,269 | 0.10 |
    /// | scanline coder level 8 | 233,994 | 0.14 |
    ///
    /// A general deflater searches every copy of every row; the scanline coder codes a copy as
    /// matches one row back and searches only the other rows, so it is both faster and smaller.
    /// docs/PERFORMANCE.md ("The choices that matter") says what the level costs a recording.
    package static let `default` = PNGSettings(compressionLevel: 6, memoryLevel: 8, strategy: .default, filters: .copiedRepeatedRows, allowPalette: true, deflater: .scanline)
    /// The settings filmstrip writes an image at 1× with (the strip; frames and stills of a plan
    /// at scale 1): palette when possible, Up on a row that repeats the one above and None
    /// elsewhere (``Filters/upOnRepeatedRows``), libdeflate level 6. Every repeated row of such an
    /// image is a repeat in the picture (blank bands, panel sides), and there libdeflate does
    /// best: the reference plan's strip (3,638 × 910 pixels, 4-bit) is 23,285 bytes in 3.6 ms,
    /// against 24,935 bytes in 3.5 ms with ``default`` (same measurement).
    package static let unenlarged = PNGSettings(compressionLevel: 6, memoryLevel: 8, strategy: .default, filters: .upOnRepeatedRows, allowPalette: true, deflater: .libdeflate)

    /// The settings filmstrip writes an image enlarged by a whole `scale` with: ``default`` when
    /// it is enlarged (scale ≥ 2), ``unenlarged`` at 1×.
    package static func forImage(scale: Int) -> PNGSettings { scale >= 2 ? .default : .unenlarged }

    /// Plain RGBA with no filtering at level 6: the straightforward encoding, for comparisons.
    package static let plainRGBA = PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false)
}

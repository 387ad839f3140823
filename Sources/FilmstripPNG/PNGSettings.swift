/// The encoder settings that, with the pixels, fully decide a PNG's bytes.
///
/// No time, text or gamma chunks are ever written, so the same pixels and settings give the
/// same bytes on every run and machine with the same libpng and zlib.
public struct PNGSettings: Hashable, Sendable {
    /// Row filters libpng may choose from.
    public enum Filters: Hashable, Sendable {
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
    public enum Strategy: Int, Hashable, Sendable {
        /// `Z_DEFAULT_STRATEGY`: string matching and Huffman coding.
        case `default` = 0
        /// `Z_FILTERED`: favours Huffman coding for small, filtered values.
        case filtered = 1
        /// `Z_HUFFMAN_ONLY`: no string matching.
        case huffmanOnly = 2
        /// `Z_RLE`: matches of distance 1 only (runs).
        case rle = 3
    }

    /// How far zlib searches for an earlier copy of the bytes ahead (its hash chain length).
    public enum ChainLimit: Hashable, Sendable {
        /// The level's own depth (level 8: 1,024 positions; level 9: 4,096).
        case level
        /// Deep enough to reach the same column one row up: the filtered row's length in bytes
        /// (1 + packed row), rounded up to a multiple of 64. In a flat background every position
        /// hashes alike, so the chain to the row above is about one row long; past it, a deeper
        /// search rarely finds more. Applies to palette images written without row filters,
        /// whose rows the codec deflates itself (one IDAT chunk); other images keep the level's.
        case rowLength
    }

    /// zlib compression level, 0 (store) ... 9 (smallest).
    public var compressionLevel: Int
    /// zlib memory level, 1...9 (8 is zlib's default).
    public var memoryLevel: Int
    /// zlib strategy.
    public var strategy: Strategy
    /// Which row filters to use.
    public var filters: Filters
    /// How deep zlib searches (levels 4...9).
    public var chainLimit: ChainLimit
    /// Write an indexed-colour (palette) PNG when the image has at most 256 distinct colours.
    /// The decoded pixels are identical either way.
    public var allowPalette: Bool

    public init(
        compressionLevel: Int = 6, memoryLevel: Int = 8, strategy: Strategy = .default,
        filters: Filters = .adaptive, chainLimit: ChainLimit = .level, allowPalette: Bool = true
    ) {
        self.compressionLevel = compressionLevel
        self.memoryLevel = memoryLevel
        self.strategy = strategy
        self.filters = filters
        self.chainLimit = chainLimit
        self.allowPalette = allowPalette
    }

    /// The settings filmstrip writes its frames, stills and strips with: palette when possible,
    /// no row filter, zlib level 8 searching one row deep, memory level 8, default strategy.
    ///
    /// Chosen by measurement on the reference plan's 120 palette frames at 2× (4-bit indices,
    /// 449-byte filtered rows): level 9 with adaptive filters (the earlier setting) made 241,517
    /// bytes; without filters, level 9 made 217,527 in 545 ms, level 8 220,729 in 270 ms, level
    /// 7 255,667; `optipng -o2` chose level 9 without filters too (217,527). Sub, Up and adaptive
    /// filters all made palette files larger. Level 8's search depth of 1,024 is more than it
    /// needs: the deflated size is the same down to a depth of 450 and 15% larger below 440 (the
    /// row length), while encoding takes 27% less time at 512, the row length rounded up
    /// (``ChainLimit/rowLength``): 220,756 bytes, 1.5% above `optipng -o2`.
    public static let `default` = PNGSettings(
        compressionLevel: 8, memoryLevel: 8, strategy: .default, filters: .none, chainLimit: .rowLength, allowPalette: true)

    /// Plain RGBA with no filtering at level 6: the straightforward encoding, for comparisons.
    public static let plainRGBA = PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false)
}

/// The encoder settings that, with the pixels, fully decide a PNG's bytes.
///
/// No time, text or gamma chunks are ever written, so the same pixels and settings give the
/// same bytes on every run and machine with the same libpng and zlib.
public struct PNGSettings: Hashable, Sendable {
    /// Row filters libpng may choose from.
    public enum Filters: Hashable, Sendable {
        /// Filter type 0 on every row.
        case none
        /// libpng's adaptive choice among all five filter types, row by row.
        case adaptive
    }

    /// zlib compression level, 0 (store) ... 9 (smallest).
    public var compressionLevel: Int
    /// Which row filters to use.
    public var filters: Filters
    /// Write an indexed-colour (palette) PNG when the image has at most 256 distinct colours.
    /// The decoded pixels are identical either way.
    public var allowPalette: Bool

    public init(compressionLevel: Int = 6, filters: Filters = .adaptive, allowPalette: Bool = true) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.allowPalette = allowPalette
    }

    /// The settings filmstrip writes its frames, stills and strips with: level 9, adaptive filters, palette when possible.
    public static let `default` = PNGSettings(compressionLevel: 9, filters: .adaptive, allowPalette: true)

    /// Plain RGBA with no filtering at level 6: the straightforward encoding, for comparisons.
    public static let plainRGBA = PNGSettings(compressionLevel: 6, filters: .none, allowPalette: false)
}

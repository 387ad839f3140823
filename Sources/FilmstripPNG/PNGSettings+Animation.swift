extension PNGSettings {
    /// The settings `animation.png`'s frames are compressed with: 8-bit RGBA (an animated PNG
    /// has one palette for every frame, unknown until the last frame is drawn, so no palette),
    /// zlib level 5 (4% larger than level 8 for 9% less of a recording's processor time: the
    /// animation is a review aid, the frames carry the size target), memory level 8, default
    /// strategy, libpng's adaptive row filters (which pick Up for the repeated rows of a scaled
    /// frame, making them all zeros).
    package static let animation = PNGSettings(compressionLevel: 5, memoryLevel: 8, strategy: .default, filters: .adaptive, allowPalette: false)

    /// The settings `animation.png`'s palette frames (changed rectangles) are deflated with: Up on
    /// a row that repeats the one above, None elsewhere (the rule the rectangles' widening from 4
    /// to 8 bits is defined on), deflated by the scanline coder (``Deflater/scanline``) at level 7,
    /// which finds a zero row as one run. On the reference plan `animation.png` is 71,113 bytes
    /// against 72,233 with libdeflate at level 6 (72,091 at the coder's level 6), and a recording
    /// takes less processor time (docs/PERFORMANCE.md, "The choices that matter").
    package static let paletteAnimation = PNGSettings(compressionLevel: 7, memoryLevel: 8, strategy: .default, filters: .upOnRepeatedRows, allowPalette: true, deflater: .scanline)
}

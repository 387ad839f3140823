extension PNGSettings {
    /// The settings `animation.png`'s frames are compressed with: 8-bit RGBA (an animated PNG
    /// has one palette for every frame, unknown until the last frame is drawn, so no palette),
    /// zlib level 5 (4% larger than level 8 for 9% less of a recording's processor time: the
    /// animation is a review aid, the frames carry the size target), memory level 8, default
    /// strategy, libpng's adaptive row filters (which pick Up for the repeated rows of a scaled
    /// frame, making them all zeros).
    package static let animation = PNGSettings(compressionLevel: 5, memoryLevel: 8, strategy: .default, filters: .adaptive, allowPalette: false)

    /// The settings `animation.png`'s palette frames (changed rectangles) are deflated with:
    /// ``unenlarged``'s (Up on a row that repeats the one above, None elsewhere, libdeflate level
    /// 6), the frame files' settings before issue 22's ninth pass. The animation is a review aid
    /// with bytes to spare (72,233 on the reference plan against the 142,780 issue 22 allows), so
    /// it keeps the faster level.
    package static let paletteAnimation = PNGSettings.unenlarged
}

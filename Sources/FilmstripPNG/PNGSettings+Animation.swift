extension PNGSettings {
    /// The settings `animation.png`'s frames are compressed with: 8-bit RGBA (an animated PNG
    /// has one palette for every frame, unknown until the last frame is drawn, so no palette),
    /// zlib level 5 (4% larger than level 8 for 9% less of a recording's processor time: the
    /// animation is a review aid, the frames carry the size target), memory level 8, default
    /// strategy, libpng's adaptive row filters (which pick Up for the repeated rows of a scaled
    /// frame, making them all zeros).
    package static let animation = PNGSettings(compressionLevel: 5, memoryLevel: 8, strategy: .default, filters: .adaptive, allowPalette: false)
}

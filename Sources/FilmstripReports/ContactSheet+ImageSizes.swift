import FilmstripCore
import FilmstripRaster

extension ContactSheet {
    /// The pixel sizes of a run's images, written as each `<img>`'s `width` and `height` so the
    /// page keeps its layout while lazy images load (a link to `#frame-5` lands on frame 5, not
    /// 95 px above it).
    ///
    /// ```swift
    /// let sizes = ContactSheet.ImageSizes(run: run, font: font)   // 448 × 187 frames in misc-fixed 6x13
    /// ```
    package struct ImageSizes: Hashable, Sendable {
        /// A frame's width at 1×, pixels (``FilmstripCore/RecordedRun/logicalFrameSize(font:)``).
        package var frameWidth: Int
        /// A frame's height at 1×, pixels.
        package var frameHeight: Int
        /// The font's line height, pixels: the strip's labels are one line high.
        package var lineHeight: Int

        /// The sizes from their values, all in pixels at 1×.
        package init(frameWidth: Int, frameHeight: Int, lineHeight: Int) {
            self.frameWidth = frameWidth
            self.frameHeight = frameHeight
            self.lineHeight = lineHeight
        }

        /// The sizes of `run`'s images drawn in `font`.
        package init(run: RecordedRun, font: BitmapFont) {
            let size = run.logicalFrameSize(font: font)
            self.init(frameWidth: size.width, frameHeight: size.height, lineHeight: PanelLayout(font: font).lineHeight)
        }

        /// `width="…" height="…"` of a frame drawn at `scale`.
        func frame(scale: Int) -> String { attributes(frameWidth * scale, frameHeight * scale) }

        /// `width="…" height="…"` of a strip of `count` frames (``FilmstripImage/size(count:frameWidth:frameHeight:lineHeight:)``).
        func strip(count: Int) -> String {
            let size = FilmstripImage.size(count: count, frameWidth: frameWidth, frameHeight: frameHeight, lineHeight: lineHeight)
            return attributes(size.width, size.height)
        }

        private func attributes(_ width: Int, _ height: Int) -> String { " width=\"\(width)\" height=\"\(height)\"" }
    }
}

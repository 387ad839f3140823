import FilmstripCore
import FilmstripRaster

/// Draws the filmstrip: up to ``maxFrames`` frames of a run in one strip on dark film, sprocket
/// holes above and below each row, each frame labelled with its index, time and phase (with the
/// phase's colour). Rows hold at most ``framesPerRow`` frames, so a long run wraps into several
/// rows of film. Frames are drawn at 1× so the strip stays small and the bitmap font stays sharp.
///
/// A run with more frames than ``maxFrames`` shows ``maxFrames`` of them, evenly spaced from the
/// first to the last (``frameIndices(count:)``); the labels name each one's index and time, and
/// the report lists them, so the strip's size and memory do not grow with the run.
package enum FilmstripImage {
    /// The most frames in one row of film.
    package static let framesPerRow = 8
    /// The most frames in a strip: four rows of film (3,638 × 910 pixels with two panels in
    /// misc-fixed 6x13).
    package static let maxFrames = 32

    /// The positions (0 ..< `count`) of the frames a strip shows: all of them up to
    /// ``maxFrames``; otherwise ``maxFrames`` positions evenly spaced, the first and last included
    /// (position i is ⌊i × (count − 1) ÷ (maxFrames − 1)⌋).
    ///
    /// For 120 frames: 0, 3, 7, 11, 15, 19, 23, 26, …, 115, 119.
    package static func frameIndices(count: Int) -> [Int] {
        guard count > maxFrames else { return Array(0..<max(0, count)) }
        return (0..<maxFrames).map { $0 * (count - 1) / (maxFrames - 1) }
    }

    /// Vertical space per row: holes, frame, label, holes (pixels at 1×); the label is one line
    /// of the font and 3 pixels (16 for misc-fixed 6x13).
    static let holeBand = 10
    static let gap = 6

    /// The size of the strip of `count` frames (more than 0) of `frameWidth` × `frameHeight`
    /// pixels with labels of a font whose lines are `lineHeight` pixels high: rows of at most
    /// ``framesPerRow`` cells, each `frameWidth` + 6 wide, each row 10 + `frameHeight` +
    /// `lineHeight` + 3 + 10 high, 6 pixels between rows and before the first cell.
    package static func size(count: Int, frameWidth: Int, frameHeight: Int, lineHeight: Int) -> (width: Int, height: Int) {
        guard count > 0 else { return (1, 1) }
        let columns = min(framesPerRow, count)
        let rows = (count + columns - 1) / columns
        let rowHeight = holeBand + frameHeight + lineHeight + 3 + holeBand
        return (gap + columns * (frameWidth + gap), rows * rowHeight + (rows - 1) * gap)
    }

    /// Composes the strip from 1× frame canvases (all the same size) and their labels
    /// (`"#3 · 1,500 ms"`) and swatch colours (the phase's ``PhaseStyle/color``; nil when dropped).
    /// - Returns: an RGBA8 canvas; 1×1 transparent when `frames` is empty.
    package static func compose(frames: [(canvas: Canvas?, label: String, swatch: Color?)], frameWidth: Int, frameHeight: Int, font: BitmapFont, theme: Theme = .dark) -> Canvas {
        compose(count: frames.count, frameWidth: frameWidth, frameHeight: frameHeight, font: font, theme: theme) {
            (frames[$0].canvas, frames[$0].label, frames[$0].swatch)
        }
    }

    /// Composes the strip of `count` cells, asking `cell` for each one (position 0 ..< `count`)
    /// just before drawing it, so only one frame is held at a time: its 1× picture (a canvas,
    /// or the ``IndexedImage`` made from one, which draws the same pixels; nil when dropped). The film, holes and
    /// labels are in `theme`'s colours (the frames come already drawn in it).
    /// - Returns: the strip on a new `Target` (an RGBA8 ``Canvas`` unless asked otherwise, or an
    ///   ``IndexedCanvas``); 1×1 transparent when `count` is 0.
    package static func compose<Target: CompositionTarget>(
        on _: Target.Type = Canvas.self,
        count: Int, frameWidth: Int, frameHeight: Int, font: BitmapFont, theme: Theme = .dark,
        cell: (Int) -> (picture: (any ComposablePicture)?, label: String, swatch: Color?)
    ) -> Target {
        guard count > 0 else { return Target(width: 1, height: 1, background: .clear) }
        let columns = min(framesPerRow, count)
        let rows = (count + columns - 1) / columns
        let cellWidth = frameWidth + gap
        let layout = PanelLayout(font: font)
        let labelHeight = layout.lineHeight + 3
        let swatchSize = max(2, layout.ascent * 3 / 4)
        let rowHeight = holeBand + frameHeight + labelHeight + holeBand
        let film = theme.film
        let size = size(count: count, frameWidth: frameWidth, frameHeight: frameHeight, lineHeight: layout.lineHeight)
        var strip = Target(width: size.width, height: size.height, background: film)
        for row in 0..<rows {
            let top = row * (rowHeight + gap)
            // Sprocket holes along the top and bottom bands of this row of film.
            var x = 6
            while x + 8 < strip.width {
                strip.fill(Rect(x: x, y: top + 3, width: 8, height: 4), with: theme.sprocketHole)
                strip.fill(Rect(x: x, y: top + rowHeight - 7, width: 8, height: 4), with: theme.sprocketHole)
                x += 16
            }
        }
        for index in 0..<count {
            let frame = cell(index)
            let left = gap + (index % columns) * cellWidth
            let top = (index / columns) * (rowHeight + gap) + holeBand
            if let picture = frame.picture {
                picture.draw(on: &strip, at: Point(x: left, y: top))
            } else {
                strip.stroke(Rect(x: left, y: top, width: frameWidth, height: frameHeight), with: theme.color(for: Palette.dimText))
                strip.drawText("dropped", at: Point(x: left + 8, y: top + 9 + layout.ascent), font: font, color: theme.color(for: Palette.dimText))
            }
            let swatch = theme.color(for: frame.swatch ?? Palette.dimText)
            let baseline = top + frameHeight + 2 + layout.ascent
            strip.fill(Rect(x: left, y: baseline - 1 - swatchSize, width: swatchSize, height: swatchSize), with: swatch)
            strip.drawText(frame.label, at: Point(x: left + swatchSize + max(2, layout.advance / 2 + 1), y: baseline), font: font, color: theme.color(for: Palette.text))
        }
        return strip
    }
}

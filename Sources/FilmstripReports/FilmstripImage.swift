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
        compose(count: frames.count, frameWidth: frameWidth, frameHeight: frameHeight, font: font, theme: theme) { frames[$0] }
    }

    /// Composes the strip of `count` cells, asking `cell` for each one (position 0 ..< `count`)
    /// just before drawing it, so only one frame canvas is held at a time. The film, holes and
    /// labels are in `theme`'s colours (the frames come already drawn in it).
    /// - Returns: an RGBA8 canvas; 1×1 transparent when `count` is 0.
    package static func compose(
        count: Int, frameWidth: Int, frameHeight: Int, font: BitmapFont, theme: Theme = .dark,
        cell: (Int) -> (canvas: Canvas?, label: String, swatch: Color?)
    ) -> Canvas {
        guard count > 0 else { return Canvas(width: 1, height: 1) }
        var strip = Strip(count: count, frameWidth: frameWidth, frameHeight: frameHeight, font: font, theme: theme)
        for index in 0..<count {
            let frame = cell(index)
            strip.place(frame.canvas, at: index)
            strip.label(index, frame.label, swatch: frame.swatch)
        }
        return strip.canvas
    }

    /// A strip drawn in parts: the film and its holes when made, each cell's frame (``place(_:at:)``)
    /// and each label (``label(_:_:swatch:)``) when given. Drawn in the order ``compose(count:frameWidth:frameHeight:font:theme:cell:)``
    /// draws (each cell, then its label), the pixels are the same; so they are in any order when no
    /// label or swatch reaches into a cell (``labelsStayOutsideCells(_:)``), as with every bundled font.
    package struct Strip {
        /// The strip as drawn so far.
        package private(set) var canvas: Canvas
        let count: Int
        let columns: Int
        let frameWidth: Int
        let frameHeight: Int
        let rowHeight: Int
        let layout: PanelLayout
        let swatchSize: Int
        let font: BitmapFont
        let theme: Theme

        /// The film and its holes for `count` (more than 0) cells of `frameWidth` × `frameHeight` pixels.
        package init(count: Int, frameWidth: Int, frameHeight: Int, font: BitmapFont, theme: Theme) {
            self.count = count
            columns = min(FilmstripImage.framesPerRow, count)
            let rows = (count + columns - 1) / columns
            layout = PanelLayout(font: font)
            rowHeight = holeBand + frameHeight + layout.lineHeight + 3 + holeBand
            swatchSize = max(2, layout.ascent * 3 / 4)
            self.frameWidth = frameWidth
            self.frameHeight = frameHeight
            self.font = font
            self.theme = theme
            let size = FilmstripImage.size(count: count, frameWidth: frameWidth, frameHeight: frameHeight, lineHeight: layout.lineHeight)
            canvas = Canvas(width: size.width, height: size.height, background: theme.film)
            for row in 0..<rows {
                let top = row * (rowHeight + gap)
                // Sprocket holes along the top and bottom bands of this row of film.
                var x = 6
                while x + 8 < canvas.width {
                    canvas.fill(Rect(x: x, y: top + 3, width: 8, height: 4), with: theme.sprocketHole)
                    canvas.fill(Rect(x: x, y: top + rowHeight - 7, width: 8, height: 4), with: theme.sprocketHole)
                    x += 16
                }
            }
        }

        /// The top-left corner of cell `position`.
        func origin(_ position: Int) -> Point {
            Point(x: gap + (position % columns) * (frameWidth + gap), y: (position / columns) * (rowHeight + gap) + holeBand)
        }

        /// Draws cell `position`'s frame (1×, `frameWidth` × `frameHeight`), or the dropped frame's
        /// outline and word when `frame` is nil.
        package mutating func place(_ frame: Canvas?, at position: Int) {
            let at = origin(position)
            if let frame {
                canvas.draw(frame, at: at)
            } else {
                canvas.stroke(Rect(x: at.x, y: at.y, width: frameWidth, height: frameHeight), with: theme.color(for: Palette.dimText))
                canvas.drawText("dropped", at: Point(x: at.x + 8, y: at.y + 9 + layout.ascent), font: font, color: theme.color(for: Palette.dimText))
            }
        }

        /// Draws cell `position`'s swatch (the phase's colour; nil when dropped) and label (`"#3 · 1,500 ms"`).
        package mutating func label(_ position: Int, _ label: String, swatch: Color?) {
            let at = origin(position)
            let colour = theme.color(for: swatch ?? Palette.dimText)
            let baseline = at.y + frameHeight + 2 + layout.ascent
            canvas.fill(Rect(x: at.x, y: baseline - 1 - swatchSize, width: swatchSize, height: swatchSize), with: colour)
            canvas.drawText(label, at: Point(x: at.x + swatchSize + max(2, layout.advance / 2 + 1), y: baseline), font: font, color: theme.color(for: Palette.text))
        }

        /// Whether no pixel of any label in `labels` (by position) or its swatch can land inside a
        /// cell, nor a dropped frame's word outside its own, judged from each glyph's box: then
        /// cells and labels may be drawn in any order.
        package func labelsStayOutsideCells(_ labels: [String]) -> Bool {
            let cells = (0..<count).map { Rect(x: origin($0).x, y: origin($0).y, width: frameWidth, height: frameHeight) }
            func boxes(_ text: String, at start: Point) -> [Rect] {
                var pen = start.x
                var found: [Rect] = []
                for scalar in text.unicodeScalars {
                    let glyph = font.glyph(for: scalar) ?? font.fallbackGlyph(for: scalar)
                    found.append(Rect(x: pen + glyph.xOffset, y: start.y - (glyph.height + glyph.yOffset), width: glyph.width, height: glyph.height))
                    pen += glyph.advance
                }
                return found
            }
            for (position, text) in labels.enumerated() {
                let at = origin(position)
                let baseline = at.y + frameHeight + 2 + layout.ascent
                var drawn = boxes(text, at: Point(x: at.x + swatchSize + max(2, layout.advance / 2 + 1), y: baseline))
                drawn.append(Rect(x: at.x, y: baseline - 1 - swatchSize, width: swatchSize, height: swatchSize))
                // A dropped frame's word must stay inside its own cell.
                let own = cells[position]
                for box in boxes("dropped", at: Point(x: at.x + 8, y: at.y + 9 + layout.ascent)) where !box.isEmpty {
                    guard box.x >= own.x, box.y >= own.y, box.maxX <= own.maxX, box.maxY <= own.maxY else { return false }
                }
                for box in drawn where !box.isEmpty {
                    if cells.contains(where: { !$0.intersection(box).isEmpty }) { return false }
                }
            }
            return true
        }
    }
}

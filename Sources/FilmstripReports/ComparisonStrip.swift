import FilmstripCore
import FilmstripRaster

/// Draws `compare.png`: both runs on one time axis, then their frames paired by time.
///
/// At the top, the **timeline**: A's phase bar above B's, each phase in its
/// ``PhaseStyle/color``, both to one scale from the earlier window start to the later window
/// end (``Geometry/x(forMs:)``), a tick under each bar at every frame shown below, and the axis'
/// ends in ms. Below, the **pairs**: each A frame (at most ``maxPairs``, evenly spaced as in the
/// filmstrip) above the B frame on screen at its instant (``RunComparison/FramePair``), each
/// labelled `A #3 · 300 ms` beside a swatch of its phase's colour; ``pairsPerRow`` pairs to a
/// row. Frames are drawn at 1×; the canvas is RGBA8 (``Canvas``) on a dark background.
package enum ComparisonStrip {
    /// The most pairs in one row.
    package static let pairsPerRow = 4
    /// The most pairs drawn (``FilmstripImage/maxFrames``); more are sampled evenly.
    package static let maxPairs = FilmstripImage.maxFrames

    /// Where things are, in pixels at 1×: enough for a test to find a phase's colour at an
    /// instant on either bar, or a pair's swatch.
    package struct Geometry: Hashable, Sendable {
        /// The canvas' width.
        package var width: Int
        /// The canvas' height.
        package var height: Int
        /// Left edge of both bars (x of the axis' start).
        package var barLeft: Int
        /// Width of both bars: the axis' length maps onto it.
        package var barWidth: Int
        /// Top of A's bar.
        package var aBarTop: Int
        /// Top of B's bar.
        package var bBarTop: Int
        /// Height of each bar.
        package var barHeight: Int
        /// The axis, ms since the start of the runs: [startMs, endMs).
        package var axisStartMs: Int
        /// End of the axis, ms.
        package var axisEndMs: Int
        /// Each cell's width: the wider side's frame.
        package var cellWidth: Int
        /// Top of the first row of pairs.
        package var pairsTop: Int
        /// Height of A's frame.
        package var aFrameHeight: Int
        /// Height of B's frame.
        package var bFrameHeight: Int

        /// Height of a frame's label band.
        static let labelHeight = 16
        /// Space between cells and rows; each pair sits in an outline 4 pixels outside its frames.
        static let gap = 18

        /// The x of instant `tMs` on either bar: `barLeft + (tMs − axisStartMs) × barWidth ÷
        /// (axisEndMs − axisStartMs)`, whole pixels, rounded down.
        package func x(forMs tMs: Int) -> Int {
            barLeft + (tMs - axisStartMs) * barWidth / max(1, axisEndMs - axisStartMs)
        }

        /// The top-left corner of the A frame (`isA`) or the B frame of the pair drawn in
        /// position `position` (0 ..< the pairs drawn).
        package func frameOrigin(position: Int, isA: Bool) -> Point {
            let rowHeight = aFrameHeight + bFrameHeight + 2 * Self.labelHeight + 4
            let left = Self.gap + (position % ComparisonStrip.pairsPerRow) * (cellWidth + Self.gap)
            let top = pairsTop + (position / ComparisonStrip.pairsPerRow) * (rowHeight + Self.gap)
            return Point(x: left, y: isA ? top : top + aFrameHeight + Self.labelHeight + 4)
        }

        /// The swatch beside the label of a frame drawn at `origin` with height `frameHeight`:
        /// 8 × 8 pixels in the phase's colour.
        package func swatch(origin: Point, frameHeight: Int) -> Rect {
            Rect(x: origin.x, y: origin.y + frameHeight + 4, width: 8, height: 8)
        }
    }

    /// The positions in ``RunComparison/pairs`` that are drawn: all up to ``maxPairs``, else
    /// that many evenly spaced, the first and last included.
    package static func pairIndices(count: Int) -> [Int] { FilmstripImage.frameIndices(count: count) }

    /// The layout for `comparison` with A's frames `aFrame` and B's `bFrame` pixels (1×).
    package static func geometry(_ comparison: RunComparison, aFrame: (width: Int, height: Int), bFrame: (width: Int, height: Int)) -> Geometry {
        let shown = pairIndices(count: comparison.pairs.count).count
        let columns = max(1, min(pairsPerRow, shown))
        let rows = (shown + pairsPerRow - 1) / pairsPerRow
        let cellWidth = max(aFrame.width, bFrame.width)
        let width = max(640, Geometry.gap + columns * (cellWidth + Geometry.gap))
        let rowHeight = aFrame.height + bFrame.height + 2 * Geometry.labelHeight + 4
        let pairsTop = 104
        let axis = comparison.axis
        return Geometry(
            width: width, height: pairsTop + rows * (rowHeight + Geometry.gap),
            barLeft: 28, barWidth: width - 28 - Geometry.gap, aBarTop: 26, bBarTop: 50, barHeight: 14,
            axisStartMs: axis.startMs, axisEndMs: axis.endMs, cellWidth: cellWidth, pairsTop: pairsTop,
            aFrameHeight: aFrame.height, bFrameHeight: bFrame.height)
    }

    /// Draws the strip.
    ///
    /// - Parameters:
    ///   - aFrame, bFrame: the size of each side's frames at 1×, in pixels.
    ///   - frame: the 1× pixels of a frame of side A (`true`) or B (`false`); nil draws an
    ///     outline marked `missing`. Called once per frame drawn, just before it is drawn.
    /// - Returns: the RGBA8 canvas, ``Geometry/width`` × ``Geometry/height`` pixels.
    package static func draw(
        _ comparison: RunComparison, aFrame: (width: Int, height: Int), bFrame: (width: Int, height: Int), font: BitmapFont,
        frame: (ComparisonSide.Frame, Bool) -> Canvas?
    ) -> Canvas {
        let layout = geometry(comparison, aFrame: aFrame, bFrame: bFrame)
        var strip = Canvas(width: layout.width, height: layout.height, background: Palette.background)
        let bench = comparison.bench
        let shown = pairIndices(count: comparison.pairs.count).map { comparison.pairs[$0] }
        strip.drawText(
            "A \(comparison.a.plan) (\(comparison.a.source))  vs  B \(comparison.b.plan) (\(comparison.b.source))",
            at: Point(x: Geometry.gap, y: 16), font: font, color: Palette.text)
        for (isA, side, top) in [(true, comparison.a, layout.aBarTop), (false, comparison.b, layout.bBarTop)] {
            strip.drawText(isA ? "A" : "B", at: Point(x: Geometry.gap, y: top + 11), font: font, color: Palette.text)
            strip.fill(Rect(x: layout.barLeft, y: top, width: layout.barWidth, height: layout.barHeight), with: Palette.panel)
            for segment in side.phaseSegments {
                let left = layout.x(forMs: segment.enterMs)
                let right = layout.x(forMs: segment.exitMs)
                guard right > left else { continue }
                strip.fill(Rect(x: left, y: top, width: right - left, height: layout.barHeight), with: bench.style(ofPhase: segment.name).color)
            }
            for pair in shown {
                guard let shownFrame = isA ? pair.a : pair.b else { continue }
                strip.fill(Rect(x: layout.x(forMs: shownFrame.tMs), y: top + layout.barHeight + 1, width: 1, height: 5), with: Palette.dimText)
            }
        }
        let scaleY = layout.bBarTop + layout.barHeight + 20
        strip.drawText(Quantity.ms(layout.axisStartMs), at: Point(x: layout.barLeft, y: scaleY), font: font, color: Palette.dimText)
        let end = Quantity.ms(layout.axisEndMs)
        strip.drawText(end, at: Point(x: layout.barLeft + layout.barWidth - font.width(of: end), y: scaleY), font: font, color: Palette.dimText)

        for (position, pair) in shown.enumerated() {
            // The pair's outline: A above B, one card.
            let card = layout.frameOrigin(position: position, isA: true)
            let cardHeight = aFrame.height + bFrame.height + 2 * Geometry.labelHeight + 4
            strip.stroke(Rect(x: card.x - 5, y: card.y - 5, width: layout.cellWidth + 10, height: cardHeight + 8), with: Palette.faint)
            for (isA, shownFrame, height, width) in [(true, pair.a, aFrame.height, aFrame.width), (false, pair.b, bFrame.height, bFrame.width)] {
                let origin = layout.frameOrigin(position: position, isA: isA)
                let label = isA ? "A" : "B"
                guard let shownFrame else {
                    strip.stroke(Rect(x: origin.x, y: origin.y, width: width, height: height), with: Palette.faint)
                    strip.drawText("\(label): no frame yet", at: Point(x: origin.x + 8, y: origin.y + 20), font: font, color: Palette.dimText)
                    continue
                }
                if let canvas = frame(shownFrame, isA) {
                    strip.draw(canvas, at: origin)
                } else {
                    strip.stroke(Rect(x: origin.x, y: origin.y, width: width, height: height), with: Palette.faint)
                    strip.drawText("missing", at: Point(x: origin.x + 8, y: origin.y + 20), font: font, color: Palette.dimText)
                }
                let color = shownFrame.phase.map { bench.style(ofPhase: $0).color } ?? Palette.dimText
                strip.fill(layout.swatch(origin: origin, frameHeight: height), with: color)
                strip.drawText(
                    "\(label) #\(shownFrame.index) · \(Quantity.ms(shownFrame.tMs)) · \(shownFrame.phase ?? "dropped")",
                    at: Point(x: origin.x + 12, y: origin.y + height + 13), font: font, color: Palette.text)
            }
        }
        return strip
    }
}

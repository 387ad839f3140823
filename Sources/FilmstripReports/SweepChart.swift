import FilmstripCore
import FilmstripRaster

/// The sweep's chart, drawn with the tool's own raster: two plots side by side against the
/// delay (x, ms) — the flash rate (%) and the mean added wait (ms) — with one line per minimum
/// visible time, a legend, and the recommended policy ringed.
package enum SweepChart {
    /// Plot area size at 1×, pixels.
    static let plotWidth = 300
    static let plotHeight = 160
    static let margin = 40
    /// Line colours per minimum, in order.
    static let colors = [Palette.rose, Palette.mint, Color(hex: 0x5AB0F0), Color(hex: 0xF5B841), Color(hex: 0xA78BFA)]

    /// The chart at `scale` (RGBA8 canvas, width `2 × (plotWidth + 2 × margin) × scale`,
    /// height `(plotHeight + 2 × margin + 20) × scale`).
    package static func draw(_ sweep: PolicySweep, font: BitmapFont, scale: Int = 2) -> Canvas {
        let cellWidth = plotWidth + 2 * margin
        let height = plotHeight + 2 * margin + 20
        var canvas = Canvas(width: 2 * cellWidth, height: height, background: Palette.background)
        let delays = Array(Set(sweep.outcomes.map(\.policy.delayMs))).sorted()
        let minimums = Array(Set(sweep.outcomes.map { $0.policy.minimumVisibleMs ?? 0 })).sorted()
        let maxDelay = max(1, delays.last ?? 1)
        let loads = max(1, sweep.outcomes.first?.loads ?? 1)
        let largestMeanWait = (sweep.outcomes.map(\.totalAddedWaitMs).max() ?? 0 + loads - 1) / loads
        let maxWait = max(50, (largestMeanWait + 49) / 50 * 50)  // rounded up to a multiple of 50 ms
        let plots: [(title: String, maxY: Int, value: (PolicySweep.Outcome) -> (Int, Int), unit: String)] = [
            ("flash rate (%)", 100, { ($0.flashes * 100, max(1, $0.loads)) }, "%"),
            ("mean added wait (ms)", maxWait, { ($0.totalAddedWaitMs, max(1, $0.loads)) }, "ms"),
        ]
        for (plotIndex, plot) in plots.enumerated() {
            let left = plotIndex * cellWidth + margin
            let top = margin
            let area = Rect(x: left, y: top, width: plotWidth, height: plotHeight)
            canvas.fill(area, with: Palette.panel)
            canvas.drawText(plot.title, at: Point(x: left, y: top - 10), font: font, color: Palette.text)
            // Axes, with y labels at 0 and the top, x labels at every delay.
            canvas.fill(Rect(x: left, y: area.maxY, width: plotWidth, height: 1), with: Palette.dimText)
            canvas.fill(Rect(x: left - 1, y: top, width: 1, height: plotHeight), with: Palette.dimText)
            let topLabel = "\(plot.maxY)"
            canvas.drawText(topLabel, at: Point(x: left - 4 - font.width(of: topLabel), y: top + 8), font: font, color: Palette.dimText)
            canvas.drawText("0", at: Point(x: left - 4 - font.width(of: "0"), y: area.maxY + 4), font: font, color: Palette.dimText)
            func x(_ delay: Int) -> Int { left + delay * (plotWidth - 1) / maxDelay }
            func y(_ value: (Int, Int)) -> Int { area.maxY - 1 - value.0 * (plotHeight - 1) / (value.1 * plot.maxY) }
            var lastLabelEnd = Int.min
            for delay in delays {
                canvas.fill(Rect(x: x(delay), y: area.maxY, width: 1, height: 4), with: Palette.dimText)
                let label = "\(delay)"
                let labelX = x(delay) - font.width(of: label) / 2
                if labelX > lastLabelEnd + 4 {
                    canvas.drawText(label, at: Point(x: labelX, y: area.maxY + 16), font: font, color: Palette.dimText)
                    lastLabelEnd = labelX + font.width(of: label)
                }
            }
            canvas.drawText("delay (ms)", at: Point(x: left + plotWidth - font.width(of: "delay (ms)"), y: area.maxY + 30), font: font, color: Palette.dimText)
            // Earlier lines are drawn thicker, so lines that coincide stay visible as nested stripes.
            for (lineIndex, minimum) in minimums.enumerated() {
                let color = colors[lineIndex % colors.count]
                let half = max(0, minimums.count - 1 - lineIndex)
                let points = sweep.outcomes.filter { ($0.policy.minimumVisibleMs ?? 0) == minimum }
                    .sorted { $0.policy.delayMs < $1.policy.delayMs }
                    .map { Point(x: x($0.policy.delayMs), y: y(plot.value($0))) }
                for (a, b) in zip(points, points.dropFirst()) {
                    for offset in -half...half {
                        canvas.line(from: Point(x: a.x, y: a.y + offset), to: Point(x: b.x, y: b.y + offset), with: color)
                    }
                }
                for point in points { canvas.fill(Rect(x: point.x - 1 - half, y: point.y - 1 - half, width: 3 + 2 * half, height: 3 + 2 * half), with: color) }
            }
            if let index = sweep.recommended {
                let best = sweep.outcomes[index]
                let point = Point(x: x(best.policy.delayMs), y: y(plot.value(best)))
                canvas.stroke(Rect(x: point.x - 4, y: point.y - 4, width: 9, height: 9), with: Palette.text)
            }
        }
        // Legend under the plots.
        var legendX = margin
        for (lineIndex, minimum) in minimums.enumerated() {
            let color = colors[lineIndex % colors.count]
            canvas.fill(Rect(x: legendX, y: height - 18, width: 10, height: 3), with: color)
            let label = minimum == 0 ? "no minimum" : "minimum \(minimum) ms"
            canvas.drawText(label, at: Point(x: legendX + 14, y: height - 13), font: font, color: Palette.text)
            legendX += 14 + font.width(of: label) + 16
        }
        if sweep.recommended != nil {
            canvas.stroke(Rect(x: legendX, y: height - 21, width: 9, height: 9), with: Palette.text)
            canvas.drawText("recommended", at: Point(x: legendX + 14, y: height - 13), font: font, color: Palette.text)
        }
        return canvas.scaled(by: scale)
    }
}

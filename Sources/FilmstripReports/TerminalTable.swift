import FilmstripCore

/// The terminal summary of one run: a header line, the dwell table per phase, and the verdict.
///
/// ```
/// inbox-cycle · inbox · cycle · virtual clock · window 12,000 ms · 24 frames every 500 ms
///   phase      dwell ms   time  frames  frames%  expected
///   loading       5,361    45%      11      46%  ≥ 1 frame, ≤ 50%
///   …
///   verdict: passed
/// ```
package enum TerminalTable {
    /// The summary as lines of text (no colour codes).
    package static func lines(run: RecordedRun, analysis: Analysis) -> [String] {
        let plan = run.plan
        var lines: [String] = []
        var header = "\(plan.name) · \(plan.bench) · \(plan.mode.rawValue) · \(run.clock.rawValue) clock · window \(Quantity.ms(plan.windowMs)) · \(analysis.frameCount) frames every \(Quantity.ms(plan.frameIntervalMs))"
        if plan.slowMotion != .off { header += " · slow motion \(plan.slowMotion)" }
        if analysis.droppedFrames > 0 { header += " · \(analysis.droppedFrames) dropped" }
        lines.append(header)
        let rows: [[String]] = [["phase", "dwell ms", "time", "frames", "frames%", "expected"]]
            + analysis.phases.map { name, dwell in
                var expected: [String] = []
                if let minimum = plan.expect.minFrames[name] { expected.append("≥ \(Quantity.frames(minimum))") }
                if let limit = plan.expect.maxSharePercent[name] { expected.append("≤ \(limit)%") }
                return [
                    name, Quantity.grouped(dwell.ms), Quantity.percent(numerator: dwell.ms, denominator: plan.windowMs),
                    String(dwell.frames), Quantity.percent(numerator: dwell.frames, denominator: analysis.frameCount),
                    expected.joined(separator: ", "),
                ]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                cells.append(column == 0 || column == 5 ? cell + pad : pad + cell)
            }
            lines.append("  " + cells.joined(separator: "  ").trimmingTrailingSpaces())
        }
        for stats in analysis.loaders {
            lines.append("  loader \(stats.panel): visible \(Quantity.ms(stats.visibleMs)), \(stats.flashSummary), \(stats.heldBackSummary), blank \(Quantity.ms(stats.blankMs))")
        }
        for panel in plan.panels {
            let broken = analysis.violations.filter { $0.panel == panel }
            guard !broken.isEmpty else { continue }
            lines.append("  rules \(panel): broke " + broken.map(\.summary).joined(separator: "; "))
        }
        for (name, count) in run.counters.sorted(by: { $0.key < $1.key }) where count > 0 {
            lines.append("  \(name): \(count)")
        }
        for note in run.notes { lines.append("  note: \(note)") }
        lines.append("  verdict: \(analysis.verdict)")
        return lines
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

import FilmstripCore

/// The terminal summary of one run: a header line, the dwell table per phase (a bench with lanes:
/// one per lane, then each lane's verdict), and the verdict.
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
        // A bench with lanes gives a table per lane, each against that lane's own limits.
        let tables: [(title: String, phases: [(name: String, dwell: Dwell)], limits: (minFrames: [String: Int], maxSharePercent: [String: Int]))] =
            analysis.lanes.isEmpty
            ? [("phase", analysis.phases, (plan.expect.minFrames, plan.expect.maxSharePercent))]
            : analysis.lanes.map { ("\($0.lane) phase", $0.phases, plan.expect.limits(ofLane: $0.lane)) }
        for table in tables {
            lines += phaseTable(table.title, table.phases, limits: table.limits, windowMs: plan.windowMs, frameCount: analysis.frameCount)
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
        for lane in analysis.lanes { lines.append("  lane \(lane.lane): \(lane.verdict)") }
        lines.append("  verdict: \(analysis.verdict)")
        return lines
    }

    /// One dwell table: a header row whose first cell is `title`, then a row per phase with its
    /// dwell and what `limits` expect of it.
    private static func phaseTable(
        _ title: String, _ phases: [(name: String, dwell: Dwell)], limits: (minFrames: [String: Int], maxSharePercent: [String: Int]), windowMs: Int, frameCount: Int
    ) -> [String] {
        let rows: [[String]] = [[title, "dwell ms", "time", "frames", "frames%", "expected"]]
            + phases.map { name, dwell in
                var expected: [String] = []
                if let minimum = limits.minFrames[name] { expected.append("≥ \(Quantity.frames(minimum))") }
                if let limit = limits.maxSharePercent[name] { expected.append("≤ \(limit)%") }
                return [
                    name, Quantity.grouped(dwell.ms), Quantity.percent(numerator: dwell.ms, denominator: windowMs),
                    String(dwell.frames), Quantity.percent(numerator: dwell.frames, denominator: frameCount),
                    expected.joined(separator: ", "),
                ]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                cells.append(column == 0 || column == 5 ? cell + pad : pad + cell)
            }
            return "  " + cells.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

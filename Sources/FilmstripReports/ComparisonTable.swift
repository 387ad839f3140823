import FilmstripCore

/// A comparison as terminal lines: the two sides, dwell per phase (A ms and time share, B ms and
/// time share, the difference in ms and in percentage points), dwell per panel depiction, the
/// flashes per panel on each side, then each gate's outcome and the verdict.
///
/// ```
/// compare · scenes · A scenes-fast-load (captures/scenes-fast-load.json, virtual clock, window 2,000 ms)
///                  · B scenes-slow (slow/scenes-slow.json, virtual clock, window 2,000 ms)
///   phase          A ms  A time     B ms  B time    Δ ms  Δ points
///   loading         300   15.0%    1,500   75.0%  +1,200     +60.0
/// ```
package enum ComparisonTable {
    /// The lines, without trailing spaces.
    /// - Parameter outcomes: the gates' outcomes, in the order given (empty: no gate).
    package static func lines(_ comparison: RunComparison, outcomes: [ComparisonGate.Outcome]) -> [String] {
        let (a, b) = (comparison.a, comparison.b)
        var lines = [
            "compare · \(comparison.bench.name) · A \(describe(a))",
            String(repeating: " ", count: "compare · \(comparison.bench.name) ".count) + "· B \(describe(b))",
        ]
        var rows = [["phase", "A ms", "A time", "B ms", "B time", "Δ ms", "Δ points"]]
        rows += comparison.phases.map { cells($0.name, $0) }
        for panel in comparison.panels {
            rows.append(["panel \(panel.panel)", "", "", "", "", "", ""])
            rows += panel.rows.map { cells("  \($0.name)", $0) }
        }
        // A panel's heading row has no figures and does not widen the first column.
        let widths = (0..<7).map { column in rows.filter { !$0[1].isEmpty }.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            guard !row[1].isEmpty else {
                lines.append("  " + row[0])
                continue
            }
            let first = row[0] + String(repeating: " ", count: widths[0] - row[0].count)
            let rest = (1..<7).map { String(repeating: " ", count: widths[$0] - row[$0].count) + row[$0] }
            lines.append(("  " + ([first] + rest).joined(separator: "  ")).trimmingTrailing())
        }
        if comparison.flashes.isEmpty {
            lines.append("  flashes: none on either side (A under \(Quantity.ms(a.flashThresholdMs)), B under \(Quantity.ms(b.flashThresholdMs)))")
        }
        for panel in comparison.flashes {
            lines.append("  flashes \(panel.panel): A \(flashList(panel.a)) · B \(flashList(panel.b))")
        }
        for outcome in outcomes {
            lines.append("  gate \(outcome.tripped ? "tripped" : "held"): \(outcome.message)")
        }
        let tripped = outcomes.filter(\.tripped).count
        lines.append(outcomes.isEmpty
            ? "  verdict: no gate given (--fail-on PHASE+N or flashes)"
            : tripped == 0 ? "  verdict: passed" : "  verdict: failed: \(tripped) of \(outcomes.count) gate(s) tripped")
        return lines
    }

    /// `scenes-fast-load (captures/scenes-fast-load.json, virtual clock, window 2,000 ms)`.
    static func describe(_ side: ComparisonSide) -> String {
        "\(side.plan) (\(side.source), \(side.clock) clock, window \(Quantity.ms(side.windowMs)))"
    }

    static func cells(_ name: String, _ row: RunComparison.Row) -> [String] {
        [
            name, Quantity.grouped(row.aMs), Quantity.percent(numerator: row.aMs, denominator: row.aWindowMs),
            Quantity.grouped(row.bMs), Quantity.percent(numerator: row.bMs, denominator: row.bWindowMs),
            signed(row.differenceMs), points(row.differenceHundredths),
        ]
    }

    /// `1200` → `"+1,200"`, `-5` → `"-5"`, `0` → `"0"`.
    static func signed(_ value: Int) -> String { (value > 0 ? "+" : "") + Quantity.grouped(value) }

    /// Hundredths of a point as signed points with one decimal, rounded half away from zero:
    /// `6000` → `"+60.0"`, `-1234` → `"-12.3"`, `4` → `"0.0"`.
    package static func points(_ hundredths: Int) -> String {
        let tenths = (abs(hundredths) + 5) / 10
        let sign = tenths == 0 ? "" : hundredths < 0 ? "-" : "+"
        return "\(sign)\(tenths / 10).\(tenths % 10)"
    }

    /// `1 (300 ms at 0 ms)`, `2 (…, …)` or `none`.
    static func flashList(_ flashes: [Segment]) -> String {
        guard !flashes.isEmpty else { return "none" }
        return "\(flashes.count) (" + flashes.map { "\(Quantity.ms($0.durationMs)) at \(Quantity.ms($0.enterMs))" }.joined(separator: ", ") + ")"
    }
}

extension String {
    fileprivate func trimmingTrailing() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

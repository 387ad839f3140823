import FilmstripCore
import Foundation

/// The policy sweep as text and JSON: one row per policy, the recommendation marked.
package enum SweepReport {
    /// The terminal table.
    ///
    /// ```
    /// 12 loads from scenes.har (HAR) · flash < 300 ms · added-wait budget 100 ms (p95)
    ///   delay  minimum  loader  flashes  mean added  p95 added  mean blank
    ///       0        0  100.0%    41.7%        0.0          0         0.0
    /// ```
    package static func lines(_ sweep: PolicySweep, source: String, samples: LatencySamples) -> [String] {
        let loads = samples.latenciesMs.count == 1 ? "1 load" : "\(Quantity.grouped(samples.latenciesMs.count)) loads"
        var lines = ["\(loads) from \(source) (\(samples.format)) · flash < \(Quantity.ms(sweep.flashThresholdMs)) · added-wait budget \(Quantity.ms(sweep.budgetMs)) (p95)"]
        if let summary = samples.summary { lines.append("  \(summary)") }
        var rows = [["delay", "minimum", "loader", "flashes", "mean added", "p95 added", "mean blank", ""]]
        for (index, outcome) in sweep.outcomes.enumerated() {
            rows.append([
                String(outcome.policy.delayMs), String(outcome.policy.minimumVisibleMs ?? 0),
                Quantity.percent(numerator: outcome.loaderLoads, denominator: outcome.loads),
                Quantity.percent(numerator: outcome.flashes, denominator: outcome.loads),
                tenths(outcome.totalAddedWaitMs, outcome.loads), String(outcome.p95AddedWaitMs),
                tenths(outcome.totalBlankMs, outcome.loads), index == sweep.recommended ? "← fewest flashes within budget" : "",
            ])
        }
        let widths = (0..<7).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = (0..<7).map { String(repeating: " ", count: widths[$0] - row[$0].count) + row[$0] }
            lines.append(("  " + cells.joined(separator: "  ") + "  " + row[7]).trimmingTrailing())
        }
        if let index = sweep.recommended {
            let best = sweep.outcomes[index]
            lines.append("recommended: \(best.policy) — \(Quantity.percent(numerator: best.flashes, denominator: best.loads)) of loads flash, p95 added wait \(Quantity.ms(best.p95AddedWaitMs))")
        } else {
            lines.append("recommended: none — no policy keeps the p95 added wait within \(Quantity.ms(sweep.budgetMs))")
        }
        return lines
    }

    /// `sweep.json`: the inputs, every policy's outcome and the recommendation, keys sorted.
    package static func jsonData(_ sweep: PolicySweep, source: String, samples: LatencySamples) -> Data {
        struct Row: Encodable {
            var delayMs: Int
            var minimumMs: Int
            var loads: Int
            var loaderShare: Double
            var flashRate: Double
            var flashes: Int
            var meanAddedWaitMs: Double
            var p95AddedWaitMs: Int
            var meanBlankMs: Double
        }
        struct Document: Encodable {
            var source: String
            var format: String
            var latenciesMs: [Int]
            var flashThresholdMs: Int
            var budgetMs: Int
            var policies: [Row]
            var recommended: Row?
        }
        func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        let rows = sweep.outcomes.map {
            Row(delayMs: $0.policy.delayMs, minimumMs: $0.policy.minimumVisibleMs ?? 0, loads: $0.loads,
                loaderShare: round($0.loaderShare), flashRate: round($0.flashRate), flashes: $0.flashes,
                meanAddedWaitMs: round($0.meanAddedWaitMs), p95AddedWaitMs: $0.p95AddedWaitMs, meanBlankMs: round($0.meanBlankMs))
        }
        let document = Document(
            source: source, format: samples.format, latenciesMs: samples.latenciesMs, flashThresholdMs: sweep.flashThresholdMs,
            budgetMs: sweep.budgetMs, policies: rows, recommended: sweep.recommended.map { rows[$0] })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(document)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// `total / count` with one decimal, rounded half up, from integers.
    static func tenths(_ total: Int, _ count: Int) -> String {
        guard count > 0 else { return "0.0" }
        let value = (total * 20 + count) / (count * 2)
        return "\(value / 10).\(value % 10)"
    }
}

extension String {
    fileprivate func trimmingTrailing() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

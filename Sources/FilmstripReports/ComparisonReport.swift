import FilmstripCore
import Foundation

/// A comparison as `compare.json`: both sides, every dwell row with its difference, the flashes,
/// the frame pairs and the gates' outcomes. Keys are sorted and there are no dates, so the same
/// two inputs on the virtual clock give the same bytes.
///
/// Times are whole ms; `aShare`/`bShare` are time shares as fractions 0…1 rounded to four
/// decimals (as in `report.json`); `differencePoints` is B's share minus A's in percentage points,
/// rounded half away from zero to two decimals.
package enum ComparisonReport {
    struct Side: Encodable {
        var source: String
        var plan: String
        var clock: String
        var windowStartMs: Int
        var windowMs: Int
        var frameIntervalMs: Int
        var flashThresholdMs: Int
    }
    struct Row: Encodable {
        var name: String
        var aMs: Int
        var bMs: Int
        var aShare: Double
        var bShare: Double
        var differenceMs: Int
        var differencePoints: Double
    }
    struct Panel: Encodable {
        var panel: String
        var depictions: [Row]
    }
    struct Flash: Encodable {
        var startMs: Int
        var durationMs: Int
    }
    struct Flashes: Encodable {
        var panel: String
        var a: [Flash]
        var b: [Flash]
    }
    struct Frame: Codable, Hashable, Sendable {
        var index: Int
        var tMs: Int
        var phase: String
    }
    struct Pair: Encodable {
        var a: Frame
        var b: Nullable<Frame>
    }
    struct Gate: Encodable {
        var gate: String
        var tripped: Bool
        var message: String
    }
    struct Document: Encodable {
        var bench: String
        var a: Side
        var b: Side
        var phases: [Row]
        var panels: [Panel]
        var flashes: [Flashes]
        var pairs: [Pair]
        var gates: [Gate]
        var passed: Bool
    }

    /// The JSON bytes, pretty-printed with sorted keys and a final newline. `passed` is false
    /// when any gate tripped.
    package static func jsonData(_ comparison: RunComparison, outcomes: [ComparisonGate.Outcome]) -> Data {
        func side(_ side: ComparisonSide) -> Side {
            Side(source: side.source, plan: side.plan, clock: side.clock, windowStartMs: side.windowStartMs, windowMs: side.windowMs,
                 frameIntervalMs: side.frameIntervalMs, flashThresholdMs: side.flashThresholdMs)
        }
        func row(_ row: RunComparison.Row) -> Row {
            Row(name: row.name, aMs: row.aMs, bMs: row.bMs,
                aShare: (Double(row.aMs) / Double(row.aWindowMs) * 10_000).rounded() / 10_000,
                bShare: (Double(row.bMs) / Double(row.bWindowMs) * 10_000).rounded() / 10_000,
                differenceMs: row.differenceMs, differencePoints: Double(row.differenceHundredths) / 100)
        }
        func flashes(_ list: [Segment]) -> [Flash] { list.map { Flash(startMs: $0.enterMs, durationMs: $0.durationMs) } }
        func frame(_ frame: ComparisonSide.Frame) -> Frame { Frame(index: frame.index, tMs: frame.tMs, phase: frame.phase ?? "") }
        let document = Document(
            bench: comparison.bench.name, a: side(comparison.a), b: side(comparison.b),
            phases: comparison.phases.map(row),
            panels: comparison.panels.map { Panel(panel: $0.panel, depictions: $0.rows.map(row)) },
            flashes: comparison.flashes.map { Flashes(panel: $0.panel, a: flashes($0.a), b: flashes($0.b)) },
            pairs: comparison.pairs.map { Pair(a: frame($0.a), b: Nullable($0.b.map(frame))) },
            gates: outcomes.map { Gate(gate: $0.gate.description, tripped: $0.tripped, message: $0.message) },
            passed: !outcomes.contains(where: \.tripped))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain Codable values with finite numbers: encoding cannot fail.
        var data = (try? encoder.encode(document)) ?? Data()
        data.append(0x0A)
        return data
    }
}

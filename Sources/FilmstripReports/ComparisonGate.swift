import FilmstripCore

/// A condition that fails `filmstrip compare` (exit 1) when B is worse than A, given as
/// `--fail-on`:
///
/// - `PHASE+N` (``shareGrowth(phase:hundredths:)``): B's time share of PHASE (dwell ms ÷ window
///   ms) exceeds A's by more than N percentage points; N is 0 to 100 with at most two decimals
///   (`loading+10`, `loading+2.5`). Exactly N points does not trip it.
/// - `LANE:PHASE+N` (``laneShareGrowth(lane:phase:hundredths:)``): the same, for lane LANE of a
///   bench with lanes (`naive:loading+5`), read from each side's `lanes.<lane>.dwell`.
/// - `flashes` (``flashes``): on some panel, B has more flashes than A (so any flash on a panel
///   where A had none trips it; fewer or as many on every panel does not).
package enum ComparisonGate: Hashable, Sendable, CustomStringConvertible {
    /// B's time share of `phase` grew by more than `hundredths` hundredths of a point.
    case shareGrowth(phase: String, hundredths: Int)
    /// B's time share of `phase` in lane `lane` grew by more than `hundredths` hundredths of a point.
    case laneShareGrowth(lane: String, phase: String, hundredths: Int)
    /// B has more flashes than A on some panel.
    case flashes

    /// What one gate found: whether it tripped, and a sentence with the figures.
    package struct Outcome: Hashable, Sendable {
        /// The gate, as given.
        package var gate: ComparisonGate
        /// True when B is worse than the gate allows.
        package var tripped: Bool
        /// What was measured against what, e.g. `loading+10: loading's time share changed by
        /// +60.0 points (15.0% → 75.0%): more than the 10 allowed`.
        package var message: String
    }

    /// Reads one gate: `flashes`, or `PHASE+N` (or `LANE:PHASE+N`) with N from 0 to 100 and at
    /// most two decimals. The phase and the lane are not checked here (see
    /// ``unknownPhase(in:)`` and ``lane``).
    /// - Returns: nil when `text` has neither shape.
    package init?(_ text: String) {
        if text == "flashes" {
            self = .flashes
            return
        }
        guard let plus = text.lastIndex(of: "+"), plus != text.startIndex else { return nil }
        let phase = String(text[..<plus])
        let number = text[text.index(after: plus)...]
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 3, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let whole = Int(parts[0]) else { return nil }
        var hundredths = whole * 100
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Int(fraction) else { return nil }
            hundredths += fraction.count == 1 ? digits * 10 : digits
        }
        guard hundredths <= 10_000, !phase.contains(where: \.isWhitespace) else { return nil }
        let laneAndPhase = phase.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch laneAndPhase.count {
        case 1: self = .shareGrowth(phase: phase, hundredths: hundredths)
        case 2 where !laneAndPhase[0].isEmpty && !laneAndPhase[1].isEmpty:
            self = .laneShareGrowth(lane: laneAndPhase[0], phase: laneAndPhase[1], hundredths: hundredths)
        default: return nil
        }
    }

    /// The lane a `LANE:PHASE+N` gate names; nil for the other gates.
    package var lane: String? {
        if case .laneShareGrowth(let lane, _, _) = self { lane } else { nil }
    }

    /// The gate as typed: `loading+10`, `loading+2.5`, `flashes`.
    package var description: String {
        switch self {
        case .flashes: "flashes"
        case .shareGrowth(let phase, let hundredths): "\(phase)+\(Self.points(hundredths))"
        case .laneShareGrowth(let lane, let phase, let hundredths): "\(lane):\(phase)+\(Self.points(hundredths))"
        }
    }

    /// The phase this gate names when `bench` has no phase of that name; nil otherwise.
    package func unknownPhase(in bench: BenchDefinition) -> String? {
        let named: String? =
            switch self {
            case .shareGrowth(let phase, _), .laneShareGrowth(_, let phase, _): phase
            case .flashes: nil
            }
        guard let named, !bench.phaseNames.contains(named) else { return nil }
        return named
    }

    /// Judges `comparison`.
    package func outcome(_ comparison: RunComparison) -> Outcome {
        switch self {
        case .shareGrowth(let phase, let hundredths):
            let row = comparison.phases.first { $0.name == phase }
                ?? RunComparison.Row(name: phase, aMs: 0, bMs: 0, aWindowMs: comparison.a.windowMs, bWindowMs: comparison.b.windowMs)
            return shareOutcome(row, what: "\(phase)'s", hundredths: hundredths)
        case .laneShareGrowth(let lane, let phase, let hundredths):
            let row = RunComparison.Row(
                name: phase, aMs: comparison.a.laneMs[lane]?[phase] ?? 0, bMs: comparison.b.laneMs[lane]?[phase] ?? 0,
                aWindowMs: comparison.a.windowMs, bWindowMs: comparison.b.windowMs)
            return shareOutcome(row, what: "lane \(lane)'s \(phase)", hundredths: hundredths)
        case .flashes:
            let worse = comparison.flashes.filter { $0.b.count > $0.a.count }
            let counts = comparison.flashes.map { "\($0.panel) \($0.a.count) → \($0.b.count)" }
            let figures = counts.isEmpty ? "no flash on either side" : Quantity.list(counts)
            return Outcome(
                gate: self, tripped: !worse.isEmpty,
                message: worse.isEmpty
                    ? "flashes: B has no more flashes than A on any panel (\(figures))"
                    : "flashes: B has more flashes than A on \(Quantity.list(worse.map(\.panel))) (\(figures))")
        }
    }

    /// Whether `row`'s time share grew by more than `hundredths`, in words led by `what`.
    private func shareOutcome(_ row: RunComparison.Row, what: String, hundredths: Int) -> Outcome {
        let tripped = row.shareGrew(byMoreThan: hundredths)
        let change = "\(Quantity.percent(numerator: row.aMs, denominator: row.aWindowMs)) → \(Quantity.percent(numerator: row.bMs, denominator: row.bWindowMs))"
        let grew = ComparisonTable.points(row.differenceHundredths)
        return Outcome(
            gate: self, tripped: tripped,
            message: "\(self): \(what) time share changed by \(grew) points (\(change)): "
                + (tripped ? "more than the \(Self.points(hundredths)) allowed" : "within the \(Self.points(hundredths)) allowed"))
    }

    /// `1000` → `"10"`, `250` → `"2.5"`, `1` → `"0.01"`: hundredths of a point as typed.
    static func points(_ hundredths: Int) -> String {
        let whole = "\(hundredths / 100)"
        switch hundredths % 100 {
        case 0: return whole
        case let rest where rest % 10 == 0: return "\(whole).\(rest / 10)"
        case let rest: return "\(whole).\(rest < 10 ? "0" : "")\(rest)"
        }
    }
}

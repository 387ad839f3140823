import FilmstripCore

/// Two runs of one bench side by side (A before, B after): dwell per phase and per panel
/// depiction with the difference, flashes per panel on each side, and every A frame paired with
/// the B frame on screen at its instant. Pure data: ``ComparisonTable``, ``ComparisonPage``,
/// ``ComparisonStrip`` and ``ComparisonReport`` show it; ``ComparisonGate`` judges it.
///
/// Bench-neutral: the phases, panels and depictions and their order come from the bench's
/// ``BenchDefinition`` (then any name a report adds that the definition lacks, sorted).
package struct RunComparison: Sendable {
    /// One phase's or depiction's dwell on both sides. Shares are time shares: dwell ms ÷ the
    /// side's window ms, so runs with different windows compare fairly.
    package struct Row: Hashable, Sendable {
        /// The phase or depiction.
        package var name: String
        /// Dwell on side A, ms (0 when A never showed it).
        package var aMs: Int
        /// Dwell on side B, ms.
        package var bMs: Int
        /// A's window, ms (≥ 1).
        package var aWindowMs: Int
        /// B's window, ms (≥ 1).
        package var bWindowMs: Int

        /// A row for `name` with `aMs` of `aWindowMs` on A and `bMs` of `bWindowMs` on B.
        package init(name: String, aMs: Int, bMs: Int, aWindowMs: Int, bWindowMs: Int) {
            self.name = name
            self.aMs = aMs
            self.bMs = bMs
            self.aWindowMs = aWindowMs
            self.bWindowMs = bWindowMs
        }

        /// `bMs − aMs`.
        package var differenceMs: Int { bMs - aMs }

        /// B's time share minus A's, in hundredths of a percentage point, rounded half away
        /// from zero: 300 of 2,000 ms against 1,500 of 2,000 ms is 6,000 (60.00 points).
        package var differenceHundredths: Int { Self.rounded((Int128(bMs) * Int128(aWindowMs) - Int128(aMs) * Int128(bWindowMs)) * 10_000, Int128(aWindowMs) * Int128(bWindowMs)) }

        /// True when B's time share exceeds A's by more than `hundredths` hundredths of a
        /// percentage point, decided exactly (no rounding): (bMs/bWindow − aMs/aWindow) × 100 > N.
        package func shareGrew(byMoreThan hundredths: Int) -> Bool {
            (Int128(bMs) * Int128(aWindowMs) - Int128(aMs) * Int128(bWindowMs)) * 10_000 > Int128(hundredths) * Int128(aWindowMs) * Int128(bWindowMs)
        }

        /// `numerator ÷ denominator` (denominator > 0) rounded half away from zero.
        static func rounded(_ numerator: Int128, _ denominator: Int128) -> Int {
            let magnitude = (abs(numerator) * 2 + denominator) / (denominator * 2)
            return Int(numerator < 0 ? -magnitude : magnitude)
        }
    }

    /// One panel's depictions on both sides.
    package struct PanelRows: Hashable, Sendable {
        /// The panel's identifier.
        package var panel: String
        /// One row per depiction either side showed, in the bench's depiction order.
        package var rows: [Row]
    }

    /// One panel's flashes on both sides, from exact event times (rule of time 7).
    package struct Flashes: Hashable, Sendable {
        /// The panel's identifier.
        package var panel: String
        /// A's flashes, [enterMs, exitMs), in time order.
        package var a: [Segment]
        /// B's flashes.
        package var b: [Segment]
    }

    /// An A frame and the B frame on screen at its instant: B's last frame taken at or before
    /// it (not dropped); nil when B had taken none yet.
    package struct FramePair: Hashable, Sendable {
        /// The A frame.
        package var a: ComparisonSide.Frame
        /// The B frame showing at `a.tMs`, or nil.
        package var b: ComparisonSide.Frame?
    }

    /// Side A (before).
    package let a: ComparisonSide
    /// Side B (after).
    package let b: ComparisonSide
    /// The bench both sides ran.
    package let bench: BenchDefinition
    /// Per phase, in the bench's order.
    package let phases: [Row]
    /// Per panel either side drew, in the bench's panel order.
    package let panels: [PanelRows]
    /// Per panel that flashed on either side, in the bench's panel order.
    package let flashes: [Flashes]
    /// Every A frame not dropped, with B's frame at its instant, in time order.
    package let pairs: [FramePair]
    /// What changed in time from A to B, as `check` says it (A in the place of the recording, B
    /// of the fresh run); nil when either side's report is not whole (``ComparisonSide/report``).
    package let timing: TimingChanges?

    /// The time axis both sides share: from the earlier window start to the later window end, ms.
    package var axis: (startMs: Int, endMs: Int) { (min(a.windowStartMs, b.windowStartMs), max(a.windowEndMs, b.windowEndMs)) }

    /// Compares `a` and `b`, both runs of `bench` (the caller checks that both name it).
    package init(a: ComparisonSide, b: ComparisonSide, bench: BenchDefinition) {
        self.a = a
        self.b = b
        self.bench = bench
        func ordered(_ known: [String], _ present: Set<String>) -> [String] {
            known.filter(present.contains) + present.subtracting(known).sorted()
        }
        phases = ordered(bench.phaseNames, Set(a.phaseMs.keys).union(b.phaseMs.keys).union(bench.phaseNames)).map { phase in
            Row(name: phase, aMs: a.phaseMs[phase] ?? 0, bMs: b.phaseMs[phase] ?? 0, aWindowMs: a.windowMs, bWindowMs: b.windowMs)
        }
        let depictionOrder = bench.depictions.map(\.id)
        panels = ordered(bench.panelIDs, Set(a.depictionMs.keys).union(b.depictionMs.keys)).map { panel in
            let aDwell = a.depictionMs[panel] ?? [:]
            let bDwell = b.depictionMs[panel] ?? [:]
            let shown = Set(aDwell.filter { $0.value > 0 }.keys).union(bDwell.filter { $0.value > 0 }.keys)
            return PanelRows(panel: panel, rows: ordered(depictionOrder, shown).map { depiction in
                Row(name: depiction, aMs: aDwell[depiction] ?? 0, bMs: bDwell[depiction] ?? 0, aWindowMs: a.windowMs, bWindowMs: b.windowMs)
            })
        }
        flashes = ordered(bench.panelIDs, Set(a.flashes.filter { !$0.value.isEmpty }.keys).union(b.flashes.filter { !$0.value.isEmpty }.keys)).map { panel in
            Flashes(panel: panel, a: a.flashes[panel] ?? [], b: b.flashes[panel] ?? [])
        }
        let bTaken = b.frames.filter { $0.phase != nil }
        var pairs: [FramePair] = []
        var next = 0
        for frame in a.frames where frame.phase != nil {
            while next < bTaken.count, bTaken[next].tMs <= frame.tMs { next += 1 }
            pairs.append(FramePair(a: frame, b: next > 0 ? bTaken[next - 1] : nil))
        }
        self.pairs = pairs
        timing = a.report.flatMap { before in b.report.map { TimingChanges(recorded: before, fresh: $0, bench: bench) } }
    }

    /// The phase on screen on `side` at `tMs`, from its phase segments; nil outside its window.
    package static func phase(of side: ComparisonSide, atMs tMs: Int) -> String? {
        side.phaseSegments.last { $0.enterMs <= tMs && tMs < $0.exitMs }?.name
    }
}

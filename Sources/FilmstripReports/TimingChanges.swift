import FilmstripCore
import Foundation

/// What changed in time between a committed recording and a fresh run of its plan, read from
/// the two reports (``RunReport``): per timing section (each lane of a bench with lanes, or the
/// run's one lane; then each panel), the
/// dwell of every phase or depiction that changed (ms and time share, recorded → fresh), the
/// flashes removed and added with their instants, the held-back and blank time; and the first
/// frame that differs, with its instant. `filmstrip check` and `assertFilmstrip` say this before
/// they list the files that differ; `filmstrip compare`'s page (``ComparisonPage``) leads with
/// the same lines, A before and B after.
///
/// ```
/// time changed (recorded → fresh):
///   phases: loading 300 ms (15.0%) → 1,200 ms (60.0%), +900 ms
///   panel delayed: flash added: 200 ms at 1,000 ms
///   first differing frame: 3 at 300 ms (phase loaded → loading)
/// ```
///
/// Bench-neutral: phases, panels and depictions are ordered by the bench's ``BenchDefinition``
/// (then any name a report adds that the definition lacks, sorted). Times are whole ms; shares
/// are dwell ÷ each side's own window.
package struct TimingChanges: Hashable, Sendable, Encodable {
    /// One phase's or depiction's dwell, recorded and fresh.
    package struct Dwell: Hashable, Sendable, Encodable {
        /// The phase or depiction.
        package var name: String
        /// Recorded dwell, ms.
        package var beforeMs: Int
        /// Fresh dwell, ms.
        package var afterMs: Int
        /// Recorded time share, percent with one decimal (`15.0%`).
        package var beforeShare: String
        /// Fresh time share.
        package var afterShare: String
        /// `afterMs − beforeMs`.
        package var differenceMs: Int

        /// `loading 300 ms (15.0%) → 1,200 ms (60.0%), +900 ms`.
        var sentence: String {
            "\(name) \(Quantity.ms(beforeMs)) (\(beforeShare)) → \(Quantity.ms(afterMs)) (\(afterShare)), \(Self.signed(differenceMs)) ms"
        }

        /// `900` → `+900`, `-1200` → `-1,200`.
        package static func signed(_ value: Int) -> String { (value > 0 ? "+" : "") + Quantity.grouped(value) }
    }

    /// A flash: a loader on screen from `startMs` for `durationMs` (shorter than the threshold).
    package struct Flash: Hashable, Sendable, Encodable {
        /// When the loader appeared, ms since the start of the run.
        package var startMs: Int
        /// How long it stayed, ms.
        package var durationMs: Int
    }

    /// A total that changed, recorded and fresh, in ms (held-back or blank time).
    package struct Amount: Hashable, Sendable, Encodable {
        /// Recorded, ms.
        package var beforeMs: Int
        /// Fresh, ms.
        package var afterMs: Int
    }

    /// The timing of one lane (its phases) or one panel (its depictions and loader).
    package struct Section: Hashable, Sendable, Encodable {
        /// What the section times.
        package enum Kind: String, Hashable, Sendable, Encodable {
            /// A lane's phases (a run with one lane has one, unnamed).
            case lane
            /// A panel's depictions, flashes, held-back and blank time.
            case panel
        }

        /// Lane or panel.
        package var kind: Kind
        /// The lane's or panel's name; nil for the only lane of a run with one.
        package var name: String?
        /// Every phase or depiction whose dwell changed, in the bench's order.
        package var dwell: [Dwell] = []
        /// Flashes the recording had and the fresh run does not, in time order.
        package var flashesRemoved: [Flash] = []
        /// Flashes the fresh run has and the recording did not, in time order.
        package var flashesAdded: [Flash] = []
        /// The panel's held-back time (rule of time 7), when it changed.
        package var heldBack: Amount?
        /// The panel's blank time, when it changed.
        package var blank: Amount?

        /// `phases`, `lane naive`, `panel delayed`.
        package var label: String {
            switch kind {
            case .lane: name.map { "lane \($0)" } ?? "phases"
            case .panel: "panel \(name ?? "")"
            }
        }

        /// Nothing in this section changed.
        var isEmpty: Bool { dwell.isEmpty && flashesRemoved.isEmpty && flashesAdded.isEmpty && heldBack == nil && blank == nil }

        /// One line per change, each starting with ``label``.
        package var lines: [String] {
            var lines = dwell.map { "\(label): \($0.sentence)" }
            lines += flashesRemoved.map { "\(label): flash removed: \(Quantity.ms($0.durationMs)) at \(Quantity.ms($0.startMs))" }
            lines += flashesAdded.map { "\(label): flash added: \(Quantity.ms($0.durationMs)) at \(Quantity.ms($0.startMs))" }
            for (what, amount) in [("held back", heldBack), ("blank time", blank)] {
                guard let amount else { continue }
                lines.append("\(label): \(what) \(Quantity.ms(amount.beforeMs)) → \(Quantity.ms(amount.afterMs)), \(Dwell.signed(amount.afterMs - amount.beforeMs)) ms")
            }
            return lines
        }

        /// The dwell rows of `before` and `after` (name → ms) that differ, ordered by `order`.
        static func dwell(_ before: [String: Int], _ after: [String: Int], beforeWindowMs: Int, afterWindowMs: Int, order: [String]) -> [Dwell] {
            TimingChanges.ordered(order, Set(before.keys).union(after.keys)).compactMap { name in
                let (was, now) = (before[name] ?? 0, after[name] ?? 0)
                guard was != now else { return nil }
                return Dwell(
                    name: name, beforeMs: was, afterMs: now, beforeShare: Quantity.percent(numerator: was, denominator: beforeWindowMs),
                    afterShare: Quantity.percent(numerator: now, denominator: afterWindowMs), differenceMs: now - was)
            }
        }
    }

    /// The first frame whose phase, depictions or image differ.
    package struct FrameDifference: Hashable, Sendable, Encodable {
        /// The frame's index (`frames/NNNN.png`).
        package var index: Int
        /// Its instant in the fresh run (the recorded one when the fresh run has no such frame), ms.
        package var tMs: Int
        /// What differs: `phase loaded → loading`, `panel delayed: blank → spinner`, `its image`.
        package var what: String

        /// `first differing frame: 3 at 300 ms (phase loaded → loading)`.
        package var sentence: String { "first differing frame: \(index) at \(Quantity.ms(tMs)) (\(what))" }
    }

    /// The sections that changed: lanes first, then panels in the bench's order.
    package var sections: [Section]
    /// The first frame that differs; nil when every frame is as recorded.
    package var firstDifferingFrame: FrameDifference?

    /// Nothing changed in time: every dwell, flash, held-back and blank time is as recorded.
    package var unchanged: Bool { sections.isEmpty }

    /// The lines a person reads first: a heading, then every section's changes, then the first
    /// differing frame. When nothing changed in time, one line says so.
    package var lines: [String] {
        var lines =
            unchanged
            ? ["time unchanged: every dwell, flash, held-back and blank time is as recorded"]
            : ["time changed (recorded → fresh):"] + sections.flatMap(\.lines).map { "  \($0)" }
        if let firstDifferingFrame { lines.append((unchanged ? "" : "  ") + firstDifferingFrame.sentence) }
        return lines
    }

    enum CodingKeys: String, CodingKey {
        case sections, firstDifferingFrame, unchanged, lines
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sections, forKey: .sections)
        try container.encode(firstDifferingFrame, forKey: .firstDifferingFrame)
        try container.encode(unchanged, forKey: .unchanged)
        try container.encode(lines, forKey: .lines)
    }

    /// Compares the committed report with a fresh run's.
    ///
    /// - Parameters:
    ///   - recorded: the committed `report.json`.
    ///   - fresh: the fresh run's report (frame rows included).
    ///   - bench: the bench both ran, for the order of phases, panels and depictions.
    ///   - differingImages: the frames whose committed image differs from a fresh render
    ///     (index and instant), which may differ where the reports agree (a changed panel).
    package init(recorded: RunReport, fresh: RunReport, bench: BenchDefinition, differingImages: [(index: Int, tMs: Int)] = []) {
        var sections: [Section] = []
        // A bench with lanes: each lane's own phases (the report's `dwell` is the first lane's);
        // otherwise the run's one lane, unnamed.
        let (recordedLanes, freshLanes) = (recorded.lanes ?? [:], fresh.lanes ?? [:])
        let laneNames = Self.ordered(bench.laneIDs, Set(recordedLanes.keys).union(freshLanes.keys))
        let lanes: [(name: String?, before: [String: RunReport.DwellEntry], after: [String: RunReport.DwellEntry])] =
            laneNames.isEmpty
            ? [(nil, recorded.dwell, fresh.dwell)] : laneNames.map { ($0, recordedLanes[$0]?.dwell ?? [:], freshLanes[$0]?.dwell ?? [:]) }
        for (name, before, after) in lanes {
            var lane = Section(kind: .lane, name: name)
            lane.dwell = Section.dwell(
                before.mapValues(\.ms), after.mapValues(\.ms), beforeWindowMs: recorded.windowMs, afterWindowMs: fresh.windowMs, order: bench.phaseNames)
            if !lane.isEmpty { sections.append(lane) }
        }
        let depictionOrder = bench.depictions.map(\.id)
        for panel in Self.ordered(bench.panelIDs, Set(recorded.panels.keys).union(fresh.panels.keys).union(recorded.loaders.keys).union(fresh.loaders.keys)) {
            var section = Section(kind: .panel, name: panel)
            section.dwell = Section.dwell(
                (recorded.panels[panel] ?? [:]).mapValues(\.ms), (fresh.panels[panel] ?? [:]).mapValues(\.ms),
                beforeWindowMs: recorded.windowMs, afterWindowMs: fresh.windowMs, order: depictionOrder)
            let (was, now) = (recorded.loaders[panel], fresh.loaders[panel])
            let wasFlashes = (was?.flashes ?? []).map { Flash(startMs: $0.startMs, durationMs: $0.durationMs) }
            let nowFlashes = (now?.flashes ?? []).map { Flash(startMs: $0.startMs, durationMs: $0.durationMs) }
            section.flashesRemoved = wasFlashes.filter { !nowFlashes.contains($0) }
            section.flashesAdded = nowFlashes.filter { !wasFlashes.contains($0) }
            let (heldBefore, heldAfter) = (was?.heldBackMs ?? 0, now?.heldBackMs ?? 0)
            if heldBefore != heldAfter { section.heldBack = Amount(beforeMs: heldBefore, afterMs: heldAfter) }
            let (blankBefore, blankAfter) = (was?.blankMs ?? 0, now?.blankMs ?? 0)
            if blankBefore != blankAfter { section.blank = Amount(beforeMs: blankBefore, afterMs: blankAfter) }
            if !section.isEmpty { sections.append(section) }
        }
        self.sections = sections
        firstDifferingFrame = Self.firstDifference(recorded: recorded.frames, fresh: fresh.frames, differingImages: differingImages)
    }

    /// Compares the committed `report.json` (its bytes) with a fresh run of the same plan; nil
    /// when the bytes are not a whole report (the caller says so instead).
    package init?(recordedReport data: Data?, run: RecordedRun, analysis: Analysis, differingImages: [(index: Int, tMs: Int)] = []) {
        guard let data, let recorded = RunReport.read(data) else { return nil }
        let fresh = RunReport(run: run, analysis: analysis, lint: [], renderedStills: [], withFiles: false)
        self.init(recorded: recorded, fresh: fresh, bench: run.plan.bench, differingImages: differingImages)
    }

    /// The line said instead of the changes when the committed report cannot be read whole.
    package static func unreadable(_ path: String) -> String {
        "time not compared: \(path) is not a whole filmstrip report; the files that differ follow"
    }

    /// The earliest frame whose row differs (instant, phase, a panel's depiction, dropped or
    /// not, one side lacking it) or whose image differs.
    static func firstDifference(recorded: [RunReport.Frame], fresh: [RunReport.Frame], differingImages: [(index: Int, tMs: Int)]) -> FrameDifference? {
        var found: FrameDifference?
        for position in 0..<max(recorded.count, fresh.count) {
            let was = position < recorded.count ? recorded[position] : nil
            let now = position < fresh.count ? fresh[position] : nil
            guard let was, let now else {
                let frame = (now ?? was)!
                found = FrameDifference(index: frame.index, tMs: frame.tMs, what: now == nil ? "the fresh run has no such frame" : "not in the recording")
                break
            }
            if let what = difference(was, now) {
                found = FrameDifference(index: now.index, tMs: now.tMs, what: what)
                break
            }
        }
        if let image = differingImages.min(by: { $0.index < $1.index }), image.index < found?.index ?? Int.max {
            found = FrameDifference(index: image.index, tMs: image.tMs, what: "its image; phase and depictions as recorded")
        }
        return found
    }

    /// What differs between two rows of one frame, or nil.
    static func difference(_ was: RunReport.Frame, _ now: RunReport.Frame) -> String? {
        if was.index != now.index { return "index \(was.index) → \(now.index)" }
        if was.tMs != now.tMs { return "taken at \(Quantity.ms(was.tMs)) → \(Quantity.ms(now.tMs))" }
        if was.dropped != now.dropped { return now.dropped ? "dropped" : "no longer dropped" }
        if was.phase != now.phase { return "phase \(was.phase ?? "none") → \(now.phase ?? "none")" }
        let before = Dictionary(was.panels.map { ($0.panel, $0.depiction) }, uniquingKeysWith: { first, _ in first })
        for panel in now.panels where before[panel.panel] != panel.depiction {
            return "panel \(panel.panel): \(before[panel.panel] ?? "none") → \(panel.depiction)"
        }
        if was.panels.count != now.panels.count { return "panels \(was.panels.map(\.panel).joined(separator: ", ")) → \(now.panels.map(\.panel).joined(separator: ", "))" }
        if was.phaseDetail != now.phaseDetail { return "phase detail \(was.phaseDetail ?? "none") → \(now.phaseDetail ?? "none")" }
        return nil
    }

    /// `known` names present in `present`, in that order, then the rest sorted.
    static func ordered(_ known: [String], _ present: Set<String>) -> [String] {
        known.filter(present.contains) + present.subtracting(known).sorted()
    }
}

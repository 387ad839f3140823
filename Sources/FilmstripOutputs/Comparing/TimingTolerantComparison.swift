import FilmstripCore
import FilmstripReports

/// `check`'s comparison of a real-clock run with the report recorded on the real clock, with
/// the tolerance measured time needs: each frame's phase and the order of the timeline's phases
/// exactly; each frame's time, and each phase change's time, within one frame interval.
/// Images are not compared (they show measured times). A frame dropped in either run (it could
/// not be taken on time) has no phase to compare and is skipped. One sentence per difference.
package struct TimingTolerantComparison {
    /// The report recorded earlier.
    let recorded: RunReport
    /// The plan's output folder, for messages.
    let folder: String

    /// Memberwise.
    package init(recorded: RunReport, folder: String) {
        self.recorded = recorded
        self.folder = folder
    }

    /// The differences between `fresh` and the recorded run; empty when it matches.
    package func findings(fresh run: RecordedRun) -> [String] {
        let file = "\(folder)/report.json"
        let tolerance = run.plan.frameIntervalMs
        var findings: [String] = []
        if recorded.frames.count != run.frames.count {
            findings.append("\(file): \(recorded.frames.count) frames recorded, a fresh run has \(run.frames.count)")
        }
        for (old, new) in zip(recorded.frames, run.frames) where !old.dropped && !new.dropped {
            if old.phase != new.phase {
                findings.append("\(file): frame \(old.index) (scheduled at \(Quantity.ms(old.scheduledMs))) shows \(new.phase ?? ""), recorded \(old.phase ?? "")")
            } else if abs(old.tMs - new.tMs) > tolerance {
                findings.append("\(file): frame \(old.index) taken at \(Quantity.ms(new.tMs)), recorded at \(Quantity.ms(old.tMs)): more than \(Quantity.ms(tolerance)) apart")
            }
        }
        // The phases entered, in order, with repeats of one name folded into its first entry.
        func changes(_ entries: [(tMs: Int, name: String)]) -> [(tMs: Int, name: String)] {
            var result: [(tMs: Int, name: String)] = []
            for entry in entries where result.last?.name != entry.name { result.append(entry) }
            return result
        }
        let old = changes(recorded.timeline.filter { $0.kind == TimelineEntry.Kind.phase.rawValue }.map { ($0.tMs, $0.text) })
        let new = changes(run.timeline.filter { $0.kind == .phase }.map { ($0.tMs, $0.text) })
        if old.map(\.name) != new.map(\.name) {
            findings.append("\(file): phases in order \(new.map(\.name).joined(separator: " → ")), recorded \(old.map(\.name).joined(separator: " → "))")
        } else {
            for (index, (before, now)) in zip(old, new).enumerated() where abs(before.tMs - now.tMs) > tolerance {
                findings.append("\(file): phase change \(index + 1) (\(now.name)) at \(Quantity.ms(now.tMs)), recorded at \(Quantity.ms(before.tMs)): more than \(Quantity.ms(tolerance)) apart")
            }
        }
        return findings
    }
}

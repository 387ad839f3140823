import FilmstripCore
import Foundation

extension ComparisonSide {
    /// Checks that a report read from a file agrees with the bench it names and with itself, so
    /// that a comparison never reads a missing phase as 0 ms or a share above 100%.
    ///
    /// Checked, in this order: every dwell names a phase of `bench` and every phase of `bench`
    /// has one (`$.dwell.<phase>.ms`); the phases' dwells add up to the window exactly; every
    /// panel is one of `bench`'s and its depictions' dwells add up to the window exactly (rule of
    /// time 6, `docs/ARCHITECTURE.md`: dwell is exact, from the timeline, clipped to the window);
    /// every frame that was not dropped shows a phase of `bench` (`$.frames[i].phase`).
    ///
    /// - Parameter bench: the definition of the bench the report names (`$.bench`).
    /// - Throws: ``PlanError`` at the JSON path of the first member that disagrees, saying what
    ///   was expected there.
    package func checkConsistency(with bench: BenchDefinition) throws(PlanError) {
        let phases = "bench \(bench.name)'s phases are \(bench.phaseNames.joined(separator: ", "))"
        for phase in phaseMs.keys.sorted() where !bench.phaseNames.contains(phase) {
            throw PlanError(path: "$.dwell.\(phase)", message: "unknown phase '\(phase)'; \(phases)")
        }
        for phase in bench.phaseNames where phaseMs[phase] == nil {
            throw PlanError(path: "$.dwell.\(phase).ms", message: "required member is missing")
        }
        let total = phaseMs.values.reduce(0, +)
        guard total == windowMs else {
            throw PlanError(path: "$.dwell", message: "the phases' dwells add up to \(total) ms; expected exactly the window's \(windowMs) ms ($.windowMs)")
        }
        for panel in depictionMs.keys.sorted() {
            guard bench.panelIDs.contains(panel) else {
                throw PlanError(path: "$.panels.\(panel)", message: "unknown panel '\(panel)'; bench \(bench.name)'s panels are \(bench.panelIDs.joined(separator: ", "))")
            }
            let sum = depictionMs[panel, default: [:]].values.reduce(0, +)
            guard sum == windowMs else {
                throw PlanError(path: "$.panels.\(panel)", message: "the depictions' dwells add up to \(sum) ms; expected exactly the window's \(windowMs) ms ($.windowMs)")
            }
        }
        for (offset, frame) in frames.enumerated() {
            if let phase = frame.phase, !bench.phaseNames.contains(phase) {
                throw PlanError(path: "$.frames[\(offset)].phase", message: "unknown phase '\(phase)'; \(phases)")
            }
        }
    }
}

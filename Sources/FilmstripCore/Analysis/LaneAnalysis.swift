/// One lane of a bench with lanes, judged on its own: its phase dwell, the coverage and dominance
/// its limits ask for (``CapturePlan/Expectations/limits(ofLane:)``), its panel's loader, rule
/// and announce checks, and its verdict.
///
/// A lane's frame counts read the lane's own phase at each frame's instant: the phase whose
/// half-open interval [enter, exit) holds the instant (rule of time 3), so a phase entered and
/// left at one instant shows in no frame.
package struct LaneAnalysis: Sendable {
    /// The lane's identifier (its panel's), e.g. `naive`.
    package let lane: String
    /// Per phase, in the bench's order (every phase listed, 0 when never shown).
    package let phases: [(name: String, dwell: Dwell)]
    /// The lane's coverage and dominance checks, named `coverage.<lane>.<phase>` and
    /// `dominance.<lane>.<phase>`.
    package let phaseChecks: [CheckResult]
    /// The failed coverage and dominance checks' sentences, each led by `lane <lane>: `.
    package let phaseReasons: [String]
    /// Every check of the lane: its phase checks, then its panel's flash, held-back, rule and
    /// announce checks.
    package let checks: [CheckResult]

    /// True when every check of the lane passed.
    package var passed: Bool { checks.allSatisfy(\.passed) }

    /// One line: `passed` or `failed: <the failed checks' sentences joined by "; ">.`
    package var verdict: String {
        let failed = checks.filter { !$0.passed }.map(\.message)
        return failed.isEmpty ? "passed" : "failed: " + failed.joined(separator: "; ") + "."
    }

    /// Measures lane `lane` of `run`: `frameInstants` are the instants of the frames taken (not
    /// dropped), `takenCount` their number, and `panelChecks` the lane's panel checks already made.
    init(lane: String, run: RecordedRun, frameInstants: [Int], takenCount: Int, panelChecks: [CheckResult]) {
        let plan = run.plan
        var ms: [String: Int] = [:]
        var frames: [String: Int] = [:]
        // Segments follow one another in time and the instants are in time order: one walk.
        var next = 0
        for segment in run.lanePhaseSegments[lane] ?? [] {
            guard let clipped = segment.clipped(fromMs: plan.windowStartMs, toMs: plan.windowEndMs) else { continue }
            ms[clipped.name, default: 0] += clipped.durationMs
            while next < frameInstants.count && frameInstants[next] < clipped.enterMs { next += 1 }
            while next < frameInstants.count && frameInstants[next] < clipped.exitMs {
                frames[clipped.name, default: 0] += 1
                next += 1
            }
        }
        var names = run.phaseNames
        names += ms.keys.filter { !names.contains($0) }.sorted()
        let phases = names.map { name in
            (name: name, dwell: Dwell(ms: ms[name] ?? 0, frames: frames[name] ?? 0, windowMs: plan.windowMs, frameCount: takenCount))
        }
        let limits = plan.expect.limits(ofLane: lane)
        let findings = Analysis.phaseFindings(
            phases, minFrames: limits.minFrames, maxSharePercent: limits.maxSharePercent, takenCount: takenCount, windowMs: plan.windowMs, prefix: "\(lane).")
        self.lane = lane
        self.phases = phases
        phaseChecks = findings.coverage + findings.dominance
        phaseReasons = findings.reasons.map { "lane \(lane): \($0)" }
        checks = phaseChecks + panelChecks
    }
}

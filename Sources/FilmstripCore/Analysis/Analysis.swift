/// The measurements and verdict of one run: dwell per phase and per panel depiction, the
/// coverage and dominance checks, and every failed reason in words.
///
/// It works on the timeline's segments and the frame records, never on pixels.
public struct Analysis: Sendable {
    /// The window's length, ms.
    package let windowMs: Int
    /// Frames taken (not dropped).
    package let frameCount: Int
    /// Frames dropped because they could not be taken on time (real clock).
    package let droppedFrames: Int
    /// Per phase, in the bench's order (every phase listed, 0 when never shown).
    package let phases: [(name: String, dwell: Dwell)]
    /// Per panel (plan order), per depiction (order of first appearance in the window).
    package let panels: [(panel: String, depictions: [(depiction: String, dwell: Dwell)])]
    /// Loader measurements for every panel that showed a loader or a blank in the window.
    public let loaders: [LoaderStats]
    /// Every rule a panel broke inside the window, in time order.
    public let violations: [RuleViolation]
    /// The phase transitions observed in the window, with their counts, in order of first occurrence.
    package let transitions: [PhaseTransition]
    /// Every check: coverage, then dominance (each in phase order), then flashes and
    /// held-back time (each in panel order).
    package let checks: [CheckResult]
    /// The failed checks' sentences, dominance first, coverage after ("empty, failed and loaded
    /// were never captured" gathers every phase with no frame).
    package let reasons: [String]
    /// Each lane of a bench with lanes (``BenchDefinition/laneIDs``), in panel order, judged on
    /// its own; empty for a bench without lanes. Their checks and reasons are in ``checks`` and
    /// ``reasons`` too, in place of coverage and dominance of the first lane's phases.
    package let lanes: [LaneAnalysis]

    /// True when every check passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// One line: `passed` or `failed: <reasons joined by "; ">.`
    package var verdict: String {
        passed ? "passed" : "failed: " + reasons.joined(separator: "; ") + "."
    }

    /// The dwell of `phase`, or nil for a name the bench lacks.
    package func dwell(ofPhase phase: String) -> Dwell? {
        phases.first { $0.name == phase }?.dwell
    }

    /// The dwell of `depiction` on `panel`; nil when the panel never showed it in the window.
    package func dwell(ofDepiction depiction: String, panel: String) -> Dwell? {
        panels.first { $0.panel == panel }?.depictions.first { $0.depiction == depiction }?.dwell
    }

    /// Measures `run` against its plan's expectations.
    public init(_ run: RecordedRun) {
        let plan = run.plan
        let start = plan.windowStartMs
        let end = plan.windowEndMs
        // One pass over the frames (each record is made when read, see ``FrameRecords``): the
        // frames taken, and how many showed each phase and each panel's depiction.
        let taken = run.frames.lazy.filter { !$0.dropped }
        var takenCount = 0
        var framesPerPhase: [String: Int] = [:]
        var framesPerDepiction: [String: [String: Int]] = [:]
        for frame in taken {
            takenCount += 1
            if let phase = frame.phase { framesPerPhase[phase, default: 0] += 1 }
            for shown in frame.panels { framesPerDepiction[shown.panel, default: [:]][shown.depiction.id, default: 0] += 1 }
        }
        windowMs = plan.windowMs
        frameCount = takenCount
        droppedFrames = run.frames.count - takenCount

        func dwells(_ segments: [Segment], framesShowing: (String) -> Int, names: [String]?) -> [(String, Dwell)] {
            var order: [String] = names ?? []
            var ms: [String: Int] = [:]
            for segment in segments {
                guard let clipped = segment.clipped(fromMs: start, toMs: end) else { continue }
                ms[clipped.name, default: 0] += clipped.durationMs
                if !order.contains(clipped.name) { order.append(clipped.name) }
            }
            return order.map { name in
                (name, Dwell(ms: ms[name] ?? 0, frames: framesShowing(name), windowMs: plan.windowMs, frameCount: takenCount))
            }
        }
        let phases = dwells(run.phaseSegments, framesShowing: { framesPerPhase[$0] ?? 0 }, names: run.phaseNames)
        self.phases = phases
        panels = plan.panels.map { panel in
            let depictions = dwells(
                run.depictionSegments[panel] ?? [],
                framesShowing: { framesPerDepiction[panel]?[$0] ?? 0 },
                names: nil)
            return (panel, depictions.map { (depiction: $0.0, dwell: $0.1) })
        }

        // A bench with lanes judges each lane's phases on its own; the first lane's phases (the
        // frames' phase) are not judged a second time.
        let laneIDs = run.laneIDs
        let judged = laneIDs.isEmpty
            ? Self.phaseFindings(phases, minFrames: plan.expect.minFrames, maxSharePercent: plan.expect.maxSharePercent, takenCount: takenCount, windowMs: plan.windowMs)
            : PhaseFindings()
        // The frames taken, by instant, for the moments of the loader and rule checks that
        // failed (read only when one does).
        lazy var instants = Array(taken.map { (index: $0.index, tMs: $0.tMs) })
        let (loaderChecks, loaderReasons, loaders) = Self.loaderFindings(run, fromMs: start, toMs: end) { instants }
        self.loaders = loaders

        var violations: [RuleViolation] = []
        for panel in plan.panels {
            for segment in run.violations[panel] ?? [] {
                // A rule broken for 0 ms was never on screen: only intervals with a length count.
                guard let clipped = segment.clipped(fromMs: start, toMs: end) else { continue }
                let frames = Array(taken.filter { $0.tMs >= clipped.enterMs && $0.tMs < clipped.exitMs }.map(\.index))
                violations.append(RuleViolation(panel: panel, rule: segment.name, startMs: clipped.enterMs, endMs: clipped.exitMs, frames: frames))
            }
        }
        self.violations = violations.sorted { ($0.startMs, $0.panel, $0.rule) < ($1.startMs, $1.panel, $1.rule) }
        var ruleChecks: [CheckResult] = []
        var ruleReasons: [String] = []
        for panel in plan.expect.followRules {
            let broken = self.violations.filter { $0.panel == panel }
            let message = broken.isEmpty
                ? "\(panel) followed every rule"
                : "\(panel) broke " + broken.map(\.summary).joined(separator: "; ")
            let moments = broken.map { CheckMoment.between(startMs: $0.startMs, endMs: $0.endMs, taken: instants) }
            ruleChecks.append(CheckResult(name: "rules.\(panel)", passed: broken.isEmpty, message: message, moments: moments))
            if !broken.isEmpty { ruleReasons.append(message) }
        }
        transitions = PhaseTransition.observed(in: run.phaseSegments, fromMs: start, toMs: end)

        let announce = AnnounceCheck.results(run, frames: taken)
        let frameInstants = laneIDs.isEmpty ? [] : Array(taken.map(\.tMs))
        // A lane stopped for work without end fails, first among its lane's checks.
        let stopChecks = laneIDs.compactMap { lane in run.stoppedLanes[lane].map { CheckResult(name: "stopped.\(lane)", passed: false, message: $0) } }
        let lanes = laneIDs.map { lane in
            LaneAnalysis(
                lane: lane, run: run, frameInstants: frameInstants, takenCount: takenCount,
                panelChecks: (stopChecks + loaderChecks + ruleChecks + announce.checks).filter { $0.name.hasSuffix(".\(lane)") })
        }
        self.lanes = lanes
        checks = stopChecks + judged.coverage + judged.dominance + lanes.flatMap(\.phaseChecks) + loaderChecks + ruleChecks + announce.checks
        reasons = stopChecks.map(\.message) + judged.reasons + lanes.flatMap(\.phaseReasons) + loaderReasons + ruleReasons + announce.reasons
    }

    /// The coverage and dominance of one set of phase dwells.
    struct PhaseFindings {
        /// `coverage.<phase>` checks, in phase order.
        var coverage: [CheckResult] = []
        /// `dominance.<phase>` checks, in phase order.
        var dominance: [CheckResult] = []
        /// The failed checks' sentences: dominance, then coverage, then the phases never captured.
        var reasons: [String] = []
    }

    /// Checks `phases` against the fewest frames and the largest shares allowed; `prefix` goes
    /// before each check's name (`eager.` gives `coverage.eager.failed`).
    static func phaseFindings(
        _ phases: [(name: String, dwell: Dwell)], minFrames: [String: Int], maxSharePercent: [String: Int], takenCount: Int, windowMs: Int, prefix: String = ""
    ) -> PhaseFindings {
        var findings = PhaseFindings()
        var never: [String] = []
        var under: [String] = []
        var over: [String] = []
        for (name, dwell) in phases {
            if let minimum = minFrames[name] {
                let passed = dwell.frames >= minimum
                let message = "\(name): \(Quantity.frames(dwell.frames)) (\(Quantity.seconds(dwell.ms))), at least \(Quantity.frames(minimum)) required"
                findings.coverage.append(CheckResult(name: "coverage.\(prefix)\(name)", passed: passed, message: message))
                if !passed {
                    if dwell.frames == 0 {
                        never.append(name)
                    } else {
                        under.append("\(name) was captured in \(Quantity.frames(dwell.frames)), \(minimum) required")
                    }
                }
            }
            if let limit = maxSharePercent[name] {
                let framesOver = dwell.frames * 100 > limit * takenCount
                let timeOver = dwell.ms * 100 > limit * windowMs
                let measured = "\(name) filled \(dwell.frames) of \(takenCount) frames (\(Quantity.seconds(dwell.ms)) of \(Quantity.seconds(windowMs)), limit \(limit)%)"
                findings.dominance.append(CheckResult(name: "dominance.\(prefix)\(name)", passed: !(framesOver || timeOver), message: measured))
                if framesOver || timeOver { over.append(measured) }
            }
        }
        findings.reasons = over + under
        if !never.isEmpty {
            findings.reasons.append("\(Quantity.list(never)) \(never.count == 1 ? "was" : "were") never captured")
        }
        return findings
    }

    /// Each panel's loader statistics (those that showed a loader or a blank, or flashed) and
    /// the checks of its flash and held-back limits, with the reasons of those that failed.
    private static func loaderFindings(
        _ run: RecordedRun, fromMs start: Int, toMs end: Int, taken instants: () -> [(index: Int, tMs: Int)]
    ) -> (
        checks: [CheckResult], reasons: [String], loaders: [LoaderStats]
    ) {
        let plan = run.plan
        var loaderChecks: [CheckResult] = []
        var loaderReasons: [String] = []
        var loaders: [LoaderStats] = []
        let loaderIDs = Set(plan.bench.depictions.filter { $0.role == .loader }.map(\.id))
        let blankIDs = Set(plan.bench.depictions.filter { $0.role == .blank }.map(\.id))
        for panel in plan.panels {
            let stats = LoaderStats(
                panel: panel, depictions: run.depictionSegments[panel] ?? [], phases: run.lanePhaseSegments[panel] ?? run.phaseSegments,
                windowStartMs: start, windowEndMs: end, thresholdMs: plan.flashThresholdMs,
                loaders: loaderIDs, blanks: blankIDs, loadingPhases: plan.bench.inFlightPhases)
            if stats.visibleMs > 0 || stats.blankMs > 0 || !stats.flashes.isEmpty { loaders.append(stats) }
            if let limit = plan.expect.maxFlashes[panel] {
                let passed = stats.flashes.count <= limit
                let message = "\(panel): \(stats.flashSummary) under \(Quantity.ms(plan.flashThresholdMs)), at most \(limit) allowed"
                let moments = passed ? [] : stats.flashes.map { CheckMoment.between(startMs: $0.enterMs, endMs: $0.exitMs, taken: instants()) }
                loaderChecks.append(CheckResult(name: "flashes.\(panel)", passed: passed, message: message, moments: moments))
                if !passed { loaderReasons.append(message) }
            }
            if let limit = plan.expect.maxHeldBackMs[panel] {
                let passed = stats.heldBackMs <= limit
                let message = "\(panel): content held back \(Quantity.ms(stats.heldBackMs)), at most \(Quantity.ms(limit)) allowed"
                let moments = passed ? [] : stats.heldBack.map { CheckMoment.between(startMs: $0.readyMs, endMs: $0.paintedMs, taken: instants()) }
                loaderChecks.append(CheckResult(name: "heldBack.\(panel)", passed: passed, message: message, moments: moments))
                if !passed { loaderReasons.append(message) }
            }
        }
        return (loaderChecks, loaderReasons, loaders)
    }
}

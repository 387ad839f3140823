"""The mutants Tests/Mutation/run.sh applies, one at a time.

Each mutant replaces one exact snippet of one source file (it must occur exactly once, or the run
stops: the list is stale) and names the test suites that should kill it. `edge` ties a mutant to
a timing edge (TimingEdgeTests); `equivalent` gives the reason a mutant cannot change
behaviour, and such a mutant is left out of the score.
"""

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Mutant:
    id: str
    file: str
    find: str
    replace: str
    suites: str
    edge: Optional[str] = None
    equivalent: Optional[str] = None


CORE = "Sources/FilmstripCore"
ORDERS = "Sources/FilmstripSeedBenches/Benches/Orders/OrdersBench.swift"
REAL = "Sources/FilmstripOutputs/Comparing/TimingTolerantComparison.swift"

# Suites that judge the analysis, the loader policy and the scenes bench.
ANALYSIS = "TimingEdgeTests|OneLoaderPerLoadTests|LoaderStatsWindowTests|AnalysisTests|ThresholdBoundaryTests|LoaderPolicyTests|ScenesBenchTests|DepictionIntervalTests|DepictionPropertyTests|PolicySweepTests|BoundedTimeAnalysisTests|RulesOfTimeTests|ReportsTests"
LOADER = "TimingEdgeTests|OneLoaderPerLoadTests|LoaderPolicyTests|ScenesBenchTests|DepictionIntervalTests|DepictionPropertyTests|ThresholdBoundaryTests|PolicySweepTests|ChainedRetryTests"
PENDING = "TimingEdgeTests|PendingWorkTests|AnalysisTests"
REAL_SUITES = "RealClockComparisonTests"
ORDERS_SUITES = "TimingEdgeTests|OrdersBenchTests|ThresholdBoundaryTests|PanelStateTests|DepictionPropertyTests"

MUTANTS = [
    # --- analysis: coverage, dominance, loader checks, rule breaches (Analysis.swift)
    Mutant("A1", f"{CORE}/Analysis/Analysis.swift", "let passed = dwell.frames >= minimum", "let passed = dwell.frames > minimum",
           ANALYSIS, edge="10: coverage at exactly minFrames"),
    Mutant("A2", f"{CORE}/Analysis/Analysis.swift", "let framesOver = dwell.frames * 100 > limit * takenCount",
           "let framesOver = dwell.frames * 100 >= limit * takenCount", ANALYSIS),
    Mutant("A3", f"{CORE}/Analysis/Analysis.swift", "let timeOver = dwell.ms * 100 > limit * windowMs",
           "let timeOver = dwell.ms * 100 >= limit * windowMs", ANALYSIS),
    Mutant("A4", f"{CORE}/Analysis/Analysis.swift", "let passed = stats.flashes.count <= limit", "let passed = stats.flashes.count < limit",
           ANALYSIS),
    Mutant("A5", f"{CORE}/Analysis/Analysis.swift", "let passed = stats.heldBackMs <= limit", "let passed = stats.heldBackMs < limit",
           ANALYSIS),
    Mutant("A6", f"{CORE}/Analysis/Analysis.swift",
           "guard let clipped = segment.clipped(fromMs: start, toMs: end) else { continue }\n                let frames",
           "let clipped = Segment(name: segment.name, enterMs: max(segment.enterMs, start), exitMs: min(segment.exitMs, end))\n                let frames",
           ANALYSIS + "|OrdersBenchTests", edge="10: a window starting where a breach ends (0 ms breach)"),
    Mutant("A7", f"{CORE}/Analysis/Analysis.swift", "if stats.visibleMs > 0 || stats.blankMs > 0 || !stats.flashes.isEmpty { loaders.append(stats) }",
           "if stats.visibleMs > 0 || !stats.flashes.isEmpty { loaders.append(stats) }", ANALYSIS),
    # --- the one reading of zero length (OnScreen.swift) and the depiction merge (RunAssembler.swift)
    Mutant("Z1", f"{CORE}/Recording/OnScreen.swift", "{ untilMs > fromMs }", "{ untilMs >= fromMs }", ANALYSIS + "|ChainedRetryTests",
           edge="9: the zero-length reading"),
    Mutant("Z2", f"{CORE}/Recording/RunAssembler.swift", "if mergeAcrossZeroLength, !OnScreen.isSeen(fromMs: start, untilMs: end) { continue }",
           "if mergeAcrossZeroLength, end < start { continue }", ANALYSIS + "|ChainedRetryTests|OrdersBenchTests",
           edge="9: zero-length phases do not split a depiction"),
    # --- loader statistics (LoaderStats.swift)
    Mutant("S1", f"{CORE}/Analysis/LoaderStats.swift", "&& $0.durationMs < thresholdMs &&", "&& $0.durationMs <= thresholdMs &&", ANALYSIS),
    Mutant("S2", f"{CORE}/Analysis/LoaderStats.swift", "$0.exitMs != cutOff && OnScreen.isSeen(fromMs: $0.enterMs, untilMs: $0.exitMs) &&",
           "$0.exitMs != cutOff &&", ANALYSIS, edge="10: LoaderStats given a zero-length loader (no flash)"),
    Mutant("S3", f"{CORE}/Analysis/LoaderStats.swift", "$0.exitMs != cutOff && OnScreen", "OnScreen", ANALYSIS),
    Mutant("S4", f"{CORE}/Analysis/LoaderStats.swift", "            if to > from {\n", "            if to >= from {\n", ANALYSIS,
           edge="10: LoaderStats given a zero-length loader (nothing held back)"),
    Mutant("S5", f"{CORE}/Analysis/LoaderStats.swift", "if spinner.exitMs <= phase.exitMs { i += 1 } else { j += 1 }",
           "if spinner.exitMs < phase.exitMs { i += 1 } else { j += 1 }", ANALYSIS,
           equivalent="when a spinner and a phase end together either may advance first: the other's next interval starts at or after that instant, so no overlap is lost or added"),
    Mutant("S6", f"{CORE}/Analysis/LoaderStats.swift", "let holding = phases.filter { !loadingPhases.contains($0.name) && $0.exitMs > windowStartMs",
           "let holding = phases.filter { !loadingPhases.contains($0.name) && $0.exitMs >= windowStartMs", ANALYSIS,
           equivalent="a phase ending exactly at the window's start adds nothing (to > from fails once from is clipped to the start) and ends before every spinner kept, so it only advances j"),
    Mutant("S7", f"{CORE}/Analysis/LoaderStats.swift", "if let last = intervals.last, last.exitMs == depiction.enterMs {",
           "if let last = intervals.last, last.name == depiction.name, last.exitMs == depiction.enterMs {", ANALYSIS + "|OneLoaderPerLoadTests",
           edge="a loader that changes form is one loader"),
    # --- loader statistics clipped to the window (LoaderStats.swift)
    Mutant("W1", f"{CORE}/Analysis/LoaderStats.swift",
           "visibleMs = spinners.compactMap { $0.clipped(fromMs: windowStartMs, toMs: windowEndMs)?.durationMs }.reduce(0, +)",
           "visibleMs = spinners.map(\\.durationMs).reduce(0, +)", ANALYSIS + "|LoaderStatsWindowTests", edge="visible time clipped to the window"),
    Mutant("W2", f"{CORE}/Analysis/LoaderStats.swift", "$0.durationMs < thresholdMs && $0.exitMs > windowStartMs &&",
           "$0.durationMs < thresholdMs && $0.exitMs >= windowStartMs &&", ANALYSIS + "|LoaderStatsWindowTests",
           edge="a flash ending at the window's start is outside it"),
    Mutant("W3", f"{CORE}/Analysis/LoaderStats.swift", "$0.exitMs > windowStartMs && $0.enterMs < windowEndMs\n        }",
           "$0.exitMs > windowStartMs && $0.enterMs <= windowEndMs\n        }", ANALYSIS + "|LoaderStatsWindowTests",
           edge="a flash starting at the window's end is outside it"),
    Mutant("W4", f"{CORE}/Analysis/LoaderStats.swift",
           "blankMs = depictions.filter { blanks.contains($0.name) }\n            .compactMap { $0.clipped(fromMs: windowStartMs, toMs: windowEndMs)?.durationMs }",
           "blankMs = depictions.filter { blanks.contains($0.name) }\n            .map(\\.durationMs)", ANALYSIS + "|LoaderStatsWindowTests",
           edge="blank time clipped to the window"),
    Mutant("W5", f"{CORE}/Analysis/LoaderStats.swift", "let from = max(ready, windowStartMs)", "let from = ready",
           ANALYSIS + "|LoaderStatsWindowTests", edge="held-back time clipped to the window's start"),
    Mutant("W6", f"{CORE}/Analysis/LoaderStats.swift", "let to = min(painted, windowEndMs)", "let to = painted",
           ANALYSIS + "|LoaderStatsWindowTests", edge="held-back time clipped to the window's end"),
    # --- loader policy (LoaderPolicy.swift)
    Mutant("L1", f"{CORE}/Analysis/LoaderPolicy.swift", "!OnScreen.isSeen(fromMs: schedule.contentFromMs, untilMs: startMs)",
           "startMs < schedule.contentFromMs", LOADER, edge="9: the carry check (the bug of kind 9)"),
    Mutant("L2", f"{CORE}/Analysis/LoaderPolicy.swift", "return previous.loaderFromMs != nil && Self.continues", "return Self.continues", LOADER),
    Mutant("L3", f"{CORE}/Analysis/LoaderPolicy.swift", "guard readyMs > visibleFrom else {", "guard readyMs >= visibleFrom else {", LOADER),
    Mutant("L4", f"{CORE}/Analysis/LoaderPolicy.swift", "let end = max(readyMs, visibleFrom + (minimumVisibleMs ?? 0))",
           "let end = max(readyMs, startMs + (minimumVisibleMs ?? 0))", LOADER),
    Mutant("L5", f"{CORE}/Analysis/LoaderPolicy.swift", "let content = max(load.readyMs, appeared + (minimumVisibleMs ?? 0))",
           "let content = max(load.readyMs, load.startMs + (minimumVisibleMs ?? 0))", LOADER),
    Mutant("L6", f"{CORE}/Analysis/LoaderPolicy.swift", "loaderFromMs: load.startMs, contentFromMs: content)",
           "loaderFromMs: load.startMs + delayMs, contentFromMs: content)", LOADER),
    Mutant("L7", f"{CORE}/Analysis/LoaderPolicy.swift", "appearedAt = continues ? appearedAt ?? schedule.loaderFromMs : nil",
           "appearedAt = continues ? schedule.loaderFromMs : nil", LOADER),
    Mutant("L8", f"{CORE}/Analysis/LoaderPolicy.swift", "loaderVisibleMs > 0 && loaderVisibleMs < thresholdMs",
           "loaderVisibleMs > 0 && loaderVisibleMs <= thresholdMs", LOADER),
    Mutant("L10", f"{CORE}/Analysis/LoaderPolicy.swift", "waitingSince = continues ? waitingSince ?? load.startMs : nil",
           "waitingSince = nil", LOADER + "|OneLoaderPerLoadTests", edge="a failure never on screen does not restart the delay"),
    Mutant("L11", f"{CORE}/Analysis/LoaderPolicy.swift", "schedule = self.schedule(startMs: waitingSince ?? load.startMs, readyMs: load.readyMs)",
           "schedule = self.schedule(startMs: load.startMs, readyMs: load.readyMs)", LOADER + "|OneLoaderPerLoadTests",
           edge="a failure never on screen does not restart the delay"),
    Mutant("L9", f"{CORE}/Analysis/LoaderPolicy.swift", "self.minimumVisibleMs = minimumVisibleMs.flatMap { $0 > 0 ? $0 : nil }",
           "self.minimumVisibleMs = minimumVisibleMs.flatMap { $0 >= 0 ? $0 : nil }", LOADER + "|PlanTests|CapturePlanTests"),
    # --- pending work and extendToSettle (PendingWork.swift)
    Mutant("P1", f"{CORE}/Analysis/PendingWork.swift", "if work.next == nil, entry.tMs >= plan.windowEndMs {",
           "if work.next == nil, entry.tMs > plan.windowEndMs {", PENDING),
    Mutant("P2", f"{CORE}/Analysis/PendingWork.swift", "guard firstFrame >= windowEndMs else { return self }",
           "guard firstFrame > windowEndMs else { return self }", PENDING, edge="10: extendToSettle at the window's end"),
    Mutant("P3", f"{CORE}/Analysis/PendingWork.swift", "(last - windowStartMs + frameIntervalMs - 1) / frameIntervalMs",
           "(last - windowStartMs + frameIntervalMs) / frameIntervalMs", PENDING),
    Mutant("P4", f"{CORE}/Analysis/PendingWork.swift", "func scripted(_ tMs: Int) -> Bool { firstPassEndMs.map { tMs < $0 } ?? true }",
           "func scripted(_ tMs: Int) -> Bool { firstPassEndMs.map { tMs <= $0 } ?? true }", PENDING),
    Mutant("P5", f"{CORE}/Analysis/PendingWork.swift", "guard let before = shown, before != entry.text else { continue }",
           "guard shown != nil else { continue }", PENDING),
    Mutant("P6", f"{CORE}/Analysis/PendingWork.swift", "return try resampled(windowMs: firstFrame + frameIntervalMs - windowStartMs",
           "return try resampled(windowMs: firstFrame + 1 - windowStartMs", PENDING),
    # --- the orders bench (OrdersBench.swift)
    Mutant("O1", ORDERS, "                guard !current.online else { break }\n", "", ORDERS_SUITES,
           edge="10: networkOnline while already online"),
    Mutant("O2", ORDERS, "if interrupted || !current.hasRows", "if !current.hasRows", ORDERS_SUITES,
           edge="10: offline during a refresh over rows, then online"),
    Mutant("O3", ORDERS, "if current.retry.failures < bench.settings.retryLimit {", "if current.retry.failures <= bench.settings.retryLimit {", ORDERS_SUITES),
    Mutant("O4", ORDERS, "let due = now + bench.settings.retryDelayMs", "let due = now + bench.settings.retryDelayMs + 1", ORDERS_SUITES),
    Mutant("O5", ORDERS, "guard token == retryToken, current.inFlight == nil, current.online else { return }",
           "guard current.inFlight == nil, current.online else { return }", ORDERS_SUITES),
    Mutant("O6", ORDERS, "let needsData = current.activity == .pausedOffline || !current.hasRows || current.error != nil",
           "let needsData = current.activity == .pausedOffline || current.error != nil", ORDERS_SUITES,
           equivalent="offline, a screen without rows is always pausedOffline (the offline handler and startRequest set it), so !hasRows adds nothing to activity == .pausedOffline"),
    Mutant("O7", ORDERS, "                guard current.online else { break }\n                current.online = false\n",
           "                current.online = false\n", ORDERS_SUITES),
    Mutant("O8", ORDERS, "guard let request = current.inFlight, request.id == id else {", "guard current.inFlight != nil else {", ORDERS_SUITES),
    # --- check's real-clock comparison (TimingTolerantComparison.swift)
    Mutant("R1", REAL, "$0.enterMs <= tMs + toleranceMs", "$0.enterMs < tMs + toleranceMs", REAL_SUITES,
           edge="a phase entered exactly one tolerance after the frame matches"),
    Mutant("R2", REAL, "$0.exitMs > tMs - toleranceMs", "$0.exitMs >= tMs - toleranceMs", REAL_SUITES,
           edge="a phase left exactly one tolerance before the frame does not match"),
    Mutant("R3", REAL, "let tolerance = run.plan.frameIntervalMs", "let tolerance = run.plan.frameIntervalMs / 2", REAL_SUITES,
           edge="the tolerance is one frame interval"),
    Mutant("R4", REAL, "where abs(before.tMs - now.tMs) > tolerance", "where abs(before.tMs - now.tMs) >= tolerance", REAL_SUITES,
           edge="a phase change exactly one tolerance apart matches"),
    Mutant("R5", REAL, "if old.phase != new.phase, !Self.shows(old.phase ?? \"\", in: run.phaseSegments, nearMs: old.tMs, toleranceMs: tolerance) {",
           "if old.phase != new.phase {", REAL_SUITES, edge="a frame's phase compared within the tolerance"),
    Mutant("R6", REAL, "$0.name == name && OnScreen.isSeen", "OnScreen.isSeen", REAL_SUITES,
           edge="only the recorded phase matches"),
    Mutant("R7", REAL, ".replacing(#/\\b[0-9][0-9,]* bytes/#, with: \"# bytes\")", "", REAL_SUITES,
           edge="body lengths are not compared"),
    # --- animation delays from measured times (AnimationSchedule.swift)
    Mutant("M1", "Sources/FilmstripReports/AnimationSchedule.swift", "let nextMs = next.map { frames[$0].tMs } ?? endMs",
           "let nextMs = next.map { frames[$0].scheduledMs } ?? endMs", "AnimationScheduleTests|ReportsTests",
           edge="10: real-clock animation delays from measured times"),
    Mutant("M2", "Sources/FilmstripReports/AnimationSchedule.swift", "delayMs: Swift.max(0, nextMs - frames[position].tMs)",
           "delayMs: nextMs - frames[position].tMs", "AnimationScheduleTests|ReportsTests"),
]

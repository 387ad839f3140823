import FilmstripCore

/// `check --clock both`: one plan run on the virtual clock and on the real clock, compared lane
/// by lane as a user would see them — the backstop for work the virtual run cannot see (docs/
/// OWN-CODE.md, "What cannot be made exact").
///
/// Each frame taken in both runs (dropped frames are skipped) shows, per lane, the phase whose
/// interval [enter, exit) holds the frame's instant. The runs agree on a frame when the real run
/// showed the virtual run's phase at some instant within the real clock's tolerance, one frame
/// interval, of its own frame's instant (as `check --clock real` compares a recording). The first
/// frame of a lane where they do not fails the lane's check, `clocks.<lane>` (`clocks` for a bench
/// without lanes), naming the frame, both phases, where the virtual run shows the real run's
/// phase, and the likely cause.
package struct ClockCrossCheck {
    /// The plan's run on the virtual clock.
    let virtual: RecordedRun
    /// The same plan's run on the real clock.
    let real: RecordedRun

    /// The two runs of one plan.
    package init(virtual: RecordedRun, real: RecordedRun) {
        self.virtual = virtual
        self.real = real
    }

    /// One check per lane, in the plan's panel order; one named `clocks` for a bench without lanes.
    package var checks: [CheckResult] {
        let lanes = virtual.laneIDs
        if lanes.isEmpty {
            return [check(name: "clocks", lane: nil, virtual: virtual.phaseSegments, real: real.phaseSegments)]
        }
        return lanes.map { lane in
            check(name: "clocks.\(lane)", lane: lane, virtual: virtual.lanePhaseSegments[lane] ?? [], real: real.lanePhaseSegments[lane] ?? [])
        }
    }

    /// The sentence that explains a disagreement.
    static let likelyCause = """
        likely cause: the model waits on time the virtual clock does not move — Date(), a thread of its own, \
        a real server (docs/OWN-CODE.md, "What cannot be made exact")
        """

    /// Compares one lane's phases (`lane` nil: the plan's) frame by frame.
    func check(name: String, lane: String?, virtual virtualSegments: [Segment], real realSegments: [Segment]) -> CheckResult {
        let tolerance = virtual.plan.frameIntervalMs
        let who = lane.map { "lane \($0)" } ?? "the plan"
        var compared = 0
        for (shown, measured) in zip(virtual.frames, real.frames) where !shown.dropped && !measured.dropped {
            guard let expected = Self.phase(at: shown.tMs, in: virtualSegments), let seen = Self.phase(at: measured.tMs, in: realSegments) else { continue }
            compared += 1
            if expected == seen || TimingTolerantComparison.shows(expected, in: realSegments, nearMs: measured.tMs, toleranceMs: tolerance) { continue }
            let message = "\(who), frame \(shown.index) (scheduled at \(Quantity.ms(shown.scheduledMs))): the virtual clock shows \(expected), "
                + "the real clock \(seen) (taken at \(Quantity.ms(measured.tMs)); no \(expected) within \(Quantity.ms(tolerance)) of it); "
                + Self.whereVirtualShows(seen, in: virtualSegments, nearMs: shown.tMs) + "; " + Self.likelyCause
            let moment = CheckMoment(startMs: shown.tMs, endMs: shown.tMs, frames: [shown.index], framesInside: true)
            return CheckResult(name: name, passed: false, message: message, moments: [moment])
        }
        guard compared > 0 else {
            return CheckResult(name: name, passed: false, message: "\(who): no frame was taken on both clocks, so the two runs could not be compared")
        }
        return CheckResult(
            name: name, passed: true,
            message: "\(who): the real clock showed the virtual clock's phase in all \(compared) frames taken on both, within \(Quantity.ms(tolerance))")
    }

    /// The phase whose interval [enter, exit) holds `tMs`; at the run's last instant, the last phase.
    static func phase(at tMs: Int, in segments: [Segment]) -> String? {
        segments.first { $0.enterMs <= tMs && tMs < $0.exitMs }?.name ?? segments.last { $0.exitMs == tMs }?.name
    }

    /// Where the virtual run shows `name`: the seen interval nearest `tMs`, or that it never does.
    static func whereVirtualShows(_ name: String, in segments: [Segment], nearMs tMs: Int) -> String {
        let seen = segments.filter { $0.name == name && OnScreen.isSeen(fromMs: $0.enterMs, untilMs: $0.exitMs) }
        func distance(_ segment: Segment) -> Int {
            segment.exitMs <= tMs ? tMs - segment.exitMs + 1 : max(0, segment.enterMs - tMs)
        }
        guard let nearest = seen.min(by: { distance($0) < distance($1) }) else { return "the virtual clock never shows \(name)" }
        return "the virtual clock shows \(name) from \(Quantity.ms(nearest.enterMs)) to \(Quantity.ms(nearest.exitMs))"
    }
}

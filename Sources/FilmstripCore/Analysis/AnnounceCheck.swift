/// The accessibility check of `expect.announce`: a panel must expose at least one semantic
/// element whenever one of its listed phases is on screen inside the window (the
/// inbox's control stays silent through loading and failure).
///
/// Exact, from the timeline: a phase interval counts as silent for as long as the panel exposed
/// nothing (``RecordedRun/silentSegments``); frames showing it are listed beside.
enum AnnounceCheck {
    /// One check per announced panel, in plan order, and the reasons of those that failed, e.g.
    /// `loadedOnly exposed no semantic element during loading (1,093 ms, frames 0–2) and failed (2,000 ms, frames 3–6)`.
    static func results(_ run: RecordedRun, frames taken: some Sequence<FrameRecord>) -> (checks: [CheckResult], reasons: [String]) {
        let plan = run.plan
        var checks: [CheckResult] = []
        var reasons: [String] = []
        for panel in plan.panels {
            guard let phases = plan.expect.announce[panel] else { continue }
            var silent: [String] = []
            for phase in phases {
                let spans = (run.silentSegments[panel] ?? []).filter { $0.name == phase }
                    .compactMap { $0.clipped(fromMs: plan.windowStartMs, toMs: plan.windowEndMs) }
                let ms = spans.reduce(0) { $0 + $1.durationMs }
                guard ms > 0 else { continue }
                let frames = taken.filter { frame in spans.contains { frame.tMs >= $0.enterMs && frame.tMs < $0.exitMs } }.map(\.index)
                let framesText = frames.isEmpty ? "no frame" : frames.count == 1 ? "frame \(frames[0])" : "frames \(frames.first!)–\(frames.last!)"
                silent.append("\(phase) (\(Quantity.ms(ms)), \(framesText))")
            }
            let listed = Quantity.list(phases)
            let message = silent.isEmpty
                ? "\(panel) exposed a semantic element whenever \(listed) was on screen"
                : "\(panel) exposed no semantic element during \(Quantity.list(silent))"
            checks.append(CheckResult(name: "announce.\(panel)", passed: silent.isEmpty, message: message))
            if !silent.isEmpty { reasons.append(message) }
        }
        return (checks, reasons)
    }
}

/// Checks, before anything is rendered, whether the script can reach every required phase
/// inside the window, and if not, what window or latency would.
///
/// It runs the plan's timeline on the virtual clock past the window's end (by twice the
/// script's length) and asks, for each phase the plan requires in at least n frames, at which
/// frame instant the n-th such frame would fall.
public enum PlanLint {
    /// One finding in words, e.g. `failed is first captured at 14,000 ms, after the window
    /// ends at 12,000 ms: a window of at least 14,001 ms would capture it, or beats that reach
    /// it 4,000 ms sooner (the longest: beat 1, loading, 12,000 ms with slow motion)`.
    /// Empty when every required phase is reachable.
    ///
    /// - Throws: ``RunError`` when the timeline cannot be run (work without end).
    public static func findings(for plan: CapturePlan) throws(RunError) -> [String] {
        let scriptMs = plan.script.reduce(0) { $0 + plan.effectiveLatencyMs(of: $1) + $1.holdMs }
        let horizon = plan.windowEndMs + 2 * max(scriptMs, plan.windowMs)
        let run = try BenchCatalog.run(plan, clock: .virtual, untilMs: horizon, sampleFrames: false)
        let segments = run.phaseSegments
        func phase(at instant: Int) -> String? {
            segments.last { $0.enterMs <= instant && instant < $0.exitMs }?.name
        }
        let inWindow = plan.frameInstants
        guard let lastFrame = inWindow.last else { return [] }
        var findings: [String] = []
        for name in run.phaseNames {
            guard let needed = plan.expect.minFrames[name], needed > 0 else { continue }
            let captured = inWindow.count { phase(at: $0) == name }
            guard captured < needed else { continue }
            var count = captured
            var reachedAt: Int?
            var instant = lastFrame + plan.frameIntervalMs
            while instant < horizon {
                if phase(at: instant) == name {
                    count += 1
                    if count == needed {
                        reachedAt = instant
                        break
                    }
                }
                instant += plan.frameIntervalMs
            }
            let which = needed == 1 ? "first captured" : "captured for the \(ordinal(needed)) time"
            guard let reachedAt else {
                findings.append("the script never reaches \(name) in \(Quantity.frames(needed)) within \(Quantity.ms(horizon)); add the beats or events that lead to it")
                continue
            }
            let sooner = reachedAt - lastFrame
            var advice = "\(name) is \(which) at \(Quantity.ms(reachedAt)), after the window ends at \(Quantity.ms(plan.windowEndMs)): a window of at least \(Quantity.ms(reachedAt - plan.windowStartMs + 1)) at the same \(Quantity.ms(plan.frameIntervalMs)) frame interval would capture it, or beats that reach it \(Quantity.ms(sooner)) sooner"
            if let (number, beat) = plan.script.enumerated().max(by: { plan.effectiveLatencyMs(of: $0.element) < plan.effectiveLatencyMs(of: $1.element) }) {
                let stretched = plan.slowMotion == .off ? "" : " with slow motion \(plan.slowMotion)"
                advice += " (the longest: beat \(number + 1), \(beat.reply.name), \(Quantity.ms(plan.effectiveLatencyMs(of: beat)))\(stretched))"
            }
            findings.append(advice)
        }
        return findings
    }

    private static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return "\(n)\(suffix)"
    }
}

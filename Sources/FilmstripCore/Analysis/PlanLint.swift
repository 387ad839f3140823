/// Checks, before anything is rendered, whether the script can reach every required phase
/// inside the window, and if not, what window or latency would.
///
/// It runs the plan's timeline on the virtual clock past the window's end (by twice the
/// script's length or the window's, at most ``lookAheadLimitMs``) and asks, for each phase the
/// plan requires in at least n frames, at which frame instant the n-th such frame would fall.
/// Frames are counted per phase interval arithmetically, so the cost does not grow with the
/// number of frame instants. The lint never fails a run: a timeline it cannot follow (too many
/// events) gives no finding, and the run itself reports the problem.
public enum PlanLint {
    /// How far past the window's end the lint looks, at most, in ms.
    public static let lookAheadLimitMs = 600_000

    /// One finding in words, e.g. `failed is first captured at 14,000 ms, after the window
    /// ends at 12,000 ms: a window of at least 14,001 ms at the same 2,000 ms frame interval
    /// would capture it, or beats that reach it 4,000 ms sooner (the longest: beat 1, loading,
    /// 12,000 ms with slow motion 1.5)`. Empty when every required phase is reachable.
    public static func findings(for plan: CapturePlan) -> [String] {
        let required = plan.expect.minFrames.filter { $0.value > 0 }
        guard !required.isEmpty, let lastFrame = plan.frameInstants.last else { return [] }
        // The look-ahead runs on the virtual clock; a bench that needs the real one is not linted.
        guard plan.bench.clocks.contains(.virtual) else { return [] }
        let scriptMs = plan.bench.scriptLength(plan)
        let horizon = plan.windowEndMs + min(lookAheadLimitMs, 2 * max(scriptMs, plan.windowMs))
        guard let run = try? plan.run(clock: .virtual, untilMs: horizon, sampleFrames: false) else { return [] }
        let interval = plan.frameIntervalMs
        let start = plan.windowStartMs
        /// The frame instants (start + k × interval, k ≥ 0) inside [from, to).
        func frames(from: Int, to: Int) -> (first: Int, count: Int)? {
            let lower = max(from, start)
            guard to > lower else { return nil }
            let first = start + (lower - start + interval - 1) / interval * interval
            guard first < to else { return nil }
            return (first, (to - 1 - first) / interval + 1)
        }
        // A frame at t shows the phase whose interval holds t; intervals of zero length hold none.
        var findings: [String] = []
        for name in run.phaseNames {
            guard let needed = required[name] else { continue }
            var count = 0
            var reachedAt: Int?
            for segment in run.phaseSegments where segment.name == name && segment.enterMs < horizon {
                guard let (first, inside) = frames(from: segment.enterMs, to: min(segment.exitMs, horizon)) else { continue }
                if count + inside >= needed {
                    reachedAt = first + (needed - count - 1) * interval
                    break
                }
                count += inside
            }
            if let reachedAt, reachedAt <= lastFrame { continue }
            let which = needed == 1 ? "first captured" : "captured for the \(ordinal(needed)) time"
            guard let reachedAt else {
                findings.append("the script never reaches \(name) in \(Quantity.frames(needed)) within \(Quantity.ms(horizon)); add the beats or events that lead to it")
                continue
            }
            var advice = "\(name) is \(which) at \(Quantity.ms(reachedAt)), after the window ends at \(Quantity.ms(plan.windowEndMs)): a window of at least \(Quantity.ms(reachedAt - start + 1)) at the same \(Quantity.ms(interval)) frame interval would capture it, or beats that reach it \(Quantity.ms(reachedAt - lastFrame)) sooner"
            if let longest = plan.bench.longestStep(plan) {
                advice += " (the longest: \(longest))"
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

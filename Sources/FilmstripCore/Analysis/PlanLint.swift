/// Checks, before anything is rendered, whether the script can reach every required phase
/// inside the window, and if not, what window or latency would.
///
/// It runs the plan's timeline on the virtual clock past the window's end (by twice the
/// script's length or the window's, at most ``lookAheadLimitMs``) and asks, for each phase the
/// plan requires in at least n frames, at which frame instant the n-th such frame would fall.
/// Frames are counted per phase interval arithmetically, so the cost does not grow with the
/// number of frame instants. The lint never fails a run: a timeline it cannot follow (too many
/// events) gives no finding, and the run itself reports the problem.
package enum PlanLint {
    /// How far past the window's end the lint looks, at most, in ms.
    package static let lookAheadLimitMs = 600_000

    /// One finding in words, e.g. `failed is first captured at 14,000 ms, after the window
    /// ends at 12,000 ms: a window of at least 14,001 ms at the same 2,000 ms frame interval
    /// would capture it, or a script that reaches it 4,000 ms sooner (the longest: beat 1, loading,
    /// 12,000 ms with slow motion 1.5)`. Empty when every required phase is reachable.
    package static func findings(for plan: CapturePlan) -> [String] {
        findings(for: LookAhead(plan))
    }

    /// ``findings(for:)`` from a look-ahead already made (the engine makes one per plan).
    package static func findings(for lookAhead: LookAhead) -> [String] {
        let plan = lookAhead.plan
        var findings: [String] = []
        if let pending = lookAhead.pending, pending.nextIsScripted, let next = pending.next {
            let firstFrame = plan.windowStartMs + (next.atMs - plan.windowStartMs + plan.frameIntervalMs - 1) / plan.frameIntervalMs * plan.frameIntervalMs
            findings.append("a scripted change falls after the window ends at \(Quantity.ms(plan.windowEndMs)): \(next.summary); a window of at least \(Quantity.ms(firstFrame - plan.windowStartMs + 1)) at the same \(Quantity.ms(plan.frameIntervalMs)) frame interval would include it (its first frame is at \(Quantity.ms(firstFrame))), or set \"extendToSettle\": true")
        }
        let required = plan.expect.minFrames.filter { $0.value > 0 }
        guard !required.isEmpty, let lastFrame = plan.frameInstants.last else { return findings }
        // The look-ahead runs on the virtual clock; a bench that needs the real one is not linted.
        let horizon = horizonMs(for: plan)
        guard let run = lookAhead.timeline else { return findings }
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
                let looked = horizonDescription(for: plan)
                // Reached, but never for longer than 0 ms: a zero hold, not a missing beat.
                let entered = run.phaseSegments.contains { $0.name == name && $0.enterMs < horizon }
                if entered, !run.phaseSegments.contains(where: { $0.name == name && $0.durationMs > 0 && $0.enterMs < horizon }),
                   let cause = plan.bench.zeroLengthCause(plan, name)
                {
                    findings.append("\(name) is reached but on screen for 0 ms each time, \(looked): \(cause)")
                } else {
                    findings.append("the script never reaches \(name) in \(Quantity.frames(needed)) \(looked); add the beats or events that lead to it")
                }
                continue
            }
            var advice = "\(name) is \(which) at \(Quantity.ms(reachedAt)), after the window ends at \(Quantity.ms(plan.windowEndMs)): a window of at least \(Quantity.ms(reachedAt - start + 1)) at the same \(Quantity.ms(interval)) frame interval would capture it, or a script that reaches it \(Quantity.ms(reachedAt - lastFrame)) sooner"
            if let longest = plan.bench.longestStep(plan) {
                advice += " (the longest: \(longest))"
            }
            findings.append(advice)
        }
        return findings
    }

    /// How far the lint runs the plan, in ms since the start: the window's end plus twice the
    /// script's length (``BenchDefinition`` says how long one pass of its script lasts) or the
    /// window's, whichever is longer, but at most ``lookAheadLimitMs`` past the window.
    package static func horizonMs(for plan: CapturePlan) -> Int {
        plan.windowEndMs + min(lookAheadLimitMs, 2 * max(plan.bench.scriptLength(plan), plan.windowMs))
    }

    /// Where the lint looked, in words: `within 0–3,000 ms of the run (the window's end, 1,000 ms,
    /// plus twice the window's 1,000 ms)`, or `… plus 600,000 ms, the lint's limit`.
    static func horizonDescription(for plan: CapturePlan) -> String {
        let scriptMs = plan.bench.scriptLength(plan)
        let longest = max(scriptMs, plan.windowMs)
        let reason: String
        if 2 * longest > lookAheadLimitMs {
            reason = "plus \(Quantity.ms(lookAheadLimitMs)), the lint's limit"
        } else if longest == plan.windowMs {
            reason = "plus twice the window's \(Quantity.ms(plan.windowMs))"
        } else {
            reason = "plus twice the script's \(Quantity.ms(scriptMs))"
        }
        return "within 0–\(Quantity.ms(horizonMs(for: plan))) of the run (the window's end, \(Quantity.ms(plan.windowEndMs)), \(reason))"
    }

    private static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return "\(n)\(suffix)"
    }
}

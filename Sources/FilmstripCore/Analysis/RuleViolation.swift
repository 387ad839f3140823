/// An interval during which a panel broke one of its bench's rules, with the frames that show it.
public struct RuleViolation: Hashable, Sendable {
    /// The panel.
    public var panel: String
    /// The rule's identifier (e.g. `refreshKeepsContent`).
    public var rule: String
    /// The interval [startMs, endMs), clipped to the window.
    package var startMs: Int
    /// End of the interval, exclusive, in ms since the start of the run.
    package var endMs: Int
    /// Indices of the frames taken inside the interval (may be none: a short violation between frames).
    package var frames: [Int]

    /// A violation of `rule` by `panel` over [startMs, endMs) in ms since the start of the run,
    /// with the indices of the frames taken inside it.
    package init(panel: String, rule: String, startMs: Int, endMs: Int, frames: [Int]) {
        self.panel = panel
        self.rule = rule
        self.startMs = startMs
        self.endMs = endMs
        self.frames = frames
    }

    /// `refreshKeepsContent at 2,000–2,700 ms (frames 10–13)`.
    package var summary: String {
        let framesText: String
        switch frames.count {
        case 0: framesText = "no frame"
        case 1: framesText = "frame \(frames[0])"
        default: framesText = frames.last! - frames.first! + 1 == frames.count ? "frames \(frames.first!)–\(frames.last!)" : "frames " + frames.map(String.init).joined(separator: ", ")
        }
        return "\(rule) at \(Quantity.grouped(startMs))–\(Quantity.ms(endMs)) (\(framesText))"
    }
}

/// An observed change from one phase to another, and how often it happened.
package struct PhaseTransition: Hashable, Sendable {
    /// The phase left, by name.
    package var from: String
    /// The phase entered, by name.
    package var to: String
    /// How many times this change happened (≥ 1).
    package var count: Int

    /// A transition from the phase named `from` to the one named `to`, seen `count` times.
    package init(from: String, to: String, count: Int) {
        self.from = from
        self.to = to
        self.count = count
    }

    /// The transitions between consecutive phase segments entered inside [fromMs, toMs),
    /// counted, in order of first occurrence. A phase entered and left at one instant counts.
    package static func observed(in segments: [Segment], fromMs: Int, toMs: Int) -> [PhaseTransition] {
        var result: [PhaseTransition] = []
        for (previous, next) in zip(segments, segments.dropFirst()) where next.enterMs >= fromMs && next.enterMs < toMs && previous.name != next.name {
            if let index = result.firstIndex(where: { $0.from == previous.name && $0.to == next.name }) {
                result[index].count += 1
            } else {
                result.append(PhaseTransition(from: previous.name, to: next.name, count: 1))
            }
        }
        return result
    }
}

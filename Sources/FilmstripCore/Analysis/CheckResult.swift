/// The outcome of one check of a run: coverage of a phase, or its dominance.
package struct CheckResult: Hashable, Sendable {
    /// `coverage.<phase>` or `dominance.<phase>`.
    package var name: String
    /// Whether the run satisfied it.
    package var passed: Bool
    /// One sentence: what was measured, against what limit.
    package var message: String
    /// When what the check counts was on screen (each flash, each held-back stretch, each rule
    /// broken), in time order, with the frames that show it; empty for a check of the whole
    /// window (coverage, dominance).
    package var moments: [CheckMoment] = []

    /// A check's outcome from its name (`coverage.loading`), whether it passed, and its sentence.
    package init(name: String, passed: Bool, message: String, moments: [CheckMoment] = []) {
        self.name = name
        self.passed = passed
        self.message = message
        self.moments = moments
    }
}

/// An interval a check counted — a flash, a held-back stretch, a rule broken — and the frames
/// taken inside it.
package struct CheckMoment: Hashable, Sendable {
    /// Where it began, ms since the start of the run.
    package var startMs: Int
    /// Where it ended (not included), ms.
    package var endMs: Int
    /// The indices of the frames taken in [startMs, endMs), in order; when none was (a flash
    /// shorter than the frame interval), the frames just before and after it.
    package var frames: [Int]
    /// Whether ``frames`` lie inside the interval (false: they are its neighbours).
    package var framesInside: Bool

    /// An interval [startMs, endMs) and the frames showing it (`inside`) or around it.
    package init(startMs: Int, endMs: Int, frames: [Int], framesInside: Bool) {
        self.startMs = startMs
        self.endMs = endMs
        self.frames = frames
        self.framesInside = framesInside
    }

    /// `1,000 ms` for an interval of one instant, else `1,000–1,200 ms`.
    package var instant: String {
        endMs <= startMs ? Quantity.ms(startMs) : "\(Quantity.grouped(startMs))–\(Quantity.ms(endMs))"
    }

    /// The moment of [startMs, endMs) among the frames taken, `taken` (index, tMs) in time order.
    package static func between(startMs: Int, endMs: Int, taken: [(index: Int, tMs: Int)]) -> CheckMoment {
        // The first frame at or after an instant, by bisection: the frames are in time order.
        func firstAtOrAfter(_ tMs: Int) -> Int {
            var (low, high) = (0, taken.count)
            while low < high {
                let middle = (low + high) / 2
                if taken[middle].tMs < tMs { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let (first, end) = (firstAtOrAfter(startMs), firstAtOrAfter(max(endMs, startMs + 1)))
        guard first >= end else { return CheckMoment(startMs: startMs, endMs: endMs, frames: taken[first..<end].map(\.index), framesInside: true) }
        let around = [first > 0 ? taken[first - 1].index : nil, first < taken.count ? taken[first].index : nil].compactMap { $0 }
        return CheckMoment(startMs: startMs, endMs: endMs, frames: around, framesInside: false)
    }
}

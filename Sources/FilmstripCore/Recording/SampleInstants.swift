/// The instants a recorder samples the bench at, ascending and without repeats: every frame
/// instant of the window (`firstFrameMs`, `firstFrameMs + frameIntervalMs`, …, never held as an
/// array) merged with the stills' instants that fall between them.
///
/// Positions are computed, not stored: the sample of frame `i` is found from `i` and the few
/// stills before it, so a run of 100,000 frames keeps no table of instants.
struct SampleInstants: Sequence, Sendable {
    /// The first frame's instant, ms.
    let firstFrameMs: Int
    /// Time between frame instants, ms (> 0).
    let frameIntervalMs: Int
    /// How many frame instants there are.
    let frameCount: Int
    /// The stills' instants that are not frame instants, ascending, each once.
    let betweenFrames: [Int]

    /// The frame instants from `startMs` every `intervalMs` below `endMs`, and the stills'
    /// instants (`stills`, in any order, repeats allowed).
    init(startMs: Int, endMs: Int, intervalMs: Int, stills: [Int]) {
        precondition(intervalMs > 0, "the frame interval must be positive")
        firstFrameMs = startMs
        frameIntervalMs = intervalMs
        let count = endMs > startMs ? (endMs - startMs + intervalMs - 1) / intervalMs : 0
        frameCount = count
        betweenFrames = Array(Set(stills)).filter { still in
            !(still >= startMs && (still - startMs) % intervalMs == 0 && (still - startMs) / intervalMs < count)
        }.sorted()
    }

    /// How many instants there are.
    var count: Int { frameCount + betweenFrames.count }

    /// Frame `index`'s instant, ms.
    func frameInstant(_ index: Int) -> Int { firstFrameMs + index * frameIntervalMs }

    /// How many frame instants come before `instant`.
    private func framesBefore(_ instant: Int) -> Int {
        guard instant > firstFrameMs else { return 0 }
        return Swift.min(frameCount, (instant - firstFrameMs + frameIntervalMs - 1) / frameIntervalMs)
    }

    /// The position of `instant` in the sequence (0-based); nil when it is not one of its instants.
    func position(of instant: Int) -> Int? {
        let isFrame = instant >= firstFrameMs && (instant - firstFrameMs) % frameIntervalMs == 0 && framesBefore(instant) < frameCount
        guard isFrame || betweenFrames.contains(instant) else { return nil }
        return framesBefore(instant) + betweenFrames.count { $0 < instant }
    }

    /// The instant at `position` (0-based, below ``count``).
    func instant(at position: Int) -> Int {
        // A still sits at its frames-before count plus the stills before it; every other
        // position is a frame, after as many stills as sit before that position.
        var stillsBefore = 0
        for (offset, still) in betweenFrames.enumerated() {
            let stillPosition = framesBefore(still) + offset
            if stillPosition == position { return still }
            if stillPosition < position { stillsBefore = offset + 1 }
        }
        return frameInstant(position - stillsBefore)
    }

    func makeIterator() -> AnyIterator<Int> {
        var position = 0
        let total = count
        return AnyIterator {
            guard position < total else { return nil }
            defer { position += 1 }
            return instant(at: position)
        }
    }
}

import FilmstripCore

/// Which frames of a run `animation.png` holds, in order, and how long each stays on screen.
///
/// Every frame that was drawn (all of them on the virtual clock; on the real clock, those not
/// dropped) is one animation frame, in time order, so animation frame k is the k-th drawn frame.
/// Its delay is the time from it to the next drawn frame, in whole ms: the frame interval on the
/// virtual clock, the measured gap on the real clock (a dropped frame's time goes to the frame
/// before it). The last frame stays until the window ends (`windowEndMs − tMs`; the frame
/// interval when the interval divides the window; 0 when a measured frame came after the end).
///
/// ```swift
/// AnimationSchedule(run).frames   // [(position 0, delay 500 ms), (position 1, delay 500 ms), …]
/// ```
public struct AnimationSchedule: Hashable, Sendable {
    /// One animation frame.
    public struct Frame: Hashable, Sendable {
        /// Its position in the run's frames (``RecordedRun/frames``).
        public let position: Int
        /// How long it stays on screen, ms.
        public let delayMs: Int
    }

    /// The animation's frames, in order; empty when no frame was drawn.
    public let frames: [Frame]

    /// The schedule of `run`'s frames.
    public init(_ run: RecordedRun) {
        let drawn = run.frames.indices.filter { !run.frames[$0].dropped }
        let end = run.plan.windowEndMs
        frames = drawn.enumerated().map { offset, position in
            let nextMs = offset + 1 < drawn.count ? run.frames[drawn[offset + 1]].tMs : end
            return Frame(position: position, delayMs: max(0, nextMs - run.frames[position].tMs))
        }
    }
}

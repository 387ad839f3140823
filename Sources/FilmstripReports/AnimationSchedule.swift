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
package struct AnimationSchedule: Sendable {
    /// One animation frame.
    package struct Frame: Hashable, Sendable {
        /// Its position in the run's frames (``RecordedRun/frames``).
        package let position: Int
        /// How long it stays on screen, ms.
        package let delayMs: Int
    }

    /// The animation's frames, in order, each made when read from the run's frames; empty when
    /// no frame was drawn. What is kept is the position of each drawn frame (4 bytes a frame) on
    /// the real clock, and nothing on the virtual clock, where every frame is drawn.
    package struct Frames: RandomAccessCollection, Sendable {
        /// The drawn frames' positions; nil when every frame was drawn.
        let drawn: [Int32]?
        let frames: FrameRecords
        let endMs: Int

        /// 0.
        package var startIndex: Int { 0 }
        /// The number of animation frames.
        package var endIndex: Int { drawn?.count ?? frames.count }

        /// Animation frame `offset` (0-based).
        package subscript(offset: Int) -> Frame {
            let position = drawn.map { Int($0[offset]) } ?? offset
            let next = offset + 1 < endIndex ? (drawn.map { Int($0[offset + 1]) } ?? offset + 1) : nil
            let nextMs = next.map { frames[$0].tMs } ?? endMs
            return Frame(position: position, delayMs: Swift.max(0, nextMs - frames[position].tMs))
        }
    }

    /// The animation's frames, in order; empty when no frame was drawn.
    package let frames: Frames

    /// The schedule of `run`'s frames.
    package init(_ run: RecordedRun) {
        // The virtual clock drops no frame: nothing to look up or keep.
        guard run.clock != .virtual else {
            frames = Frames(drawn: nil, frames: run.frames, endMs: run.plan.windowEndMs)
            return
        }
        var drawn: [Int32] = []
        drawn.reserveCapacity(run.frames.count)
        for position in run.frames.indices where !run.frames[position].dropped { drawn.append(Int32(position)) }
        frames = Frames(drawn: drawn, frames: run.frames, endMs: run.plan.windowEndMs)
    }
}

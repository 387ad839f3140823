/// When a real-clock frame counts as dropped (docs/ARCHITECTURE.md, rule of time 9): a frame taken more
/// than half a frame interval after its deadline (at least 1 ms) is dropped, never shifted.
enum FrameDeadline {
    /// How late a frame may be taken, in ms: half the frame interval, at least 1 ms.
    static func toleranceMs(frameIntervalMs: Int) -> Int { max(1, frameIntervalMs / 2) }

    /// True when a frame taken `lateByMs` after its deadline is dropped: later than the tolerance.
    static func isDropped(lateByMs: Int, toleranceMs: Int) -> Bool { lateByMs > toleranceMs }
}

/// How long something was on screen inside the recording window: exact milliseconds from the
/// timeline, with the frame count beside it (docs/ARCHITECTURE.md, rule of time 6).
public struct Dwell: Hashable, Sendable {
    /// Milliseconds inside the window, from half-open timeline intervals.
    package var ms: Int
    /// Frames (not dropped) that showed it.
    package var frames: Int
    /// The window's length, in ms.
    package var windowMs: Int
    /// Frames taken in the window (not dropped).
    package var frameCount: Int

    /// A dwell from its milliseconds inside the window, the frames that showed it, the window's
    /// length in ms and the number of frames taken (not dropped) in the window.
    package init(ms: Int, frames: Int, windowMs: Int, frameCount: Int) {
        self.ms = ms
        self.frames = frames
        self.windowMs = windowMs
        self.frameCount = frameCount
    }

    /// `ms / windowMs`, 0...1.
    package var share: Double { windowMs > 0 ? Double(ms) / Double(windowMs) : 0 }
    /// `frames / frameCount`, 0...1.
    package var frameShare: Double { frameCount > 0 ? Double(frames) / Double(frameCount) : 0 }
}

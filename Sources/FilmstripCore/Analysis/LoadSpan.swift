/// A finished load: when it started and when its data was ready, in ms since the start of the run.
public struct LoadSpan: Hashable, Sendable {
    /// When the load started, ms.
    package var startMs: Int
    /// When its data was ready, ms.
    package var readyMs: Int

    /// A load that started at `startMs` and whose data was ready at `readyMs` (≥ `startMs`),
    /// both whole ms since the start of the run.
    package init(startMs: Int, readyMs: Int) {
        self.startMs = startMs
        self.readyMs = readyMs
    }
}

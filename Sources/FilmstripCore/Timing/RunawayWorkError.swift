/// Work that would not stop: a bench that keeps scheduling at one instant, or wakes without
/// end before a frame instant (docs/ARCHITECTURE.md, rule of time 10). The recorder adds the source.
package struct RunawayWorkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The instant, in ms, at which the work was stopped.
    package let atMs: Int
    /// What limit was crossed.
    package let reason: String

    /// An error for work stopped at `atMs` (ms since the start of the run) with the limit crossed.
    package init(atMs: Int, reason: String) {
        self.atMs = atMs
        self.reason = reason
    }

    /// `work without end at <atMs> ms: <reason>`.
    package var description: String { "work without end at \(atMs) ms: \(reason)" }
}

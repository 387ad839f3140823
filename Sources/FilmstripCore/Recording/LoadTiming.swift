/// One request a bench made, timed on its clock: when it started, when its first byte (the
/// status line and headers) arrived, and when it ended (its last byte, or the error). Benches
/// whose work is real transfers report these (``Bench/loadTimings``); `report.json` lists them.
public struct LoadTiming: Hashable, Sendable {
    /// Which request, in words (`task request 3 (generation 2)`).
    public var label: String
    /// When it started, ms since the start of the run.
    package var startMs: Int
    /// When its first byte arrived, ms; nil when none did (refused, timed out).
    package var firstByteMs: Int?
    /// When it ended, ms.
    package var lastByteMs: Int

    /// A timed request; times in ms since the start of the run.
    package init(label: String, startMs: Int, firstByteMs: Int?, lastByteMs: Int) {
        self.label = label
        self.startMs = startMs
        self.firstByteMs = firstByteMs
        self.lastByteMs = lastByteMs
    }
}

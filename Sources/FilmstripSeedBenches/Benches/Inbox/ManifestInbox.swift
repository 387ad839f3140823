import FilmstripCore
/// The inbox's data source (seed 000's `ManifestInbox`): a fake fetch that waits on the
/// injected clock for the beat's latency, then returns the scripted reply.
public struct ManifestInbox: Sendable {
    /// The plan's slow-motion factor, applied to every latency.
    public let slowMotion: SlowMotion

    /// A data source that stretches every latency by `slowMotion`.
    public init(slowMotion: SlowMotion) {
        self.slowMotion = slowMotion
    }

    /// Waits `beat.latencyMs` (stretched by slow motion) on `clock`, then returns the reply.
    /// - Throws: `CancellationError` when the run ends while the fetch is in flight.
    public func fetch(_ beat: Beat, clock: BenchClock) async throws -> Beat.Reply {
        try await clock.sleep(forMs: slowMotion.apply(toMs: beat.latencyMs))
        return beat.reply
    }
}

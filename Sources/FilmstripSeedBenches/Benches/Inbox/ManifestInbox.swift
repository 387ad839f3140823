import FilmstripCore
/// The inbox's data source (the app's `ManifestInbox`): a fake fetch that waits on the
/// injected clock for the beat's latency, then returns the scripted reply.
package struct ManifestInbox: Sendable {
    /// The plan's slow-motion factor, applied to every latency.
    package let slowMotion: SlowMotion

    /// A data source that stretches every latency by `slowMotion`.
    package init(slowMotion: SlowMotion) {
        self.slowMotion = slowMotion
    }

    /// Waits `beat.latencyMs` (stretched by slow motion) on `clock`, then returns the reply.
    /// - Throws: `CancellationError` when the run ends while the fetch is in flight.
    package func fetch(_ beat: Beat, clock: BenchClock) async throws -> Beat.Reply {
        try await clock.sleep(forMs: slowMotion.apply(toMs: beat.latencyMs))
        return beat.reply
    }
}

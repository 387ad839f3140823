import FilmstripCore
/// The scenes bench's model state (the screen's `viewState`): the list of scenes a screen fetches
/// when it opens.
///
/// The phases remember the chain of loads since the screen last showed content — the first load
/// and the retries after it (``LoadSpan``s) — so a panel can apply its loader policy as a pure
/// function of event times: the content may still be held back behind a loader that must stay
/// its minimum time, and a loader still showing when a retry starts carries on into it.
package enum ScenesPhase: BenchPhase, Hashable {
    /// The phase names, in report order.
    package enum Name: String, CaseIterable, Sendable {
        /// One name per case of ``ScenesPhase``, in report order.
        case loading, refreshing, loaded, empty, failed
    }

    /// A first load or a retry is in flight, since `startedAtMs`; no content on screen.
    /// `earlier` holds the loads of the same chain that came before it (a failed load, for a retry).
    case loading(startedAtMs: Int, earlier: [LoadSpan])
    /// A refresh is in flight over content already on screen.
    case refreshing([ManifestRow], startedAtMs: Int)
    /// The scenes are here; `loads` is the chain that brought them, last load last (empty after a refresh).
    case loaded([ManifestRow], loads: [LoadSpan])
    /// The fetch succeeded with no scenes.
    case empty(loads: [LoadSpan])
    /// The fetch failed with this message.
    case failed(String, loads: [LoadSpan])

    /// Which named phase this is.
    package var name: Name {
        switch self {
        case .loading: .loading
        case .refreshing: .refreshing
        case .loaded: .loaded
        case .empty: .empty
        case .failed: .failed
        }
    }

    /// The chain of loads that ended in this phase (empty when it follows a refresh).
    package var settledLoads: [LoadSpan] {
        switch self {
        case .loaded(_, let loads), .empty(let loads), .failed(_, let loads): loads
        case .loading, .refreshing: []
        }
    }

    /// The scenes shown by default when a plan's loaded reply gives none.
    package static let sampleScenes: [ManifestRow] = [
        ManifestRow(title: "Beach at dusk", detail: "warm · 4 variants"),
        ManifestRow(title: "Marble studio", detail: "neutral · 6 variants"),
        ManifestRow(title: "Autumn forest", detail: "soft light · 3 variants"),
    ]
}

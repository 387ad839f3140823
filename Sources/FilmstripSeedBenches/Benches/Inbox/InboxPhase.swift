import FilmstripCore
/// The inbox bench's model state at an instant (the app's `InboxPhase`).
///
/// Four cases, not two: a boolean `isLoading` cannot say "the server answered and there is
/// nothing to show", nor carry the error string a retry needs.
package enum InboxPhase: BenchPhase, Hashable {
    /// The phase names, in report order.
    package enum Name: String, CaseIterable, Sendable {
        /// One name per case of ``InboxPhase``, in report order.
        case loading, empty, failed, loaded
    }

    /// A fetch is in flight; `elapsedMs` since it started.
    case loading(elapsedMs: Int)
    /// The fetch succeeded with nothing in it.
    case empty
    /// The fetch failed with this message (e.g. `ASC 409 · version already exists`).
    case failed(String)
    /// The fetch succeeded with these rows.
    case loaded([ManifestRow])

    /// Which named phase this is.
    package var name: Name {
        switch self {
        case .loading: .loading
        case .empty: .empty
        case .failed: .failed
        case .loaded: .loaded
        }
    }
}

/// The inbox bench's model state at an instant (seed 000's `InboxPhase`).
///
/// Four cases, not two: a boolean `isLoading` cannot say "the server answered and there is
/// nothing to show", nor carry the error string a retry needs.
public enum InboxPhase: Hashable, Sendable {
    /// A fetch is in flight; `elapsedMs` since it started.
    case loading(elapsedMs: Int)
    /// The fetch succeeded with nothing in it.
    case empty
    /// The fetch failed with this message (e.g. `ASC 409 · version already exists`).
    case failed(String)
    /// The fetch succeeded with these rows.
    case loaded([ManifestRow])

    /// The phase's name in plans and reports: "loading", "empty", "failed" or "loaded".
    public var name: String {
        switch self {
        case .loading: "loading"
        case .empty: "empty"
        case .failed: "failed"
        case .loaded: "loaded"
        }
    }

    /// Every phase name, in the order reports list them.
    public static let names = ["loading", "empty", "failed", "loaded"]
}

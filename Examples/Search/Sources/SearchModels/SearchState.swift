/// What the search screen shows.
public enum SearchState: Equatable, Sendable {
    /// Nothing typed.
    case idle
    /// Typing: waiting for the debounce to end.
    case typing
    /// A search in flight, the loader not shown yet.
    case searching
    /// A search in flight with the loader shown.
    case loading
    /// The results.
    case results([String])
    /// The search found nothing.
    case noResults
    /// The search failed; ``SearchModel/retry()`` searches again.
    case failed(String)
}

import Filmstrip
import SearchModels

/// The search screen's state as a bench phase: the models' own ``SearchState``, named.
public enum SearchPhase: BenchPhase, Equatable {
    /// The phase names, in report order.
    public enum Name: String, CaseIterable, Sendable { case idle, typing, searching, loading, results, noResults, failed }
    /// The model's state.
    case shown(SearchState)

    /// Which named phase the state is.
    public var name: Name {
        guard case .shown(let state) = self else { return .idle }
        switch state {
        case .idle: return .idle
        case .typing: return .typing
        case .searching: return .searching
        case .loading: return .loading
        case .results: return .results
        case .noResults: return .noResults
        case .failed: return .failed
        }
    }
}

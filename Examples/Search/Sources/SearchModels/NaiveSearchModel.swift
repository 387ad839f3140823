import Foundation
import Observation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The search screen as it is often first written: a search on every keystroke, the spinner at
/// once, nothing cancelled — whichever reply lands last wins, even an old one.
@MainActor @Observable
public final class NaiveSearchModel {
    /// The text field; every change searches.
    public var query = "" {
        didSet { if query != oldValue { searchNow() } }
    }
    /// What the screen shows.
    public private(set) var state = SearchState.idle

    private let transport: SearchTransport
    private let base: URL

    /// A model fetching through `transport` from `base` (it keeps no clock: it never waits).
    public init(transport: @escaping SearchTransport, base: URL = URL(string: "https://api.example.com")!) {
        self.transport = transport
        self.base = base
    }

    /// Searches again (the Try again button).
    public func retry() { searchNow() }

    private func searchNow() {
        let query = query
        guard !query.isEmpty else { state = .idle; return }
        state = .loading
        Task {
            do {
                let (data, response) = try await transport(SearchRequest.make(query, base: base))
                let rows = try SearchRequest.rows(data, response)
                state = rows.isEmpty ? .noResults : .results(rows)
            } catch {
                state = .failed("\(error)")
            }
        }
    }
}

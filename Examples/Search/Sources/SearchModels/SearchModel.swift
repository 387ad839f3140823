import Foundation
import Observation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The search screen's model, as the app ships it: a 300 ms debounce after each keystroke, a
/// loader only after 200 ms of searching (fast answers never flash it), superseded searches
/// cancelled (a generation number, so a late reply never reaches the screen), and an error with
/// a retry.
@MainActor @Observable
public final class SearchModel {
    /// The text field; every change restarts the debounce.
    public var query = "" {
        didSet { if query != oldValue { schedule(after: debounce) } }
    }
    /// What the screen shows.
    public private(set) var state = SearchState.idle

    private let clock: any Clock<Duration>
    private let transport: SearchTransport
    private let base: URL
    private let debounce: Duration
    private let loaderDelay: Duration
    @ObservationIgnored private var search: Task<Void, Never>?
    @ObservationIgnored private var generation = 0

    /// A model fetching through `transport` from `base`, timed on `clock`.
    public init(
        clock: any Clock<Duration>, transport: @escaping SearchTransport, base: URL = URL(string: "https://api.example.com")!,
        debounce: Duration = .milliseconds(300), loaderDelay: Duration = .milliseconds(200)
    ) {
        self.clock = clock
        self.transport = transport
        self.base = base
        self.debounce = debounce
        self.loaderDelay = loaderDelay
    }

    /// Searches again for the current query, at once (the Try again button).
    public func retry() {
        guard case .failed = state else { return }
        schedule(after: .zero)
    }

    /// The screen went away: the search in flight is cancelled.
    public func disappear() {
        search?.cancel()
        generation += 1
    }

    private func schedule(after wait: Duration) {
        search?.cancel()
        generation += 1
        let generation = generation
        let query = query
        guard !query.isEmpty else { state = .idle; return }
        state = wait == .zero ? .searching : .typing
        search = Task {
            do {
                if wait > .zero {
                    try await clock.sleep(for: wait)
                    state = .searching
                }
                let loader = Task {
                    try await clock.sleep(for: loaderDelay)
                    if generation == self.generation, state == .searching { state = .loading }
                }
                defer { loader.cancel() }
                let (data, response) = try await transport(SearchRequest.make(query, base: base))
                guard generation == self.generation else { return }
                let rows = try SearchRequest.rows(data, response)
                state = rows.isEmpty ? .noResults : .results(rows)
            } catch is CancellationError {
                return
            } catch {
                guard generation == self.generation, !Task.isCancelled else { return }
                state = .failed("\(error)")
            }
        }
    }
}

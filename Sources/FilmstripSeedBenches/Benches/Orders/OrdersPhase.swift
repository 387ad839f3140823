import FilmstripCore
/// The orders screen's state at an instant (the async content state pattern), kept apart
/// from what any panel draws: the data, the activity, the error, the retry bookkeeping and the
/// network. Its ``name`` and every panel's depiction are derived from it, never stored beside it.
package struct OrdersPhase: BenchPhase, Hashable {
    /// The phase names, in report order.
    package enum Name: String, CaseIterable, Sendable {
        /// The names ``OrdersPhase/name`` derives from the state, in report order.
        case loading, refreshing, loaded, emptyFirstUse, noResults, failed, offline
    }

    /// What data the screen holds.
    package enum Content: Hashable, Sendable {
        /// Nothing loaded yet.
        case none
        /// Success, and the user has never created anything.
        case emptyFirstUse
        /// Success, and nothing matches this query.
        case noResults(query: String)
        /// The orders.
        case rows([ManifestRow])
    }

    /// What the screen is doing.
    package enum Activity: Hashable, Sendable {
        /// No request in flight and none waiting.
        case idle
        /// A request is in flight.
        case fetching(Request)
        /// Waiting for the connection to come back.
        case pausedOffline
    }

    /// One request.
    package struct Request: Hashable, Sendable {
        /// Why it was sent.
        package enum Reason: String, Hashable, Sendable {
            /// The screen's first load, a tap on Try again, an automatic retry after a failure, a pull to
            /// refresh, a new search.
            case firstLoad, manualRetry, automaticRetry, refresh, search
        }
        /// Increases with every request; a reply whose id is not the current request's is late and ignored.
        package var id: Int
        /// Why it was sent.
        package var reason: Reason
        /// When it was sent, ms since the start of the run.
        package var startedAtMs: Int
    }

    /// Retry bookkeeping.
    package struct Retry: Hashable, Sendable {
        /// Failures in a row.
        package var failures: Int
        /// Automatic retries stop after this many failures in a row.
        package var limit: Int
        /// When the next automatic retry starts, ms; nil when none is scheduled.
        package var nextAutomaticAtMs: Int?
    }

    /// A failed request: its HTTP status and the server's words.
    package struct Failure: Hashable, Sendable {
        /// The HTTP status code, e.g. 500.
        package var status: Int
        /// The server's words, e.g. `Internal Server Error`.
        package var message: String
    }

    /// What data the screen holds.
    public var content: Content
    /// What the screen is doing: idle, fetching, or waiting to reconnect.
    package var activity: Activity
    /// The last request's failure; nil after a success.
    package var error: Failure?
    /// Failures in a row, the limit, and the next automatic retry.
    package var retry: Retry
    /// Whether the device has a connection.
    package var online: Bool
    /// The active search, if any.
    package var query: String?

    /// A state from each of its parts, as the fields above describe them.
    package init(content: Content, activity: Activity, error: Failure?, retry: Retry, online: Bool, query: String?) {
        self.content = content
        self.activity = activity
        self.error = error
        self.retry = retry
        self.online = online
        self.query = query
    }

    /// The screen before anything happened.
    package static func initial(retryLimit: Int) -> OrdersPhase {
        OrdersPhase(content: .none, activity: .idle, error: nil, retry: Retry(failures: 0, limit: retryLimit, nextAutomaticAtMs: nil), online: true, query: nil)
    }

    /// True when rows are on screen.
    package var hasRows: Bool {
        if case .rows = content { return true }
        return false
    }

    /// The request in flight, if any.
    package var inFlight: Request? {
        if case .fetching(let request) = activity { return request }
        return nil
    }

    /// The phase's name in reports, derived from the state: `offline`, `refreshing`, `loading`,
    /// `failed`, `loaded`, `emptyFirstUse` or `noResults`.
    package var name: Name {
        if !online && !hasRows { return .offline }
        // Rows the state holds stay on screen while any request runs (a first order created
        // while a search is in flight, say): that is a refresh, not a load.
        if inFlight != nil { return hasRows ? .refreshing : .loading }
        switch content {
        case .rows: return .loaded
        case .emptyFirstUse: return error == nil ? .emptyFirstUse : .failed
        case .noResults: return error == nil ? .noResults : .failed
        case .none: return error == nil ? .loading : .failed
        }
    }
}

import FilmstripCore
/// One scripted step of an orders plan, at an exact instant (the pattern's walk-throughs).
package struct OrdersEvent: Hashable, Sendable {
    /// What the server answers to the requests that follow, until told otherwise.
    package enum Answer: Hashable, Sendable {
        /// The orders.
        case rows([ManifestRow])
        /// Success with nothing in it: the user has no orders yet.
        case empty
        /// Success with nothing matching the active search.
        case noResults
        /// A failure: an HTTP status code and the server's words.
        case error(status: Int, message: String)
    }

    /// The event.
    package enum Kind: Hashable, Sendable {
        /// The screen opens again: everything on it is dropped and the first load starts.
        case reopen
        /// The screen opens again on the orders it last loaded (plan: `"reopen"` with
        /// `"cached": true`), shown at once with the refresh indicator while a refresh
        /// revalidates them (TanStack Query, SWR, Apollo's cache-and-network). With nothing
        /// cached yet it is a plain ``reopen``.
        case reopenCached
        /// The person taps Try again.
        case tapTryAgain
        /// The person pulls to refresh.
        case tapRefresh
        /// The server's next answers, and optionally how long they take (ms, before slow motion).
        case serverAnswers(Answer, latencyMs: Int?)
        /// The device loses its connection.
        case networkOffline
        /// The device gets its connection back.
        case networkOnline
        /// The person searches for a query.
        case search(String)
        /// The person clears the search.
        case clearSearch
        /// The person creates their first order from the empty state.
        case createFirstItem
    }

    /// When, in ms since the start of the run.
    package var atMs: Int
    /// What.
    package var kind: Kind

    /// An event of `kind` at `atMs`, ms since the start of the run.
    package init(atMs: Int, kind: Kind) {
        self.atMs = atMs
        self.kind = kind
    }

    /// The event names plans use.
    package static let names = [
        "reopen", "tapTryAgain", "tapRefresh", "serverAnswers", "networkOffline", "networkOnline", "search", "clearSearch", "createFirstItem",
    ]

    /// The sample orders a `rows` answer carries when a plan gives none.
    package static let sampleOrders: [ManifestRow] = [
        ManifestRow(title: "Order #1042", detail: "2 items · €48.00 · shipped"),
        ManifestRow(title: "Order #1041", detail: "1 item · €12.50 · delivered"),
        ManifestRow(title: "Order #1039", detail: "4 items · €96.10 · delivered"),
    ]
}

/// The orders bench's own part of a plan: its timed events (plan member `script`) and its
/// settings (plan member `settings`).
package struct OrdersSettings: BenchSettings {
    /// The timed events, in plan order.
    package var events: [OrdersEvent]
    /// How long the server takes to answer, ms (before slow motion), unless an answer says otherwise.
    package var latencyMs: Int
    /// Automatic retries stop after this many failures in a row ("after several"; default 3).
    package var retryLimit: Int
    /// The fixed delay before each automatic retry, ms.
    package var retryDelayMs: Int
    /// Whether the content's layout is known before it loads (a list: yes), so a skeleton can stand in for it.
    package var layoutKnown: Bool

    /// Settings from the timed events and the values above: the answer latency in ms before slow
    /// motion (default 400), the retry limit (default 3 failures in a row), the delay before each
    /// automatic retry in ms (default 1000), and whether the layout is known (default true).
    package init(events: [OrdersEvent] = [], latencyMs: Int = 400, retryLimit: Int = 3, retryDelayMs: Int = 1000, layoutKnown: Bool = true) {
        self.events = events
        self.latencyMs = latencyMs
        self.retryLimit = retryLimit
        self.retryDelayMs = retryDelayMs
        self.layoutKnown = layoutKnown
    }
}

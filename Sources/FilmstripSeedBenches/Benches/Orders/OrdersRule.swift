import FilmstripCore
/// The rules of the async content state pattern (docs/BENCHES.md), checked for every panel from the state
/// and the panel's depiction at each instant (never from frames).
package enum OrdersRule: String, CaseIterable, Sendable {
    /// A load with nothing on screen (the first load, a retry, a search): skeleton rows when the
    /// layout is known, a spinner when it is not.
    case loadingPlaceholder
    /// A refresh keeps the content on screen (no loading state over content).
    case refreshKeepsContent
    /// Empty on first use: a title, one sentence, one primary action.
    case emptyFirstUse
    /// No results: repeat the query, offer to clear it, no create action.
    case noResults
    /// Error: plain words, no status codes on screen, a retry action.
    case errorPlainWords
    /// An error while content is on screen keeps the content and reports it in a snackbar.
    case errorKeepsContent
    /// Offline: say the device is offline; show cached content with an offline indicator.
    case offlineSaysOffline
    /// Retry goes back to loading, and its action is disabled while a request is in flight.
    case retryLockedInFlight

    /// The rule in one sentence, for reports.
    package var sentence: String {
        switch self {
        case .loadingPlaceholder: "a load with nothing on screen shows skeleton rows when the layout is known, a spinner when not"
        case .refreshKeepsContent: "a refresh keeps the content on screen"
        case .emptyFirstUse: "empty on first use: a title, one sentence, one primary action"
        case .noResults: "no results repeats the query and offers to clear it, with no create action"
        case .errorPlainWords: "an error is said in plain words, with no status code, and a retry"
        case .errorKeepsContent: "an error over content keeps the content and shows a snackbar"
        case .offlineSaysOffline: "offline says the device is offline (with cached content, an indicator)"
        case .retryLockedInFlight: "retry goes back to loading; its action is disabled while in flight"
        }
    }

    /// The rules `depiction` breaks when the screen is in `phase`.
    package static func broken(by depiction: Depiction, in phase: OrdersPhase, layoutKnown: Bool) -> [OrdersRule] {
        switch phase.name {
        case .loading:
            if phase.inFlight?.reason == .manualRetry || phase.inFlight?.reason == .automaticRetry,
               depiction == .errorRetryLive || depiction == .errorRetry || depiction == .errorStatusCode
            {
                return [.retryLockedInFlight]
            }
            let expected: Depiction = layoutKnown ? .skeleton : .spinner
            return depiction == expected ? [] : [.loadingPlaceholder]
        case .refreshing:
            guard [.rows, .rowsRefreshing, .rowsSnackbar, .rowsRefreshingSnackbar].contains(depiction) else { return [.refreshKeepsContent] }
            if phase.error != nil { return [.rowsSnackbar, .rowsRefreshingSnackbar].contains(depiction) ? [] : [.errorKeepsContent] }
            return []
        case .loaded:
            if !phase.online { return [.rowsOffline].contains(depiction) ? [] : [.offlineSaysOffline] }
            if phase.error != nil { return depiction == .rowsSnackbar ? [] : [.errorKeepsContent] }
            return []
        case .emptyFirstUse:
            return depiction == .emptyFirstUse ? [] : [.emptyFirstUse]
        case .noResults:
            return depiction == .noResults ? [] : [.noResults]
        case .failed:
            return depiction == .errorRetry ? [] : [.errorPlainWords]
        case .offline:
            return depiction == .offlineMessage ? [] : [.offlineSaysOffline]
        }
    }
}

import FilmstripCore

extension Depiction {
    /// Skeleton rows shaped like the content (a load whose layout is known).
    package static let skeleton = Depiction("skeleton")
    /// Rows with a small refresh indicator: content kept during a refresh.
    package static let rowsRefreshing = Depiction("rowsRefreshing")
    /// Rows with a snackbar reporting a failure: content kept after an error.
    package static let rowsSnackbar = Depiction("rowsSnackbar")
    /// Rows with the snackbar of an earlier failure and the refresh indicator: a refresh runs
    /// while the error it may resolve is still in the state.
    package static let rowsRefreshingSnackbar = Depiction("rowsRefreshingSnackbar")
    /// Rows (cached) with a discreet offline indicator.
    package static let rowsOffline = Depiction("rowsOffline")
    /// Empty on first use: a title, one sentence, one primary action.
    package static let emptyFirstUse = Depiction("emptyFirstUse")
    /// No results: the query repeated, a way to clear it, no create action.
    package static let noResults = Depiction("noResults")
    /// An empty list with nothing to say why or what to do.
    package static let emptyList = Depiction("emptyList")
    /// An error that shows its HTTP status code.
    package static let errorStatusCode = Depiction("errorStatusCode")
    /// An error whose retry action stays live while a request is in flight.
    package static let errorRetryLive = Depiction("errorRetryLive")
    /// The device is offline, said in those words, with the manual retry.
    package static let offlineMessage = Depiction("offlineMessage")
    /// "Something went wrong" where the device is simply offline.
    package static let somethingWentWrong = Depiction("somethingWentWrong")
}

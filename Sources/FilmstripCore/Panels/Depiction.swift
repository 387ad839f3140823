/// What a panel actually shows a person at an instant (DESIGN.md, "depiction").
///
/// Panels report it beside their pixels; dwell and coverage are computed per depiction.
/// The identifier is the name used in reports and JSON (`"spinner"`, `"emptyMessage"`, …).
public struct Depiction: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The name used in reports: lower camel case.
    public let id: String

    public init(_ id: String) {
        self.id = id
    }

    public var description: String { id }

    public static func < (lhs: Depiction, rhs: Depiction) -> Bool { lhs.id < rhs.id }

    /// Nothing but a dash and a note: the control's silence (seed 000).
    public static let dash = Depiction("dash")
    /// A spinning loader.
    public static let spinner = Depiction("spinner")
    /// Skeleton rows shaped like the content.
    public static let skeleton = Depiction("skeleton")
    /// An empty-state message (seed 000's `0 pending`).
    public static let emptyMessage = Depiction("emptyMessage")
    /// An error message with a retry action.
    public static let errorRetry = Depiction("errorRetry")
    /// The content rows.
    public static let rows = Depiction("rows")
}

extension Depiction {
    /// Nothing at all: neither loader nor content (a loader still inside its delay).
    public static let blank = Depiction("blank")
}

extension Depiction {
    /// Rows with a small refresh indicator: content kept during a refresh.
    public static let rowsRefreshing = Depiction("rowsRefreshing")
    /// Rows with a snackbar reporting a failure: content kept after an error.
    public static let rowsSnackbar = Depiction("rowsSnackbar")
    /// Rows with the snackbar of an earlier failure and the refresh indicator: a refresh runs
    /// while the error it may resolve is still in the state.
    public static let rowsRefreshingSnackbar = Depiction("rowsRefreshingSnackbar")
    /// Rows (cached) with a discreet offline indicator.
    public static let rowsOffline = Depiction("rowsOffline")
    /// Empty on first use: a title, one sentence, one primary action.
    public static let emptyFirstUse = Depiction("emptyFirstUse")
    /// No results: the query repeated, a way to clear it, no create action.
    public static let noResults = Depiction("noResults")
    /// An empty list with nothing to say why or what to do.
    public static let emptyList = Depiction("emptyList")
    /// An error that shows its HTTP status code.
    public static let errorStatusCode = Depiction("errorStatusCode")
    /// An error whose retry action stays live while a request is in flight.
    public static let errorRetryLive = Depiction("errorRetryLive")
    /// The device is offline, said in those words, with the manual retry.
    public static let offlineMessage = Depiction("offlineMessage")
    /// "Something went wrong" where the device is simply offline.
    public static let somethingWentWrong = Depiction("somethingWentWrong")
}

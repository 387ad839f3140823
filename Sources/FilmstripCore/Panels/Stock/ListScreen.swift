import FilmstripRaster

/// The slots of a list screen, the async content states of a screen of rows (loading, content,
/// empty, error, offline): what the model has, stated once, from which the phase, the
/// depiction, the colours and the pixels of ``ListScreenPanel`` all follow.
///
/// A bench fills the slots from its model in one closure and needs no phase enum of its own,
/// no depictions and no drawing code (``BenchDefinition/listScreen(name:summary:panel:defaultExpectations:make:screen:perform:)``):
///
/// ```swift
/// screen: { model in
///     ListScreen(
///         rows: model.orders.map { ListRow($0.title, detail: $0.status) },
///         loading: model.isLoading ? (model.showsSpinner ? .spinner : .hidden) : nil,
///         refreshing: model.isRefreshing, banner: model.refreshError,
///         empty: .firstUse(title: "No orders yet", message: "Orders you place appear here.", action: "Create order"),
///         failure: model.error, offline: !model.isOnline)
/// }
/// ```
///
/// Which phase the slots are (``name``), first match wins: with rows, `refreshing` while
/// ``refreshing``, else `loaded` (a ``banner`` or ``offline`` is drawn over the kept rows); without
/// rows, `loading` while ``loading`` is set (or a refresh runs), `offline`, `failed` when there is
/// a ``failure``, `emptyFirstUse` or `noResults` by ``empty``, else `blank`.
public struct ListScreen: BenchPhase, Hashable {
    /// The phase names, in report order.
    public enum Name: String, CaseIterable, Sendable {
        /// Nothing to show and nothing in flight (before the screen appears).
        case blank
        /// A first load in flight, no rows yet.
        case loading
        /// Rows on screen.
        case loaded
        /// Rows on screen, a refresh in flight.
        case refreshing
        /// Loaded, nothing in it, on first use.
        case emptyFirstUse
        /// Loaded, nothing matched the query.
        case noResults
        /// The load failed, no rows to keep.
        case failed
        /// The device is offline, no rows to keep.
        case offline
    }

    /// What a first load shows.
    public enum Loader: Hashable, Sendable {
        /// Nothing yet (a loader still inside its delay): the `blank` depiction.
        case hidden
        /// Skeleton rows shaped like the content, for a list whose layout is known: `skeleton`.
        case skeleton
        /// A spinner: `spinner`.
        case spinner
    }

    /// Success with nothing in it: the two cases need different words (the async-content pattern).
    public enum Empty: Hashable, Sendable {
        /// Nothing created yet: a title naming what lives here, one sentence, one primary action.
        case firstUse(title: String, message: String, action: String)
        /// Nothing matched: the query repeated, and a way out (`Clear search`); no create action.
        case noResults(query: String, action: String)
    }

    /// The rows, top to bottom; kept on screen during a refresh, an error or while offline.
    public var rows: [ListRow]
    /// A first load in flight and what it shows; nil when none runs.
    public var loading: Loader?
    /// A refresh in flight (pull to refresh): a small indicator over the kept rows.
    public var refreshing: Bool
    /// An error over kept rows, in plain words (`Couldn't refresh orders`): a snackbar.
    public var banner: String?
    /// What an empty answer shows; nil for a screen that never loads an empty list.
    public var empty: Empty?
    /// A failure with nothing to keep, in plain words (`Couldn't load your orders.`), with Try again.
    public var failure: String?
    /// The device is offline: `You're offline` with Try again, or a discreet bar over kept rows.
    public var offline: Bool

    /// Slots as the model has them; every slot is empty by default (the `blank` phase).
    public init(
        rows: [ListRow] = [], loading: Loader? = nil, refreshing: Bool = false, banner: String? = nil,
        empty: Empty? = nil, failure: String? = nil, offline: Bool = false
    ) {
        self.rows = rows
        self.loading = loading
        self.refreshing = refreshing
        self.banner = banner
        self.empty = empty
        self.failure = failure
        self.offline = offline
    }

    /// Which phase the slots are (the rules above).
    public var name: Name {
        if !rows.isEmpty { return refreshing ? .refreshing : .loaded }
        if loading != nil || refreshing { return .loading }
        if offline { return .offline }
        if failure != nil { return .failed }
        switch empty {
        case .firstUse: return .emptyFirstUse
        case .noResults: return .noResults
        case nil: return .blank
        }
    }

    /// The colour of each phase (the orders screen's); loading and refreshing are in flight.
    @Sendable public static func style(_ name: Name) -> PhaseStyle {
        switch name {
        case .blank: PhaseStyle(color: Color(hex: 0x94A3B8))
        case .loading: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
        case .loaded: PhaseStyle(color: Color(hex: 0x3DDC97))
        case .refreshing: PhaseStyle(color: Color(hex: 0x7DD3FC), isInFlight: true)
        case .emptyFirstUse: PhaseStyle(color: Color(hex: 0x5AB0F0))
        case .noResults: PhaseStyle(color: Color(hex: 0x2DD4BF))
        case .failed: PhaseStyle(color: Color(hex: 0xF0555A))
        case .offline: PhaseStyle(color: Color(hex: 0xA78BFA))
        }
    }

    /// Every depiction ``ListScreenPanel`` shows, with its colour and role: `blank`, `skeleton`
    /// and `spinner` (loaders), `rows`, `rowsRefreshing`, `rowsSnackbar`, `rowsRefreshingSnackbar`,
    /// `rowsOffline`, `emptyFirstUse`, `noResults`, `errorRetry`, `offlineMessage`.
    public static let depictions: [DepictionStyle] = [
        DepictionStyle("blank", color: Color(hex: 0x374151), role: .blank),
        DepictionStyle("skeleton", color: Color(hex: 0xA8A29E), role: .loader),
        DepictionStyle("spinner", color: Color(hex: 0xF5B841), role: .loader),
        DepictionStyle("rows", color: Color(hex: 0x3DDC97)),
        DepictionStyle("rowsRefreshing", color: Color(hex: 0x7DD3FC)),
        DepictionStyle("rowsSnackbar", color: Color(hex: 0xFB923C)),
        DepictionStyle("rowsRefreshingSnackbar", color: Color(hex: 0xA3E635)),
        DepictionStyle("rowsOffline", color: Color(hex: 0xE879F9)),
        DepictionStyle("emptyFirstUse", color: Color(hex: 0x5AB0F0)),
        DepictionStyle("noResults", color: Color(hex: 0x2DD4BF)),
        DepictionStyle("errorRetry", color: Color(hex: 0xF0555A)),
        DepictionStyle("offlineMessage", color: Color(hex: 0xA78BFA)),
    ]

    /// What the slots show (``ListScreenPanel`` draws it): with rows, `rowsOffline` while
    /// offline, else `rows`, `rowsRefreshing`, `rowsSnackbar` or `rowsRefreshingSnackbar` by the
    /// refresh and the banner; without rows, the loader (`blank` while hidden), `offlineMessage`,
    /// `errorRetry`, `emptyFirstUse`, `noResults`, or `blank`.
    public var depiction: Depiction {
        switch name {
        case .loaded, .refreshing:
            if offline { return Depiction("rowsOffline") }
            switch (refreshing, banner != nil) {
            case (false, false): return Depiction("rows")
            case (true, false): return Depiction("rowsRefreshing")
            case (false, true): return Depiction("rowsSnackbar")
            case (true, true): return Depiction("rowsRefreshingSnackbar")
            }
        case .loading:
            switch loading ?? .spinner {
            case .hidden: return Depiction("blank")
            case .skeleton: return Depiction("skeleton")
            case .spinner: return Depiction("spinner")
            }
        case .offline: return Depiction("offlineMessage")
        case .failed: return Depiction("errorRetry")
        case .emptyFirstUse: return Depiction("emptyFirstUse")
        case .noResults: return Depiction("noResults")
        case .blank: return Depiction("blank")
        }
    }
}

/// One row of a ``ListScreen``: a title, and a detail under it in dimmer text.
public struct ListRow: Hashable, Sendable {
    /// The first line (`Order #1042`).
    public var title: String
    /// The second line (`Shipped · 2 items`); empty for none.
    public var detail: String

    /// A row titled `title` with `detail` under it.
    public init(_ title: String, detail: String = "") {
        self.title = title
        self.detail = detail
    }
}

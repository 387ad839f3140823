import FilmstripRaster

/// The slots of a single-value screen (a detail, a card: a profile, an order, a receipt), the
/// same async content states as ``ListScreen`` around one value instead of rows; drawn by
/// ``DetailScreenPanel``.
///
/// ```swift
/// phase: { model in
///     DetailScreen(
///         card: model.order.map { DetailScreen.Card(title: $0.number, lines: [$0.status, $0.total]) },
///         loading: model.isLoading ? .skeleton : nil, refreshing: model.isRefreshing,
///         banner: model.refreshError, failure: model.error, offline: !model.isOnline)
/// }
/// ```
///
/// Which phase the slots are, first match wins: with a card, `refreshing` while ``refreshing``,
/// else `loaded`; without one, `loading` while ``loading`` is set (or a refresh runs), `offline`,
/// `failed` when there is a ``failure``, `empty` when there is an ``empty`` message, else `blank`.
public struct DetailScreen: BenchPhase, Hashable {
    /// The phase names, in report order.
    public enum Name: String, CaseIterable, Sendable {
        /// Nothing to show and nothing in flight.
        case blank
        /// A first load in flight, no value yet.
        case loading
        /// The value on screen.
        case loaded
        /// The value on screen, a refresh in flight.
        case refreshing
        /// Loaded, and there is no value (`No receipt for this order yet`).
        case empty
        /// The load failed, no value to keep.
        case failed
        /// The device is offline, no value to keep.
        case offline
    }

    /// The value: a title and the lines under it.
    public struct Card: Hashable, Sendable {
        /// The title (`Order #1042`).
        public var title: String
        /// The lines under the title, top to bottom (`Shipped`, `2 items · €48.00`).
        public var lines: [String]

        /// A card titled `title` with `lines` under it.
        public init(title: String, lines: [String] = []) {
            self.title = title
            self.lines = lines
        }
    }

    /// The value; nil until one is loaded.
    public var card: Card?
    /// A first load in flight and what it shows (``ListScreen/Loader``); nil when none runs.
    public var loading: ListScreen.Loader?
    /// A refresh in flight: a small indicator under the kept card.
    public var refreshing: Bool
    /// An error over the kept card, in plain words: a snackbar.
    public var banner: String?
    /// What an answer without a value says, in plain words; nil for none.
    public var empty: String?
    /// A failure with nothing to keep, in plain words, with Try again.
    public var failure: String?
    /// The device is offline: `You're offline` with Try again, or a bar under the kept card.
    public var offline: Bool

    /// Slots as the model has them; every slot is empty by default (the `blank` phase).
    public init(
        card: Card? = nil, loading: ListScreen.Loader? = nil, refreshing: Bool = false, banner: String? = nil,
        empty: String? = nil, failure: String? = nil, offline: Bool = false
    ) {
        self.card = card
        self.loading = loading
        self.refreshing = refreshing
        self.banner = banner
        self.empty = empty
        self.failure = failure
        self.offline = offline
    }

    /// Which phase the slots are (the rules above).
    public var name: Name {
        if card != nil { return refreshing ? .refreshing : .loaded }
        if loading != nil || refreshing { return .loading }
        if offline { return .offline }
        if failure != nil { return .failed }
        return empty != nil ? .empty : .blank
    }

    /// The colour of each phase (those of ``ListScreen/style(_:)``); loading and refreshing are in flight.
    @Sendable public static func style(_ name: Name) -> PhaseStyle {
        switch name {
        case .blank: ListScreen.style(.blank)
        case .loading: ListScreen.style(.loading)
        case .loaded: ListScreen.style(.loaded)
        case .refreshing: ListScreen.style(.refreshing)
        case .empty: ListScreen.style(.emptyFirstUse)
        case .failed: ListScreen.style(.failed)
        case .offline: ListScreen.style(.offline)
        }
    }

    /// Every depiction ``DetailScreenPanel`` shows, with its colour and role: `blank`, `skeleton`
    /// and `spinner` (loaders), `card`, `cardRefreshing`, `cardSnackbar`, `cardRefreshingSnackbar`,
    /// `cardOffline`, `emptyMessage`, `errorRetry`, `offlineMessage`.
    public static let depictions: [DepictionStyle] = [
        DepictionStyle("blank", color: Color(hex: 0x374151), role: .blank),
        DepictionStyle("skeleton", color: Color(hex: 0xA8A29E), role: .loader),
        DepictionStyle("spinner", color: Color(hex: 0xF5B841), role: .loader),
        DepictionStyle("card", color: Color(hex: 0x3DDC97)),
        DepictionStyle("cardRefreshing", color: Color(hex: 0x7DD3FC)),
        DepictionStyle("cardSnackbar", color: Color(hex: 0xFB923C)),
        DepictionStyle("cardRefreshingSnackbar", color: Color(hex: 0xA3E635)),
        DepictionStyle("cardOffline", color: Color(hex: 0xE879F9)),
        DepictionStyle("emptyMessage", color: Color(hex: 0x5AB0F0)),
        DepictionStyle("errorRetry", color: Color(hex: 0xF0555A)),
        DepictionStyle("offlineMessage", color: Color(hex: 0xA78BFA)),
    ]

    /// What the slots show (``DetailScreenPanel`` draws it), by the rules of ``ListScreen/depiction``
    /// with `card` for `rows` and `emptyMessage` for an empty answer.
    public var depiction: Depiction {
        switch name {
        case .loaded, .refreshing:
            if offline { return Depiction("cardOffline") }
            switch (refreshing, banner != nil) {
            case (false, false): return Depiction("card")
            case (true, false): return Depiction("cardRefreshing")
            case (false, true): return Depiction("cardSnackbar")
            case (true, true): return Depiction("cardRefreshingSnackbar")
            }
        case .loading:
            switch loading ?? .spinner {
            case .hidden: return Depiction("blank")
            case .skeleton: return Depiction("skeleton")
            case .spinner: return Depiction("spinner")
            }
        case .offline: return Depiction("offlineMessage")
        case .failed: return Depiction("errorRetry")
        case .empty: return Depiction("emptyMessage")
        case .blank: return Depiction("blank")
        }
    }
}

/// A stock panel that draws a ``DetailScreen`` from its slots: a card-shaped skeleton (or a
/// spinner) for a first load; the card's title and lines, with `Refreshing…`, a snackbar or the
/// offline bar under them; the empty message; plain words with Try again; `You're offline` with
/// Try again. Its depiction is ``DetailScreen/depiction``, so it needs no
/// ``Panel/depictionChanges(in:enteredAtMs:)``.
public struct DetailScreenPanel: Panel {
    /// The identifier plans and reports use.
    public let id: String
    /// The title bar's caption.
    public let title: String
    /// Border, title bar, indicators and buttons.
    public let tint: Color

    /// A panel named `id` (default `screen`), captioned `title` (default `SCREEN`), tinted `tint`
    /// (default ``Palette/mint``).
    public init(id: String = "screen", title: String = "SCREEN", tint: Color = Palette.mint) {
        self.id = id
        self.title = title
        self.tint = tint
    }

    /// ``DetailScreen/depiction``: the slots decide, the instant does not.
    public func depiction(for phase: DetailScreen, atMs timeMs: Int) -> Depiction { phase.depiction }

    /// `[]`: the depiction depends on the slots alone.
    public func depictionChanges(in phase: DetailScreen, enteredAtMs: Int) -> [Int] { [] }

    /// Draws the slots at 1× through the painter's layout; texts and buttons are exposed as
    /// semantic elements, loaders as progress indicators.
    public func draw(_ phase: DetailScreen, atMs timeMs: Int, on painter: inout PanelPainter) {
        let last = PanelLayout.bodyLines - 1
        let depiction = phase.depiction.id
        if depiction.hasPrefix("card"), let card = phase.card {
            painter.centeredText(card.title, line: 1, color: Palette.text)
            for (index, line) in card.lines.prefix(last - 4).enumerated() {
                painter.centeredText(line, line: 3 + index, color: Palette.dimText)
            }
        }
        switch depiction {
        case "skeleton": StockDrawing.skeletonCard(on: &painter, label: "Loading")
        case "spinner": StockDrawing.spinner(on: &painter, tint: tint, atMs: timeMs)
        case "cardRefreshing": painter.centeredText("Refreshing…", line: last, color: tint, role: .progressIndicator)
        case "cardSnackbar": StockDrawing.bar(phase.banner ?? "", on: &painter, line: last, background: Palette.text, color: Palette.header)
        case "cardRefreshingSnackbar":
            painter.centeredText("Refreshing…", line: last - 1, color: tint, role: .progressIndicator)
            StockDrawing.bar(phase.banner ?? "", on: &painter, line: last, background: Palette.text, color: Palette.header)
        case "cardOffline": StockDrawing.bar("Offline · showing saved copy", on: &painter, line: last, background: Palette.faint, color: Palette.text)
        case "emptyMessage": StockDrawing.words(phase.empty ?? "", on: &painter, line: 2, maxLines: 3, color: Palette.text)
        case "errorRetry":
            StockDrawing.words(phase.failure ?? "", on: &painter, line: 1, maxLines: 2, color: Palette.text)
            StockDrawing.button("Try again", on: &painter, line: 4, color: tint)
        case "offlineMessage":
            painter.centeredText("You're offline", line: 1, color: Palette.text)
            painter.centeredText("It loads when you reconnect.", line: 2, color: Palette.dimText)
            StockDrawing.button("Try again", on: &painter, line: 4, color: tint)
        default: break  // blank, or the card alone.
        }
    }
}

import FilmstripCore
import FilmstripRaster

/// Drawing shared by the two orders panels.
struct OrdersCanvas {
    static func skeleton(on painter: inout PanelPainter, tint: Color) {
        let body = PanelLayout.body
        for row in 0..<4 {
            let top = body.y + 8 + row * ManifestList.rowHeight
            painter.canvas.fill(Rect(x: body.x + 8, y: top + 4, width: 6, height: 6), with: Palette.faint)
            painter.canvas.fill(Rect(x: body.x + 20, y: top + 2, width: 110 - row * 12, height: 8), with: Palette.faint)
            painter.canvas.fill(Rect(x: body.x + 20, y: top + 15, width: 150 - row * 20, height: 6), with: Palette.faint)
        }
        painter.expose(SemanticElement(role: .progressIndicator, label: "Loading orders"))
    }

    static func spinner(on painter: inout PanelPainter, tint: Color, atMs timeMs: Int) {
        Spinner(center: Point(x: PanelLayout.centerX, y: 70), radius: 14, highlight: tint, dim: Palette.faint)
            .draw(on: &painter.canvas, atMs: timeMs)
        painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
    }

    static func button(_ label: String, on painter: inout PanelPainter, top: Int, color: Color, enabled: Bool = true) {
        let x = PanelLayout.centerX
        let width = painter.font.width(of: label) + 16
        painter.canvas.stroke(Rect(x: x - width / 2, y: top, width: width, height: 18), with: enabled ? color : Palette.faint)
        painter.centeredText(label, centerX: x, baseline: top + 13, color: enabled ? color : Palette.faint, role: .button)
    }

    static func rows(_ phase: OrdersPhase, on painter: inout PanelPainter, tint: Color) {
        if case .rows(let rows) = phase.content { ManifestList(rows: rows, tint: tint).draw(on: &painter) }
    }

    /// Empty on first use: a title naming what lives here, one sentence, one primary action.
    static func emptyFirstUse(on painter: inout PanelPainter, tint: Color) {
        let x = PanelLayout.centerX
        painter.centeredText("No orders yet", centerX: x, baseline: 50, color: Palette.text)
        painter.centeredText("Orders you place appear here.", centerX: x, baseline: 70, color: Palette.dimText)
        button("Create order", on: &painter, top: 90, color: tint)
    }

    /// No results: the query repeated and a way to clear it; no create action.
    static func noResults(query: String, on painter: inout PanelPainter, tint: Color) {
        painter.centeredText("No results for \"\(query)\"", centerX: PanelLayout.centerX, baseline: 56, color: Palette.text)
        button("Clear search", on: &painter, top: 80, color: tint)
    }

    /// A bar along the bottom of the panel body with `text`.
    static func bar(_ text: String, on painter: inout PanelPainter, background: Color, color: Color) {
        let body = PanelLayout.body
        painter.canvas.fill(Rect(x: body.x + 4, y: body.maxY - 22, width: body.width - 8, height: 18), with: background)
        painter.text(text, x: body.x + 10, baseline: body.maxY - 9, color: color)
    }
}

/// The pattern panel of seed 002: follows every rule. Skeleton for a first load (spinner when
/// the layout is unknown); rows kept with a small indicator during a refresh; a snackbar for an
/// error over content, kept while the state holds the error (also during the refresh that may
/// resolve it); plain words and a Try again that is disabled while in flight; "You're
/// offline" and an offline indicator over cached rows; a first-use empty state with one primary
/// action; no results that repeats the query and offers to clear it.
public struct OrdersPatternPanel: Panel {
    /// Whether the content's layout is known before it loads (``OrdersSettings/layoutKnown``):
    /// true draws a skeleton for a first load, false a spinner.
    public let layoutKnown: Bool

    /// A pattern panel that draws a skeleton (`layoutKnown` true) or a spinner (false) for a
    /// first load.
    public init(layoutKnown: Bool) {
        self.layoutKnown = layoutKnown
    }

    /// `pattern`: the name plans and reports use.
    public var id: String { "pattern" }
    /// `PATTERN`, the title bar's caption.
    public var title: String { "PATTERN" }
    /// Mint (``Palette/mint``): border, title bar, indicators and buttons.
    public var tint: Color { Palette.mint }

    /// The depiction from the phase alone (`timeMs` is not used): loading → `skeleton` or
    /// `spinner`; refreshing → `rowsRefreshing`, or `rowsRefreshingSnackbar` while an error is
    /// held; loaded → `rows`, `rowsSnackbar` (error over content) or `rowsOffline`;
    /// emptyFirstUse, noResults, failed (`errorRetry`) and offline (`offlineMessage`) each their own.
    public func depiction(for phase: OrdersPhase, atMs timeMs: Int) -> Depiction {
        switch phase.name {
        case .loading: layoutKnown ? .skeleton : .spinner
        // An error over content stays until a reply resolves it, also while a refresh runs.
        case .refreshing: phase.error != nil ? .rowsRefreshingSnackbar : .rowsRefreshing
        case .loaded: !phase.online ? .rowsOffline : phase.error != nil ? .rowsSnackbar : .rows
        case .emptyFirstUse: .emptyFirstUse
        case .noResults: .noResults
        case .failed: .errorRetry
        case .offline: .offlineMessage
        }
    }

    /// Draws ``depiction(for:atMs:)`` into the panel body at 1×; the spinner's highlighted spoke
    /// follows `timeMs` (ms since the start of the run). Buttons, indicators and texts are
    /// exposed as semantic elements.
    public func draw(_ phase: OrdersPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let x = PanelLayout.centerX
        switch depiction(for: phase, atMs: timeMs) {
        case .skeleton: OrdersCanvas.skeleton(on: &painter, tint: tint)
        case .spinner: OrdersCanvas.spinner(on: &painter, tint: tint, atMs: timeMs)
        case .rowsRefreshing:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            painter.centeredText("refreshing…", centerX: x, baseline: PanelLayout.height - 8, color: tint, role: .progressIndicator)
        case .rowsSnackbar:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            OrdersCanvas.bar("Couldn't refresh orders", on: &painter, background: Palette.text, color: Palette.header)
        case .rowsRefreshingSnackbar:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            painter.centeredText("refreshing…", centerX: x, baseline: PanelLayout.body.maxY - 28, color: tint, role: .progressIndicator)
            OrdersCanvas.bar("Couldn't refresh orders", on: &painter, background: Palette.text, color: Palette.header)
        case .rowsOffline:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            OrdersCanvas.bar("Offline · showing saved orders", on: &painter, background: Palette.faint, color: Palette.text)
        case .emptyFirstUse: OrdersCanvas.emptyFirstUse(on: &painter, tint: tint)
        case .noResults: OrdersCanvas.noResults(query: phase.query ?? "", on: &painter, tint: tint)
        case .errorRetry:
            painter.centeredText("Couldn't load your orders.", centerX: x, baseline: 56, color: Palette.text)
            OrdersCanvas.button("Try again", on: &painter, top: 80, color: tint)
        case .offlineMessage:
            painter.centeredText("You're offline", centerX: x, baseline: 50, color: Palette.text)
            painter.centeredText("Orders load when you reconnect.", centerX: x, baseline: 70, color: Palette.dimText)
            OrdersCanvas.button("Try again", on: &painter, top: 90, color: tint)
        default:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
        }
    }
}

/// The naive control for seed 002, breaking the rules the way real apps do: a spinner for
/// every load, even over content on refresh; the status code on screen ("Error 503"), replacing
/// content; the error and a live Try again left up while a retry is in flight; "Something went
/// wrong" when the device is simply offline; an empty list with no words on first use; and the
/// first-use message, with its create action, for a search that matched nothing.
public struct OrdersNaivePanel: Panel {
    /// The panel; it has no settings.
    public init() {}

    /// `naive`: the name plans and reports use.
    public var id: String { "naive" }
    /// `NAIVE`, the title bar's caption.
    public var title: String { "NAIVE" }
    /// Rose (``Palette/rose``): border, title bar, spinner highlight and buttons.
    public var tint: Color { Palette.rose }

    /// The depiction from the phase alone (`timeMs` is not used): `spinner` for every load and
    /// refresh, `errorRetryLive` for a retry after an error, `errorStatusCode` for an error,
    /// `emptyList` on first use, `emptyFirstUse` for no results, `somethingWentWrong` offline.
    public func depiction(for phase: OrdersPhase, atMs timeMs: Int) -> Depiction {
        switch phase.name {
        case .loading:
            let retrying = phase.inFlight?.reason == .manualRetry || phase.inFlight?.reason == .automaticRetry
            return retrying && phase.error != nil ? .errorRetryLive : .spinner
        case .refreshing: return .spinner
        case .loaded:
            if !phase.online { return .rows }
            return phase.error != nil ? .errorStatusCode : .rows
        case .emptyFirstUse: return .emptyList
        case .noResults: return .emptyFirstUse
        case .failed: return .errorStatusCode
        case .offline: return .somethingWentWrong
        }
    }

    /// Draws ``depiction(for:atMs:)`` into the panel body at 1×; the spinner's highlighted spoke
    /// follows `timeMs` (ms since the start of the run).
    public func draw(_ phase: OrdersPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let x = PanelLayout.centerX
        switch depiction(for: phase, atMs: timeMs) {
        case .spinner: OrdersCanvas.spinner(on: &painter, tint: tint, atMs: timeMs)
        case .errorStatusCode, .errorRetryLive:
            let status = phase.error.map { "Error \($0.status)" } ?? "Error"
            painter.centeredText(status, centerX: x, baseline: 50, color: Palette.danger)
            painter.centeredText(phase.error?.message ?? "", centerX: x, baseline: 70, color: Palette.dimText)
            OrdersCanvas.button("Try again", on: &painter, top: 90, color: tint)
        case .emptyFirstUse: OrdersCanvas.emptyFirstUse(on: &painter, tint: tint)
        case .emptyList: break  // nothing: the list is simply empty.
        case .somethingWentWrong:
            painter.centeredText("Something went wrong", centerX: x, baseline: 56, color: Palette.danger)
            OrdersCanvas.button("Try again", on: &painter, top: 80, color: tint)
        default:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
        }
    }
}

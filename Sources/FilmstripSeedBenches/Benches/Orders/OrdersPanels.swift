import FilmstripCore
import FilmstripRaster

/// Drawing shared by the two orders panels, placed through the painter's layout.
struct OrdersCanvas {
    /// The last line of the body: snackbars and bars sit there.
    static var lastLine: Int { PanelLayout.bodyLines - 1 }

    static func skeleton(on painter: inout PanelPainter, tint: Color) {
        let layout = painter.layout
        let bullet = max(2, layout.lineHeight / 3)
        let textX = layout.contentLeft + bullet + layout.advance
        let titleHeight = max(2, layout.ascent * 2 / 3)
        let detailHeight = max(2, layout.ascent / 2)
        for row in 0..<4 {
            let top = layout.lineTop(0) + row * layout.rowHeight
            painter.canvas.fill(Rect(x: layout.contentLeft, y: top + (layout.ascent - bullet + 1) / 2, width: bullet, height: bullet), with: Palette.faint)
            painter.canvas.fill(Rect(x: textX, y: top + layout.ascent - titleHeight, width: (18 - 2 * row) * layout.advance, height: titleHeight), with: Palette.faint)
            painter.canvas.fill(Rect(x: textX, y: top + layout.linePitch + layout.ascent - detailHeight, width: (25 - 3 * row) * layout.advance, height: detailHeight), with: Palette.faint)
        }
        painter.expose(SemanticElement(role: .progressIndicator, label: "Loading orders"))
    }

    static func spinner(on painter: inout PanelPainter, tint: Color, atMs timeMs: Int) {
        painter.spinner(line: 3, highlight: tint, dim: Palette.faint, atMs: timeMs)
        painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
    }

    /// A button outlined around `label` on line `line` (lines `line - 1` and `line + 1` stay empty).
    static func button(_ label: String, on painter: inout PanelPainter, line: Int, color: Color, enabled: Bool = true) {
        painter.canvas.stroke(painter.layout.button(line: line, labelWidth: painter.font.width(of: label)), with: enabled ? color : Palette.faint)
        painter.centeredText(label, line: line, color: enabled ? color : Palette.faint, role: .button)
    }

    /// The rows, on the lines above `reserved` lines at the bottom of the body.
    static func rows(_ phase: OrdersPhase, on painter: inout PanelPainter, tint: Color, reserved: Int = 1) {
        if case .rows(let rows) = phase.content {
            ManifestList(rows: rows, tint: tint).draw(on: &painter, lineCount: PanelLayout.bodyLines - reserved)
        }
    }

    /// Empty on first use: a title naming what lives here, one sentence, one primary action.
    static func emptyFirstUse(on painter: inout PanelPainter, tint: Color) {
        painter.centeredText("No orders yet", line: 1, color: Palette.text)
        painter.centeredText("Orders you place appear here.", line: 2, color: Palette.dimText)
        button("Create order", on: &painter, line: 4, color: tint)
    }

    /// No results: the query repeated and a way to clear it; no create action.
    static func noResults(query: String, on painter: inout PanelPainter, tint: Color) {
        painter.centeredText("No results for \"\(query)\"", line: 1, color: Palette.text)
        button("Clear search", on: &painter, line: 3, color: tint)
    }

    /// A bar across the last line of the body with `text`.
    static func bar(_ text: String, on painter: inout PanelPainter, background: Color, color: Color) {
        let band = painter.layout.band(line: lastLine)
        let inset = painter.layout.advance / 2
        painter.canvas.fill(Rect(x: band.x + inset, y: band.y, width: band.width - 2 * inset, height: band.height), with: background)
        painter.leftText(text, line: lastLine, color: color)
    }
}

/// The pattern panel: follows every rule. Skeleton for a first load (spinner when
/// the layout is unknown); rows kept with a small indicator during a refresh; a snackbar for an
/// error over content, kept while the state holds the error (also during the refresh that may
/// resolve it); plain words and a Try again that is disabled while in flight; "You're
/// offline" and an offline indicator over cached rows; a first-use empty state with one primary
/// action; no results that repeats the query and offers to clear it.
package struct OrdersPatternPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    package func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// Whether the content's layout is known before it loads (``OrdersSettings/layoutKnown``):
    /// true draws a skeleton for a first load, false a spinner.
    package let layoutKnown: Bool

    /// A pattern panel that draws a skeleton (`layoutKnown` true) or a spinner (false) for a
    /// first load.
    package init(layoutKnown: Bool) {
        self.layoutKnown = layoutKnown
    }

    /// `pattern`: the name plans and reports use.
    package var id: String { "pattern" }
    /// `PATTERN`, the title bar's caption.
    package var title: String { "PATTERN" }
    /// Mint (``Palette/mint``): border, title bar, indicators and buttons.
    package var tint: Color { Palette.mint }

    /// The depiction from the phase alone (`timeMs` is not used): loading → `skeleton` or
    /// `spinner`; refreshing → `rowsRefreshing`, or `rowsRefreshingSnackbar` while an error is
    /// held; loaded → `rows`, `rowsSnackbar` (error over content) or `rowsOffline`;
    /// emptyFirstUse, noResults, failed (`errorRetry`) and offline (`offlineMessage`) each their own.
    package func depiction(for phase: OrdersPhase, atMs timeMs: Int) -> Depiction {
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
    package func draw(_ phase: OrdersPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let last = OrdersCanvas.lastLine
        switch depiction(for: phase, atMs: timeMs) {
        case .skeleton: OrdersCanvas.skeleton(on: &painter, tint: tint)
        case .spinner: OrdersCanvas.spinner(on: &painter, tint: tint, atMs: timeMs)
        case .rowsRefreshing:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            painter.centeredText("refreshing…", line: last, color: tint, role: .progressIndicator)
        case .rowsSnackbar:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            OrdersCanvas.bar("Couldn't refresh orders", on: &painter, background: Palette.text, color: Palette.header)
        case .rowsRefreshingSnackbar:
            OrdersCanvas.rows(phase, on: &painter, tint: tint, reserved: 2)
            painter.centeredText("refreshing…", line: last - 1, color: tint, role: .progressIndicator)
            OrdersCanvas.bar("Couldn't refresh orders", on: &painter, background: Palette.text, color: Palette.header)
        case .rowsOffline:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
            OrdersCanvas.bar("Offline · showing saved orders", on: &painter, background: Palette.faint, color: Palette.text)
        case .emptyFirstUse: OrdersCanvas.emptyFirstUse(on: &painter, tint: tint)
        case .noResults: OrdersCanvas.noResults(query: phase.query ?? "", on: &painter, tint: tint)
        case .errorRetry:
            painter.centeredText("Couldn't load your orders.", line: 1, color: Palette.text)
            OrdersCanvas.button("Try again", on: &painter, line: 3, color: tint)
        case .offlineMessage:
            painter.centeredText("You're offline", line: 1, color: Palette.text)
            painter.centeredText("Orders load when you reconnect.", line: 2, color: Palette.dimText)
            OrdersCanvas.button("Try again", on: &painter, line: 4, color: tint)
        default:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
        }
    }
}

/// The naive control, breaking the rules the way real apps do: a spinner for
/// every load, even over content on refresh; the status code on screen ("Error 503"), replacing
/// content; the error and a live Try again left up while a retry is in flight; "Something went
/// wrong" when the device is simply offline; an empty list with no words on first use; and the
/// first-use message, with its create action, for a search that matched nothing.
package struct OrdersNaivePanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    package func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// The panel; it has no settings.
    package init() {}

    /// `naive`: the name plans and reports use.
    package var id: String { "naive" }
    /// `NAIVE`, the title bar's caption.
    package var title: String { "NAIVE" }
    /// Rose (``Palette/rose``): border, title bar, spinner highlight and buttons.
    package var tint: Color { Palette.rose }

    /// The depiction from the phase alone (`timeMs` is not used): `spinner` for every load and
    /// refresh, `errorRetryLive` for a retry after an error, `errorStatusCode` for an error,
    /// `emptyList` on first use, `emptyFirstUse` for no results, `somethingWentWrong` offline.
    package func depiction(for phase: OrdersPhase, atMs timeMs: Int) -> Depiction {
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
    package func draw(_ phase: OrdersPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        switch depiction(for: phase, atMs: timeMs) {
        case .spinner: OrdersCanvas.spinner(on: &painter, tint: tint, atMs: timeMs)
        case .errorStatusCode, .errorRetryLive:
            let status = phase.error.map { "Error \($0.status)" } ?? "Error"
            painter.centeredText(status, line: 1, color: Palette.danger)
            painter.centeredText(phase.error?.message ?? "", line: 2, color: Palette.dimText)
            OrdersCanvas.button("Try again", on: &painter, line: 4, color: tint)
        case .emptyFirstUse: OrdersCanvas.emptyFirstUse(on: &painter, tint: tint)
        case .emptyList: break  // nothing: the list is simply empty.
        case .somethingWentWrong:
            painter.centeredText("Something went wrong", line: 1, color: Palette.danger)
            OrdersCanvas.button("Try again", on: &painter, line: 3, color: tint)
        default:
            OrdersCanvas.rows(phase, on: &painter, tint: tint)
        }
    }
}

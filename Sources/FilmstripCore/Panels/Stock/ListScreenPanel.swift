import FilmstripRaster

/// A stock panel that draws a ``ListScreen`` from its slots, the way the async-content pattern says a
/// list screen looks: skeleton rows shaped like the content (or a spinner) for a first load; the
/// rows with `Refreshing…` under them during a refresh; a snackbar over kept rows for an error
/// and a discreet bar while offline; the first-use empty state with its one action, or no
/// results repeating the query with a way out; plain words with Try again for an error, and
/// `You're offline` with Try again. No codes, nothing drawn by the bench.
///
/// Its depiction is ``ListScreen/depiction`` (the slots alone, never the time), so it needs no
/// ``Panel/depictionChanges(in:enteredAtMs:)``; the spinner's spoke follows the time.
///
/// ```swift
/// ListScreenPanel(id: "orders", title: "ORDERS", tint: Palette.mint)
/// ```
public struct ListScreenPanel: Panel {
    /// The identifier plans and reports use.
    public let id: String
    /// The title bar's caption.
    public let title: String
    /// Border, title bar, bullets, indicators and buttons.
    public let tint: Color

    /// A panel named `id` (default `screen`), captioned `title` (default `SCREEN`), tinted `tint`
    /// (default ``Palette/mint``).
    public init(id: String = "screen", title: String = "SCREEN", tint: Color = Palette.mint) {
        self.id = id
        self.title = title
        self.tint = tint
    }

    /// ``ListScreen/depiction``: the slots decide, the instant does not.
    public func depiction(for phase: ListScreen, atMs timeMs: Int) -> Depiction { phase.depiction }

    /// `[]`: the depiction depends on the slots alone.
    public func depictionChanges(in phase: ListScreen, enteredAtMs: Int) -> [Int] { [] }

    /// Draws the slots at 1× through the painter's layout; rows, words and buttons are exposed
    /// as semantic elements, loaders as progress indicators.
    public func draw(_ phase: ListScreen, atMs timeMs: Int, on painter: inout PanelPainter) {
        let last = PanelLayout.bodyLines - 1
        let rows = phase.rows.map { (title: $0.title, detail: $0.detail) }
        switch phase.depiction.id {
        case "skeleton": StockDrawing.skeletonRows(on: &painter, label: "Loading")
        case "spinner": StockDrawing.spinner(on: &painter, tint: tint, atMs: timeMs)
        case "rows": StockDrawing.rows(rows, on: &painter, tint: tint, lineCount: PanelLayout.bodyLines)
        case "rowsRefreshing":
            StockDrawing.rows(rows, on: &painter, tint: tint, lineCount: last)
            painter.centeredText("Refreshing…", line: last, color: tint, role: .progressIndicator)
        case "rowsSnackbar":
            StockDrawing.rows(rows, on: &painter, tint: tint, lineCount: last)
            StockDrawing.bar(phase.banner ?? "", on: &painter, line: last, background: Palette.text, color: Palette.header)
        case "rowsRefreshingSnackbar":
            StockDrawing.rows(rows, on: &painter, tint: tint, lineCount: last - 1)
            painter.centeredText("Refreshing…", line: last - 1, color: tint, role: .progressIndicator)
            StockDrawing.bar(phase.banner ?? "", on: &painter, line: last, background: Palette.text, color: Palette.header)
        case "rowsOffline":
            StockDrawing.rows(rows, on: &painter, tint: tint, lineCount: last)
            StockDrawing.bar("Offline · showing saved items", on: &painter, line: last, background: Palette.faint, color: Palette.text)
        case "emptyFirstUse":
            guard case .firstUse(let heading, let message, let action) = phase.empty else { return }
            painter.centeredText(heading, line: 1, color: Palette.text)
            StockDrawing.words(message, on: &painter, line: 2, maxLines: 2)
            StockDrawing.button(action, on: &painter, line: 5, color: tint)
        case "noResults":
            guard case .noResults(let query, let action) = phase.empty else { return }
            painter.centeredText("No results for \"\(query)\"", line: 1, color: Palette.text)
            StockDrawing.button(action, on: &painter, line: 3, color: tint)
        case "errorRetry":
            StockDrawing.words(phase.failure ?? "", on: &painter, line: 1, maxLines: 2, color: Palette.text)
            StockDrawing.button("Try again", on: &painter, line: 4, color: tint)
        case "offlineMessage":
            painter.centeredText("You're offline", line: 1, color: Palette.text)
            painter.centeredText("It loads when you reconnect.", line: 2, color: Palette.dimText)
            StockDrawing.button("Try again", on: &painter, line: 4, color: tint)
        default: break  // blank: nothing on screen.
        }
    }
}

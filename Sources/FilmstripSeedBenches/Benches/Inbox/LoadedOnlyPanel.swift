import FilmstripCore
import FilmstripRaster

/// The inbox's control: it only knows `.loaded`. Rows in rose when loaded; otherwise a
/// dash, `no .loaded yet` and what it ignored (`ignored loading 1093ms`, `ignored empty`,
/// `ignored failed`). Outside `.loaded` it exposes no semantic element at all: that silence is
/// the bug the bench shows.
package struct LoadedOnlyPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    package func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// The panel; it has no settings.
    package init() {}

    /// `loadedOnly`: the name plans and reports use.
    package var id: String { "loadedOnly" }
    /// `LOADED ONLY`, the title bar's caption.
    package var title: String { "LOADED ONLY" }
    /// Rose (``Palette/rose``): border, title bar, dash and bullets.
    package var tint: Color { Palette.rose }

    /// `rows` when loaded, `dash` for every other phase, whatever the instant.
    package func depiction(for phase: InboxPhase, atMs timeMs: Int = 0) -> Depiction {
        if case .loaded = phase { return .rows }
        return .dash
    }

    /// The label under the dash, e.g. `ignored loading 1093ms`; nil when loaded.
    package static func ignoredLabel(for phase: InboxPhase) -> String? {
        switch phase {
        case .loading(let ms): "ignored loading \(ms)ms"
        case .empty: "ignored empty"
        case .failed: "ignored failed"
        case .loaded: nil
        }
    }

    /// Draws the rows when loaded; otherwise a large dash, `no .loaded yet` and
    /// ``ignoredLabel(for:)``, all decorative (no semantic element). `timeMs` is not used.
    package func draw(_ phase: InboxPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        if case .loaded(let rows) = phase {
            ManifestList(rows: rows, tint: tint).draw(on: &painter)
            return
        }
        painter.centeredText("—", line: 1, color: tint, role: nil, magnification: 4)
        painter.centeredText("no .loaded yet", line: 5, color: Palette.dimText, role: nil)
        if let label = Self.ignoredLabel(for: phase) {
            painter.centeredText(label, line: 6, color: Palette.dimText, role: nil)
        }
    }
}

import FilmstripCore
import FilmstripRaster

/// The inbox's control on the live bench: it still knows only `.loaded`. Rows in rose when
/// loaded; a dash and what it ignored otherwise (`ignored stale` too), exposing no semantic
/// element — through loading and failure it is silent, which is the bug.
package struct LiveLoadedOnlyPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    package func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// A panel with nothing to configure.
    package init() {}

    /// `loadedOnly`, as in the seed inbox.
    package var id: String { "loadedOnly" }
    /// The seed's caption.
    package var title: String { "LOADED ONLY" }
    /// Rose: the control's tint.
    package var tint: Color { Palette.rose }

    /// What the panel shows for `phase` (it does not depend on the time).
    package func depiction(for phase: LiveInboxPhase, atMs timeMs: Int) -> Depiction {
        if phase.away { return .away }
        if case .loaded = phase.task.screen { return .rows }
        return .dash
    }

    /// Draws `phase` as it looks at `timeMs`.
    package func draw(_ phase: LiveInboxPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        if phase.away { return LiveScreenDrawing.drawAway(on: &painter) }
        if case .loaded(let rows) = phase.task.screen {
            ManifestList(rows: rows, tint: tint).draw(on: &painter)
            return
        }
        painter.centeredText("—", line: 1, color: tint, role: nil, magnification: 4)
        painter.centeredText("no .loaded yet", line: 5, color: Palette.dimText, role: nil)
        painter.centeredText("ignored \(phase.name.rawValue)", line: 6, color: Palette.dimText, role: nil)
    }
}

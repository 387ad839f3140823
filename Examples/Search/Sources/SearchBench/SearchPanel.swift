import Filmstrip
import SearchModels

/// The search screen drawn from a ``SearchPhase``: the field's state, then a spinner, the rows,
/// "No results", or the error with Try again.
public struct SearchPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    public func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
    /// The identifier plans use.
    public let id: String
    /// The title bar's caption.
    public let title: String
    /// The panel's colour.
    public let tint: Color

    /// A panel named `id`, captioned `title`, tinted `tint`.
    public init(id: String, title: String, tint: Color) {
        self.id = id
        self.title = title
        self.tint = tint
    }

    /// Every depiction the panel shows, with its colour and role.
    public static let depictions = [
        DepictionStyle("prompt", color: Color(hex: 0x94A3B8)),
        DepictionStyle("typing", color: Color(hex: 0x7DD3FC)),
        DepictionStyle("blank", color: Color(hex: 0x374151), role: .blank),
        DepictionStyle("spinner", color: Color(hex: 0xF5B841), role: .loader),
        DepictionStyle("rows", color: Color(hex: 0x3DDC97)),
        DepictionStyle("noResults", color: Color(hex: 0x2DD4BF)),
        DepictionStyle("errorRetry", color: Color(hex: 0xF0555A)),
    ]

    /// The colour of each phase; searching and loading are in flight.
    @Sendable public static func style(_ name: SearchPhase.Name) -> PhaseStyle {
        switch name {
        case .idle: PhaseStyle(color: Color(hex: 0x94A3B8))
        case .typing: PhaseStyle(color: Color(hex: 0x7DD3FC))
        case .searching: PhaseStyle(color: Color(hex: 0x6B7280), isInFlight: true)
        case .loading: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
        case .results: PhaseStyle(color: Color(hex: 0x3DDC97))
        case .noResults: PhaseStyle(color: Color(hex: 0x2DD4BF))
        case .failed: PhaseStyle(color: Color(hex: 0xF0555A))
        }
    }

    /// What the panel shows in `phase`.
    public func depiction(for phase: SearchPhase, atMs timeMs: Int) -> Depiction {
        switch phase.name {
        case .idle: Depiction("prompt")
        case .typing: Depiction("typing")
        case .searching: Depiction("blank")
        case .loading: Depiction("spinner")
        case .results: Depiction("rows")
        case .noResults: Depiction("noResults")
        case .failed: Depiction("errorRetry")
        }
    }

    /// Draws the phase at 1×; the spinner's spoke follows `timeMs`.
    public func draw(_ phase: SearchPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        guard case .shown(let state) = phase else { return }
        switch state {
        case .idle: painter.centeredText("Type to search", line: 2, color: Palette.faint)
        case .typing: painter.centeredText("...", line: 2, color: tint)
        case .searching: break
        case .loading:
            painter.spinner(line: 3, highlight: tint, dim: Palette.faint, atMs: timeMs)
            painter.expose(SemanticElement(role: .progressIndicator, label: "Searching"))
        case .results(let rows):
            for (index, row) in rows.prefix(4).enumerated() { _ = painter.leftText(row, line: 1 + index, color: Palette.text) }
        case .noResults: painter.centeredText("No results", line: 2, color: tint)
        case .failed(let message):
            painter.centeredText(message, line: 2, color: tint)
            painter.centeredText("TRY AGAIN", line: 4, color: tint, role: .button)
        }
    }
}

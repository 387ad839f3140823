import FilmstripRaster

/// A renderer that draws one phase into its part of the frame and says what it depicts.
///
/// Several panels read the same phase (the inbox bench: a control that draws only rows beside
/// a candidate that draws every phase). ``depiction(for:atMs:)`` is a pure function of the
/// phase and the instant, and ``depictionChanges(in:enteredAtMs:)`` names every instant inside a phase at which it can
/// change (a delayed loader appearing), so dwell per depiction comes from the timeline exactly;
/// ``draw(_:atMs:on:)`` paints it.
public protocol Panel<Phase>: Sendable {
    /// The phase type of the bench this panel draws.
    associatedtype Phase
    /// The name used in plans and reports (`"loadedOnly"`).
    var id: String { get }
    /// The caption drawn in the panel's title bar (`"LOADED ONLY"`).
    var title: String { get }
    /// The panel's colour: border, title bar, accents.
    var tint: Color { get }
    /// What the panel shows a person for `phase` at `timeMs` (ms since the start of the run).
    func depiction(for phase: Phase, atMs timeMs: Int) -> Depiction
    /// The instants after `enteredAtMs`, ascending, at which the depiction of `phase` may change
    /// while the phase lasts; `[]` for a panel whose depiction depends on the phase alone.
    func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int]
    /// Draws `phase` as it looks at `timeMs` into the panel's body. The painter's canvas is the
    /// whole panel (1×); the title bar is already drawn, and the body is the painter's
    /// ``PanelPainter/layout``'s ``PanelLayout/body``: place text and shapes through that layout
    /// (lines, bands, buttons), never at fixed pixel positions, so every font fits.
    func draw(_ phase: Phase, atMs timeMs: Int, on painter: inout PanelPainter)
}

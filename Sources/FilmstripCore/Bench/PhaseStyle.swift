import FilmstripRaster

/// How one named phase of a bench is shown in frames, strips and contact sheets, and how
/// analysis treats it. A ``BenchDefinition`` gives one per phase name.
public struct PhaseStyle: Hashable, Sendable {
    /// The colour that stands for the phase (RGBA8): the frame header's swatch, the strip's
    /// marks, the contact sheet's timeline, tables and state graph.
    package var color: Color
    /// Work is in flight during this phase, so a loader visible then holds nothing back
    /// (``LoaderStats/heldBackMs`` counts a loader only over phases where this is false).
    package var isInFlight: Bool

    /// - Parameters:
    ///   - color: the phase's colour.
    ///   - isInFlight: true for phases during which a request runs (loading, refreshing).
    public init(color: Color, isInFlight: Bool = false) {
        self.color = color
        self.isInFlight = isInFlight
    }

    /// The style of a phase name a definition does not know (a report from another version):
    /// grey, not in flight.
    package static let unknown = PhaseStyle(color: Color(hex: 0x9CA3AF))
}

import FilmstripRaster

/// The fixed colours of every frame, so the same plan always gives the same pixels.
///
/// Rose is the control's tint and mint the candidate's. The colours that stand for
/// phases and depictions are each bench's own (``PhaseStyle``, ``DepictionStyle``).
public enum Palette {
    /// Frame background.
    package static let background = Color(hex: 0x14161B)
    /// Panel body.
    public static let panel = Color(hex: 0x1E2128)
    /// Header bar.
    public static let header = Color(hex: 0x0B0C10)
    /// Main text.
    public static let text = Color(hex: 0xE6E8EE)
    /// Secondary text.
    public static let dimText = Color(hex: 0x8A90A0)
    /// Faint lines: separators, inactive spinner spokes, skeleton blocks.
    public static let faint = Color(hex: 0x3A3F4B)
    /// The control panel's tint (rose). Its buttons' labels are drawn in it on the
    /// panel, so it is the lightest step of the original #f43f5e towards white (4 %) that reaches
    /// WCAG AA there: 4.53:1 on ``panel`` (#f43f5e gave 4.39:1), CIEDE2000 1.3 from the original.
    public static let rose = Color(hex: 0xF44664)
    /// The candidate panel's tint (mint).
    public static let mint = Color(hex: 0x3DDC97)
    /// Error text.
    public static let danger = Color(hex: 0xFF6B6B)
}

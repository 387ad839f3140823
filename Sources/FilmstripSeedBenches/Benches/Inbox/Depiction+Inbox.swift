import FilmstripCore

extension Depiction {
    /// Nothing but a dash and a note: the control's silence (seed 000).
    public static let dash = Depiction("dash")
    /// A spinning loader.
    public static let spinner = Depiction("spinner")
    /// An empty-state message (seed 000's `0 pending`).
    public static let emptyMessage = Depiction("emptyMessage")
    /// An error message with a retry action.
    public static let errorRetry = Depiction("errorRetry")
    /// The content rows.
    public static let rows = Depiction("rows")
}

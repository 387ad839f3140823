import FilmstripCore

extension Depiction {
    /// Nothing but a dash and a note: the control's silence.
    package static let dash = Depiction("dash")
    /// A spinning loader.
    package static let spinner = Depiction("spinner")
    /// An empty-state message (`0 pending`).
    package static let emptyMessage = Depiction("emptyMessage")
    /// An error message with a retry action.
    package static let errorRetry = Depiction("errorRetry")
    /// The content rows.
    package static let rows = Depiction("rows")
}

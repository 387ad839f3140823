import FilmstripCore

extension Depiction {
    /// A determinate progress bar with the percentage (a `Content-Length` was sent).
    package static let progressBar = Depiction("progressBar")
    /// Rows from an earlier load under the error of a failed refresh.
    package static let rowsError = Depiction("rowsError")
    /// The screen was left: nothing is shown.
    package static let away = Depiction("away")
}

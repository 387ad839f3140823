import FilmstripCore

extension Depiction {
    /// A determinate progress bar with the percentage (a `Content-Length` was sent).
    public static let progressBar = Depiction("progressBar")
    /// Rows from an earlier load under the error of a failed refresh.
    public static let rowsError = Depiction("rowsError")
    /// The screen was left: nothing is shown.
    public static let away = Depiction("away")
}

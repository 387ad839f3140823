import FilmstripCore
/// One row of the inbox's list (the app's `ManifestRow`): a title and a short detail.
package struct ManifestRow: Hashable, Sendable {
    /// The row's main text, e.g. `"2.4.0 (118)"`.
    package var title: String
    /// The secondary text, e.g. `"Ready for Review"`.
    package var detail: String

    /// A row with its main text and its secondary text (empty for none).
    package init(title: String, detail: String) {
        self.title = title
        self.detail = detail
    }

    /// The three rows a loaded reply carries when a plan gives none.
    package static let samples: [ManifestRow] = [
        ManifestRow(title: "2.4.0 (118)", detail: "Ready for Review"),
        ManifestRow(title: "2.3.2 (117)", detail: "In Review"),
        ManifestRow(title: "2.3.1 (115)", detail: "Ready for Sale"),
    ]
}

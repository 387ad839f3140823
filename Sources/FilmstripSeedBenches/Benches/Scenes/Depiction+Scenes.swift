import FilmstripCore

extension Depiction {
    /// Nothing at all: neither loader nor content (a loader still inside its delay).
    package static let blank = Depiction("blank")
}

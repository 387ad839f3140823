import FilmstripCore

extension Depiction {
    /// Nothing at all: neither loader nor content (a loader still inside its delay, seed 004).
    package static let blank = Depiction("blank")
}

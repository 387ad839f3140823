import FilmstripRaster

/// How one depiction a bench's panels can show is coloured and described, and what analysis
/// makes of it (a loader is measured for flashes; a blank for blank time).
public struct DepictionStyle: Hashable, Sendable {
    /// What the depiction is to loader analysis.
    public enum Role: Hashable, Sendable {
        /// Content, a message or anything else a person can read.
        case content
        /// A loader (a spinner): its visible time is measured and short intervals are flashes.
        case loader
        /// Nothing at all: neither loader nor content (a loader still inside its delay).
        case blank
    }

    /// The depiction's identifier, as panels report it (``Depiction/id``).
    package var id: String
    /// Its colour in contact-sheet timelines (RGBA8).
    package var color: Color
    /// What it is to loader analysis.
    package var role: Role

    /// - Parameters:
    ///   - id: the depiction's identifier (lower camel case).
    ///   - color: its colour.
    ///   - role: loader, blank or content (default).
    public init(_ id: String, color: Color, role: Role = .content) {
        self.id = id
        self.color = color
        self.role = role
    }
}

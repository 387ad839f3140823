/// One scene the studio can put around a photo, as the server lists it.
public struct Scene: Decodable, Equatable, Sendable {
    /// The server's identifier.
    public let id: Int
    /// The name shown in the list.
    public let name: String
    /// The scene's category, shown under its name.
    public let category: String
}

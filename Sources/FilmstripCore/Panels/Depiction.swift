/// What a panel actually shows a person at an instant (docs/ARCHITECTURE.md, "depiction").
///
/// Panels report it beside their pixels; dwell and coverage are computed per depiction.
/// The identifier is the name used in reports and JSON (`"spinner"`, `"emptyMessage"`, …);
/// each bench lists the depictions its panels can show, with their styles, in its
/// ``BenchDefinition/depictions``.
public struct Depiction: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The name used in reports: lower camel case.
    public let id: String

    /// A depiction named `id`, lower camel case (`"spinner"`).
    public init(_ id: String) {
        self.id = id
    }

    /// The identifier, as reports write it.
    public var description: String { id }

    /// Orders depictions by identifier (string order).
    public static func < (lhs: Depiction, rhs: Depiction) -> Bool { lhs.id < rhs.id }
}

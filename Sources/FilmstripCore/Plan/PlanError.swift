/// A capture plan that cannot be run: where in the JSON (a path such as
/// `$.script[2].latencyMs`) and what was expected there. The command layer adds the file.
public struct PlanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// JSONPath-style location: `$` is the whole document, `.key` a member, `[n]` an element.
    package let path: String
    /// What was expected, and what was found.
    package let message: String

    /// An error at the JSON path `path` (`$.script[2].latencyMs`) with what was expected there.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `<path>: <message>`, e.g. `$.windowMs: expected …`.
    public var description: String { "\(path): \(message)" }
}

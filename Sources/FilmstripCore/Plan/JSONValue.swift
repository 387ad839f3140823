import Foundation

/// A parsed JSON document, kept exact: integers stay integers and other numbers keep their
/// decimal digits, so no floating point enters a plan's times.
public indirect enum JSONValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// A number whose value is whole and fits in `Int` (`3`, `3.0` and `3e0` alike).
    case integer(Int)
    /// Any other number, kept exactly as a `Decimal` (`312.5`).
    case decimal(Decimal)
    /// A string, escapes decoded.
    case string(String)
    /// An array, elements in document order.
    case array([JSONValue])
    /// An object, member name → value (``parse(_:refusingRepeatedMembers:)`` refuses a member
    /// given twice by default).
    case object([String: JSONValue])

    /// The JSON type name used in error messages: "null", "boolean", "integer", "number",
    /// "string", "array" or "object".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .decimal: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Parses JSON text with ``JSONReader``, keeping numbers exact.
    /// - Throws: ``PlanError`` at path `$` with the line, column and what was expected when the
    ///   text is not JSON; at the value's path for a number out of range; at the member's path
    ///   when an object names a member twice, compared after unescaping (unless
    ///   `refusingRepeatedMembers` is false, for files other tools wrote, such as HAR: the last
    ///   one counts).
    package static func parse(_ data: Data, refusingRepeatedMembers: Bool = true) throws(PlanError) -> JSONValue {
        var reader = JSONReader(Array(data), refusingRepeatedMembers: refusingRepeatedMembers)
        return try reader.document()
    }

    /// Parses `bytes` as ``parse(_:refusingRepeatedMembers:)`` does, but hands each element of
    /// the arrays at `arrays` (member paths from the root: `[]` for a root array,
    /// `["log", "entries"]`) to `element` as it is read, keeping none: the document returned
    /// holds those arrays empty. Memory holds the text and one element, never the whole tree.
    /// - Throws: what `element` throws, or ``PlanError`` as ``parse(_:refusingRepeatedMembers:)``.
    package static func stream(_ bytes: [UInt8], arrays: [[String]], refusingRepeatedMembers: Bool, element: ([String], Int, JSONValue) throws(PlanError) -> Void) throws(PlanError) -> JSONValue {
        try withoutActuallyEscaping(element) { visit throws(PlanError) -> JSONValue in
            var reader = JSONReader(bytes, refusingRepeatedMembers: refusingRepeatedMembers)
            reader.streamedArrays = arrays
            reader.visitor = visit
            return try reader.document()
        }
    }
}

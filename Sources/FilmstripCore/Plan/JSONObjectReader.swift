/// Reads one JSON object of a plan, member by member, keeping the JSON path for errors and
/// refusing members it was not asked about. A bench's settings decoder gets one for the plan's
/// root object (path `$`) and makes more for the objects inside it.
///
/// ```swift
/// let settings = try JSONObjectReader(root.required("settings"), path: root.path("settings"), allowed: ["latencyMs"])
/// let latency = try settings.integer("latencyMs", in: 0...3_600_000, unit: "ms") ?? 400
/// ```
public struct JSONObjectReader: Sendable {
    /// The object's JSON path (`$`, `$.settings`, `$.script[2]`).
    package let path: String
    /// The object's members by name.
    package let members: [String: JSONValue]

    /// - Parameter allowed: the member names the object may have; nil accepts any.
    /// - Throws: ``PlanError`` when `value` is not an object, or has a member not in `allowed`.
    public init(_ value: JSONValue, path: String, allowed: [String]?) throws(PlanError) {
        guard case .object(let members) = value else {
            throw PlanError(path: path, message: "expected an object, found \(value.typeName)")
        }
        for key in members.keys.sorted() where allowed.map({ !$0.contains(key) }) ?? false {
            throw PlanError(
                path: Self.join(path, key),
                message: "unknown key '\(key)'; expected one of: \((allowed ?? []).joined(separator: ", "))")
        }
        self.path = path
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String { "\(path).\(key)" }

    /// The JSON path of member `key` (`$.settings.latencyMs`).
    public func path(_ key: String) -> String { Self.join(path, key) }

    /// True when the object has member `key`.
    public func has(_ key: String) -> Bool { members[key] != nil }

    /// Member `key`.
    /// - Throws: ``PlanError`` "required member is missing" at its path.
    package func required(_ key: String) throws(PlanError) -> JSONValue {
        guard let value = members[key] else {
            throw PlanError(path: path(key), message: "required member is missing")
        }
        return value
    }

    /// A string member, nil when absent.
    /// - Throws: ``PlanError`` when it is not a string.
    public func string(_ key: String) throws(PlanError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else {
            throw PlanError(path: path(key), message: "expected a string, found \(value.typeName)")
        }
        return text
    }

    /// An integer member within `range`, nil when absent; `unit` ends the message, e.g. "ms".
    /// - Throws: ``PlanError`` when it is not an integer in `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>, unit: String = "") throws(PlanError) -> Int? {
        guard let value = members[key] else { return nil }
        return try Self.integer(value, path: path(key), in: range, unit: unit)
    }

    /// `value` as an integer within `range`.
    /// - Throws: ``PlanError`` at `path` when it is not an integer in `range`.
    package static func integer(_ value: JSONValue, path: String, in range: ClosedRange<Int>, unit: String = "") throws(PlanError) -> Int {
        let suffix = unit.isEmpty ? "" : " \(unit)"
        let expected = range.upperBound == Int.max
            ? "an integer ≥ \(range.lowerBound)\(suffix)"
            : "an integer from \(range.lowerBound) to \(range.upperBound)\(suffix)"
        switch value {
        case .integer(let number):
            guard range.contains(number) else {
                throw PlanError(path: path, message: "expected \(expected), found \(number)")
            }
            return number
        case .decimal(let number):
            throw PlanError(path: path, message: "expected \(expected), found \(number)")
        default:
            throw PlanError(path: path, message: "expected \(expected), found \(value.typeName)")
        }
    }

    /// An array member, nil when absent.
    /// - Throws: ``PlanError`` when it is not an array.
    public func array(_ key: String) throws(PlanError) -> [JSONValue]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else {
            throw PlanError(path: path(key), message: "expected an array, found \(value.typeName)")
        }
        return items
    }

    /// A boolean member, nil when absent.
    /// - Throws: ``PlanError`` when it is not `true` or `false`.
    package func bool(_ key: String) throws(PlanError) -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let flag) = value else {
            throw PlanError(path: path(key), message: "expected true or false, found \(value.typeName)")
        }
        return flag
    }

    /// An object member read with its own reader, nil when absent.
    /// - Throws: ``PlanError`` when it is not an object or has a member not in `allowed`.
    package func object(_ key: String, allowed: [String]?) throws(PlanError) -> JSONObjectReader? {
        guard let value = members[key] else { return nil }
        return try JSONObjectReader(value, path: path(key), allowed: allowed)
    }
}

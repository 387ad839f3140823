/// Reads one JSON object of a plan, member by member, keeping the JSON path for errors and
/// refusing members it was not asked about.
struct JSONObjectReader {
    let path: String
    let members: [String: JSONValue]

    /// - Throws: ``PlanError`` when `value` is not an object, or has a member not in `allowed`.
    init(_ value: JSONValue, path: String, allowed: [String]) throws(PlanError) {
        guard case .object(let members) = value else {
            throw PlanError(path: path, message: "expected an object, found \(value.typeName)")
        }
        for key in members.keys.sorted() where !allowed.contains(key) {
            throw PlanError(
                path: Self.join(path, key),
                message: "unknown key '\(key)'; expected one of: \(allowed.joined(separator: ", "))")
        }
        self.path = path
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String { "\(path).\(key)" }

    func path(_ key: String) -> String { Self.join(path, key) }

    func has(_ key: String) -> Bool { members[key] != nil }

    func required(_ key: String) throws(PlanError) -> JSONValue {
        guard let value = members[key] else {
            throw PlanError(path: path(key), message: "required member is missing")
        }
        return value
    }

    func string(_ key: String) throws(PlanError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else {
            throw PlanError(path: path(key), message: "expected a string, found \(value.typeName)")
        }
        return text
    }

    /// An integer member within `range`; `unit` ends the message, e.g. "ms".
    func integer(_ key: String, in range: ClosedRange<Int>, unit: String = "") throws(PlanError) -> Int? {
        guard let value = members[key] else { return nil }
        return try Self.integer(value, path: path(key), in: range, unit: unit)
    }

    static func integer(_ value: JSONValue, path: String, in range: ClosedRange<Int>, unit: String = "") throws(PlanError) -> Int {
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

    func bool(_ key: String) throws(PlanError) -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let flag) = value else {
            throw PlanError(path: path(key), message: "expected true or false, found \(value.typeName)")
        }
        return flag
    }

    func array(_ key: String) throws(PlanError) -> [JSONValue]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else {
            throw PlanError(path: path(key), message: "expected an array, found \(value.typeName)")
        }
        return items
    }
}

import Foundation

/// A parsed JSON document, kept exact: integers stay integers and other numbers keep their
/// decimal digits, so no floating point enters a plan's times.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case decimal(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type name used in error messages: "null", "boolean", "integer", "number",
    /// "string", "array" or "object".
    public var typeName: String {
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

    /// Parses JSON text with Foundation's `JSONDecoder`.
    /// - Throws: ``PlanError`` at path `$` with the parser's words, line and column when the
    ///   text is not JSON; at the member's path when an object names a member twice (unless
    ///   `refusingRepeatedMembers` is false, for files other tools wrote, such as HAR).
    public static func parse(_ data: Data, refusingRepeatedMembers: Bool = true) throws(PlanError) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw PlanError(path: "$", message: "not valid JSON: " + syntaxProblem(in: data))
        }
        if refusingRepeatedMembers, let path = DuplicateKeyScan.firstDuplicate(in: Array(data)) {
            throw PlanError(path: path, message: "this member is given twice in one object; expected each name once")
        }
        return value
    }

    /// Where the JSON text goes wrong, as `line L, column C` with the parser's words, found with
    /// Foundation's `JSONSerialization` (which reports a character offset).
    static func syntaxProblem(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "a number out of range, or text that is not UTF-8"
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let lines = data.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            guard let range = description.range(of: "character "),
                  let offset = Int(description[range.upperBound...].prefix(while: \.isNumber))
            else {
                let words = description.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                return description.contains("end of file") ? "\(words) (line \(lines), the file's end)" : words
            }
            var line = 1
            var column = 1
            for byte in data.prefix(offset) {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return "\(description.replacingOccurrences(of: " around character \(offset)", with: "").trimmingCharacters(in: CharacterSet(charactersIn: ". "))) at line \(line), column \(column)"
        }
    }
}

extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .decimal(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

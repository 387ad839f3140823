import Foundation

/// A strict JSON reader (RFC 8259) that keeps numbers exact and reports every problem where it
/// is: a syntax error at its line and column, a number out of range and a member given twice at
/// their JSON paths (`$.script[2].latencyMs`), member names compared after unescaping.
///
/// Foundation's parsers report a character offset, refuse a number too large for `Decimal` as
/// "not valid JSON" with no place, and keep one of two members with the same name; this reader
/// replaces them for every file filmstrip reads.
///
/// Accepted beyond RFC 8259: one UTF-8 byte-order mark at the start (Windows tools write it).
/// Bounded: nesting deeper than ``maximumDepth`` is refused, so no input exhausts the stack.
struct JSONReader {
    /// The deepest nesting of arrays and objects read (Foundation's limit too).
    static let maximumDepth = 512

    private enum PathComponent {
        case member(String)
        case element(Int)
    }

    private let bytes: [UInt8]
    private let refusingRepeatedMembers: Bool
    private var index = 0
    private var path: [PathComponent] = []
    /// Arrays whose elements are handed to ``visitor`` one at a time and not kept, by the member
    /// names leading to them from the root (`[]`: the root itself; `["log", "entries"]`).
    var streamedArrays: [[String]] = []
    /// Called with each element of a streamed array: the array's member path, the element's
    /// index, the element. The array then reads as empty.
    var visitor: (([String], Int, JSONValue) throws(PlanError) -> Void)?

    init(_ bytes: [UInt8], refusingRepeatedMembers: Bool) {
        self.bytes = bytes
        self.refusingRepeatedMembers = refusingRepeatedMembers
    }

    /// Reads the whole text as one JSON value.
    mutating func document() throws(PlanError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw syntax("expected the end of the document after the top-level value") }
        return value
    }

    // MARK: Values

    private mutating func readValue() throws(PlanError) -> JSONValue {
        guard index < bytes.count else { throw syntax("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw syntax("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func readLiteral(_ word: String, _ value: JSONValue) throws(PlanError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw syntax("expected a value (an object, array, string, number, true, false or null)")
        }
        index += expected.count
        return value
    }

    private mutating func readObject() throws(PlanError) -> JSONValue {
        guard path.count < Self.maximumDepth else {
            throw syntax("expected at most \(Self.maximumDepth) nested arrays and objects")
        }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw syntax("expected a member name in double quotes")
            }
            let name = try readString()
            path.append(.member(name))
            if refusingRepeatedMembers, members[name] != nil {
                throw PlanError(path: renderedPath(), message: "this member is given twice in one object; expected each name once")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw syntax("expected ':' after the member name")
            }
            index += 1
            skipWhitespace()
            members[name] = try readValue()
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw syntax("expected ',' or '}' to continue the object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw syntax("expected ',' or '}' to continue the object") }
            index += 1
            return .object(members)
        }
    }

    private mutating func readArray() throws(PlanError) -> JSONValue {
        guard path.count < Self.maximumDepth else {
            throw syntax("expected at most \(Self.maximumDepth) nested arrays and objects")
        }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        let streamed = visitor != nil ? streamedPath() : nil
        var count = 0
        while true {
            skipWhitespace()
            path.append(.element(count))
            let item = try readValue()
            if let streamed, let visitor { try visitor(streamed, count, item) } else { items.append(item) }
            count += 1
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw syntax("expected ',' or ']' to continue the array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw syntax("expected ',' or ']' to continue the array") }
            index += 1
            return .array(items)
        }
    }

    /// The member names of the current path when it is one of ``streamedArrays``; nil otherwise.
    private func streamedPath() -> [String]? {
        var names: [String] = []
        for component in path {
            guard case .member(let name) = component else { return nil }
            names.append(name)
        }
        return streamedArrays.contains(names) ? names : nil
    }

    // MARK: Strings

    /// At the opening quote: the string's text with escapes resolved; moves past the closing quote.
    private mutating func readString() throws(PlanError) -> String {
        index += 1
        var text: [UInt8] = []
        let start = index
        while true {
            guard index < bytes.count else { throw syntax("expected '\"' to close the string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    index = start
                    throw syntax("expected a string of UTF-8 text")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw syntax("expected an escape after '\\'") }
                let escape = bytes[index]
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    index += 1
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw syntax("expected a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate")
                        }
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            index -= 6
                            throw syntax("expected a low surrogate '\\uDC00'…'\\uDFFF' after a high surrogate")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        index -= 6
                        throw syntax("expected a high surrogate before a low surrogate")
                    }
                    text += Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
                    continue
                default:
                    throw syntax("expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
                }
                index += 1
            case 0x00..<0x20:
                throw syntax("expected control characters in a string escaped (\\n, \\t or \\u00XX)")
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// Four hex digits after `\u`; moves past them.
    private mutating func readHex4() throws(PlanError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw syntax("expected four hex digits after '\\u'") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw syntax("expected four hex digits after '\\u'")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: Numbers

    /// An integer when the number is whole and fits `Int` (`5`, `5.0`, `1e3`), else a `Decimal`.
    private mutating func readNumber() throws(PlanError) -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw syntax("expected a digit after '-'")
        }
        var plainInteger = true
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw syntax("expected no leading zero in a number")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            plainInteger = false
            index += 1
            guard digits() > 0 else { throw syntax("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            plainInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw syntax("expected a digit in the exponent") }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        if plainInteger, let integer = Int(literal) { return .integer(integer) }
        guard literal.utf8.count <= 400,
              let decimal = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite,
              !decimal.isZero || Self.isAllZeros(literal)
        else {
            throw PlanError(path: renderedPath(), message: "number out of range: \(Self.abbreviated(literal)); expected 0 or a magnitude from 1e-128 to below 1e165")
        }
        var exact = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        if rounded == decimal, decimal.magnitude < Decimal(Int.max / 2) {
            return .integer(NSDecimalNumber(decimal: decimal).intValue)
        }
        return .decimal(decimal)
    }

    /// Whether a number's digits are all zeros (`0`, `-0.000e5`): such a number is exactly 0.
    private static func isAllZeros(_ literal: String) -> Bool {
        let mantissa = literal.prefix(while: { $0 != "e" && $0 != "E" })
        return mantissa.allSatisfy { $0 == "0" || $0 == "-" || $0 == "." }
    }

    private static func abbreviated(_ literal: String) -> String {
        literal.count <= 40 ? literal : "\(literal.prefix(20))…(\(literal.count) characters)"
    }

    // MARK: Places

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func renderedPath() -> String {
        var text = "$"
        for component in path {
            switch component {
            case .member(let name): text += ".\(name)"
            case .element(let position): text += "[\(position)]"
            }
        }
        return text
    }

    /// A syntax error at the current place: `not valid JSON at line 3, column 15: expected …, found …`.
    private func syntax(_ expected: String) -> PlanError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return PlanError(path: "$", message: "not valid JSON at line \(line), column \(column): \(expected), found \(found())")
    }

    /// What stands at the current place, for an error message.
    private func found() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        switch byte {
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x00..<0x20, 0x7F: return "control character U+\(String(format: "%04X", Int(byte)))"
        default:
            let end = min(bytes.count, index + 4)
            for length in (1...(end - index)).reversed() {
                if let text = String(validating: bytes[index..<index + length], as: UTF8.self), text.unicodeScalars.count == 1 {
                    return "U+\(String(format: "%04X", Int(text.unicodeScalars.first!.value)))"
                }
            }
            return "byte 0x\(String(format: "%02X", Int(byte))) (not UTF-8)"
        }
    }
}

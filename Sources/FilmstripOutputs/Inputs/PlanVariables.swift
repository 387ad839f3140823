import FilmstripCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `${FILMSTRIP_…}` placeholders in a plan file, replaced with environment variables of that
/// name before the plan is read, e.g. `"url": "http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/inbox"`
/// for a server whose port is known only when it starts.
///
/// Only names that start with `FILMSTRIP_` are replaced, so a plan cannot copy any other part of
/// the environment into its outputs; a placeholder whose variable is unset is an error naming the
/// variable and the line. Values are escaped for a JSON string.
///
/// The replacement works on the file's bytes and leaves every other byte as it is, so the plan
/// reader judges the same text with or without placeholders (a byte that is not UTF-8 is refused
/// by line and column either way); a value that is not UTF-8 text is an error naming the
/// variable.
package struct PlanVariables {
    /// The variables' values as bytes, by name (the process environment, or given).
    let values: [String: [UInt8]]

    /// The prefix every variable a plan may use starts with.
    static let prefix = "FILMSTRIP_"

    /// Variables with these values, by name.
    init(environment: [String: String]) {
        values = environment.mapValues { Array($0.utf8) }
    }

    /// The process environment's `FILMSTRIP_…` variables, each value's bytes as they are (a
    /// value that is not UTF-8 is kept, so a plan that uses it is refused by name rather than
    /// given a repaired value).
    package static func process() -> PlanVariables {
        var values: [String: [UInt8]] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), let name = String(validating: bytes[..<equals], as: UTF8.self), name.hasPrefix(prefix) {
                values[name] = Array(bytes[(equals + 1)...])
            }
            entry += 1
        }
        return PlanVariables(values: values)
    }

    private init(values: [String: [UInt8]]) {
        self.values = values
    }

    /// `data` with every `${FILMSTRIP_NAME}` replaced; unchanged when it has none.
    /// - Throws: the problem in words (an unset variable, a name without the prefix, a value
    ///   that is not UTF-8), with its line.
    func substitute(_ data: Data) throws(PlanVariableError) -> Data {
        let bytes = [UInt8](data)
        let dollar = UInt8(ascii: "$")
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        var result: [UInt8] = []
        var copied = 0
        var index = 0
        var line = 1
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            guard bytes[index] == dollar, bytes[index + 1] == open else {
                index += 1
                continue
            }
            if result.isEmpty { result.reserveCapacity(bytes.count + 64) }
            result += bytes[copied..<index]
            guard let end = bytes[(index + 2)...].firstIndex(of: close) else {
                throw PlanVariableError(line: line, message: "'${' without a closing '}'")
            }
            let nameBytes = bytes[(index + 2)..<end]
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard name.hasPrefix(Self.prefix), nameBytes.count > Self.prefix.utf8.count,
                nameBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") })
            else {
                throw PlanVariableError(line: line, message: "${\(name)}: a plan may use only variables named \(Self.prefix)… in capitals, digits and '_'")
            }
            guard let value = values[name] else {
                throw PlanVariableError(line: line, message: "${\(name)} is not set; set it in the environment (e.g. \(name)=8080 filmstrip check …)")
            }
            guard String(validating: value, as: UTF8.self) != nil else {
                let bad = Self.firstInvalidByte(value)
                throw PlanVariableError(
                    line: line,
                    message: "${\(name)}: its value is not UTF-8 text (byte 0x\(String(format: "%02X", Int(value[bad]))) at byte \(bad + 1)); a capture plan is UTF-8 text")
            }
            result += Self.escaped(value)
            index = end + 1
            copied = index
        }
        guard copied > 0 else { return data }
        result += bytes[copied...]
        return Data(result)
    }

    /// Notes the value of every variable `data` (a plan file before ``substitute(_:)``) uses with
    /// ``URLRedaction/noteSecret(_:name:)``, so no output of this process prints it.
    func noteSecrets(usedIn data: Data) {
        guard data.firstRange(of: Data("${".utf8)) != nil else { return }
        for (name, value) in values where data.firstRange(of: Data("${\(name)}".utf8)) != nil {
            URLRedaction.noteSecret(String(decoding: value, as: UTF8.self), name: name)
        }
    }

    /// The offset of the first byte of `bytes` that does not belong to a valid UTF-8 sequence.
    private static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }

    /// `value` (UTF-8) escaped to sit inside a JSON string.
    private static func escaped(_ value: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(value.count)
        for byte in value {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case ..<0x20: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: out.append(byte)
            }
        }
        return out
    }
}

/// A placeholder that cannot be replaced: its line and what is wrong.
package struct PlanVariableError: Error {
    let line: Int
    let message: String
}

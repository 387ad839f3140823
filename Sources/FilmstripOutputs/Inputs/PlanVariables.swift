import Foundation

/// `${FILMSTRIP_…}` placeholders in a plan file, replaced with environment variables of that
/// name before the plan is read, e.g. `"url": "http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/inbox"`
/// for a server whose port is known only when it starts.
///
/// Only names that start with `FILMSTRIP_` are replaced, so a plan cannot copy any other part of
/// the environment into its outputs; a placeholder whose variable is unset is an error naming the
/// variable and the line. Values are escaped for a JSON string.
package struct PlanVariables {
    /// The variables' values, by name (the process environment).
    let environment: [String: String]

    /// The prefix every variable a plan may use starts with.
    static let prefix = "FILMSTRIP_"

    /// `data` with every `${FILMSTRIP_NAME}` replaced; unchanged when it has none.
    /// - Throws: the problem in words (an unset variable, a name without the prefix), with its line.
    func substitute(_ data: Data) throws(PlanVariableError) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("${") else { return data }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            result += rest[..<open.lowerBound]
            let line = text[..<open.lowerBound].count(where: { $0 == "\n" }) + 1
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                throw PlanVariableError(line: line, message: "'${' without a closing '}'")
            }
            let name = String(rest[open.upperBound..<close])
            guard name.hasPrefix(Self.prefix), name.count > Self.prefix.count,
                  name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
            else {
                throw PlanVariableError(line: line, message: "${\(name)}: a plan may use only variables named \(Self.prefix)… in capitals, digits and '_'")
            }
            guard let value = environment[name] else {
                throw PlanVariableError(line: line, message: "${\(name)} is not set; set it in the environment (e.g. \(name)=8080 filmstrip check …)")
            }
            result += Self.escaped(value)
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return Data(result.utf8)
    }

    /// `value` escaped to sit inside a JSON string.
    private static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
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

import Foundation

/// Request latencies to evaluate loader policies against, in whole milliseconds.
///
/// Read from a JSON list of milliseconds (`[87, 312.5, 1045]`) or from a HAR file (the HTTP
/// Archive 1.2 format browsers' developer tools export: `log.entries[].time`, the entry's total
/// time in ms, or when it is missing the sum of the non-negative `timings` `blocked`, `dns`,
/// `connect`, `send`, `wait` and `receive`, -1 meaning not applicable; `ssl` is not added, as
/// HAR 1.2 counts it inside `connect`). Fractional milliseconds are summed exactly and rounded
/// half up once, from their decimal digits.
public struct LatencySamples: Hashable, Sendable {
    /// The latencies, in ms, in file order.
    public let latenciesMs: [Int]
    /// `"HAR"` or `"list"`.
    public let format: String

    public init(latenciesMs: [Int], format: String) {
        self.latenciesMs = latenciesMs
        self.format = format
    }

    /// Parses `data`.
    /// - Throws: ``PlanError`` with the JSON path of the first value that is not a latency, or
    ///   at `$` when the file is neither a list nor a HAR log, or holds no sample.
    public init(json data: Data) throws(PlanError) {
        let root = try JSONValue.parse(data, refusingRepeatedMembers: false)
        var samples: [Int] = []
        switch root {
        case .array(let items):
            for (index, item) in items.enumerated() {
                samples.append(try Self.milliseconds(item, path: "$[\(index)]"))
            }
            format = "list"
        case .object(let members):
            guard case .object(let log)? = members["log"], case .array(let entries)? = log["entries"] else {
                throw PlanError(path: "$.log.entries", message: "expected a HAR log with an entries array, or a JSON list of milliseconds")
            }
            for (index, entry) in entries.enumerated() {
                let path = "$.log.entries[\(index)]"
                guard case .object(let fields) = entry else {
                    throw PlanError(path: path, message: "expected an entry object, found \(entry.typeName)")
                }
                if let time = fields["time"] {
                    samples.append(try Self.milliseconds(time, path: "\(path).time"))
                } else if case .object(let timings)? = fields["timings"] {
                    var total = Decimal(0)
                    for phase in ["blocked", "dns", "connect", "send", "wait", "receive"] {
                        guard let value = timings[phase] else { continue }
                        if case .integer(let number) = value, number == -1 { continue }
                        total += try Self.exact(value, path: "\(path).timings.\(phase)")
                    }
                    samples.append(try Self.milliseconds(.decimal(total), path: "\(path).timings"))
                } else {
                    throw PlanError(path: "\(path).time", message: "expected the entry's time in ms, or its timings")
                }
            }
            format = "HAR"
        default:
            throw PlanError(path: "$", message: "expected a JSON list of milliseconds or a HAR log, found \(root.typeName)")
        }
        guard !samples.isEmpty else { throw PlanError(path: "$", message: "expected at least one latency sample") }
        latenciesMs = samples
    }

    private static func exact(_ value: JSONValue, path: String) throws(PlanError) -> Decimal {
        switch value {
        case .integer(let number) where number >= 0: return Decimal(number)
        case .decimal(let number) where number >= 0: return number
        default: throw PlanError(path: path, message: "expected a time in ms ≥ 0 (or -1 for not applicable), found \(value.typeName)")
        }
    }

    private static func milliseconds(_ value: JSONValue, path: String) throws(PlanError) -> Int {
        switch value {
        case .integer(let number) where number >= 0 && number <= 3_600_000:
            return number
        case .decimal(let number) where number >= 0 && number <= 3_600_000:
            var exact = number
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, 0, .plain)
            return NSDecimalNumber(decimal: rounded).intValue
        default:
            let found = switch value {
            case .integer(let n): "\(n)"
            case .decimal(let n): "\(n)"
            default: value.typeName
            }
            throw PlanError(path: path, message: "expected a latency in ms from 0 to 3600000, found \(found)")
        }
    }
}

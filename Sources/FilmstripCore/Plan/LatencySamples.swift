import Foundation

/// Request latencies to evaluate loader policies against, in whole milliseconds.
///
/// Read from a JSON list of milliseconds (`[87, 312.5, 1045]`) or from a HAR file (the HTTP
/// Archive 1.2 format browsers' developer tools export), read as Firefox and Chrome write it:
///
/// - An entry's latency is its `time`; a null or missing `time` is the sum of the non-negative
///   `timings` `blocked`, `dns`, `connect`, `send`, `wait` and `receive` (`ssl` is not added:
///   HAR 1.2 counts it inside `connect`; -1 means not applicable). A `time` of 0 beside
///   timings that sum to more than 0 uses the timings, with a warning.
/// - A failed request is skipped and counted: no `response` (or `response: null`: HAR 1.2 gives
///   every completed request one), response status 0, an `_error`, or timings that
///   are null (Chrome writes `"receive": null` for a request that never completed).
/// - WebSocket and EventSource entries are skipped by default (their `time` is the socket's
///   whole life): status 101, `_resourceType` `websocket` or `eventsource`,
///   `_webSocketMessages`, or the MIME type `text/event-stream`.
/// - ``Selection`` keeps only entries of the given resource types or MIME types, and only URLs
///   a pattern matches.
/// - An entry longer than an hour is skipped and counted; so is one with no `time` whose timings
///   are all -1 (its time is unknown, not 0 ms), and one with a negative `time` (with a warning
///   naming the first), so one bad entry does not reject the file.
///
/// Fractional milliseconds are summed exactly and rounded half up once, from their decimal digits.
package struct LatencySamples: Hashable, Sendable {
    /// The latencies, in ms, in file order.
    package let latenciesMs: [Int]
    /// `"HAR"` or `"list"`.
    package let format: String
    /// The entries (HAR) or items (list) read.
    package let entriesRead: Int
    /// How many entries were skipped for each reason, in ``SkipReason`` order; empty for a list.
    package let skipped: [SkipReason: Int]
    /// What was read other than as written, one line per kind (`2 entries have time 0 …`).
    package let warnings: [String]

    /// Why a HAR entry is not a sample.
    package enum SkipReason: Int, CaseIterable, Hashable, Sendable, Comparable {
        /// In summary order: a failed request (no response, status 0, an error, null timings), a
        /// WebSocket or EventSource entry, a type not included by the ``Selection``, a URL the
        /// selection rejects, an entry longer than 3,600,000 ms, an entry with no `time` whose
        /// timings are all -1 (HAR 1.2: not applicable; its time is unknown, not 0 ms), an entry
        /// with a negative `time`.
        case failed, socket, notIncluded, urlMismatch, tooLong, unknownTime, negativeTime

        /// `1 failed request`, `2 WebSocket or EventSource entries`, ….
        package func counted(_ count: Int) -> String {
            let entries = count == 1 ? "1 entry" : "\(Quantity.grouped(count)) entries"
            return switch self {
            case .failed: count == 1 ? "1 failed request" : "\(Quantity.grouped(count)) failed requests"
            case .socket: count == 1 ? "1 WebSocket or EventSource entry" : "\(Quantity.grouped(count)) WebSocket or EventSource entries"
            case .notIncluded: "\(entries) of other types"
            case .urlMismatch: "\(entries) with other URLs"
            case .tooLong: "\(entries) longer than 3,600,000 ms"
            case .unknownTime: "\(entries) of unknown time (no time, every timing -1)"
            case .negativeTime: "\(entries) with a negative time"
            }
        }

        /// Orders reasons as they are declared (the order summaries list them in).
        package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Which HAR entries count: by resource type or MIME type, and by URL.
    package struct Selection: Sendable {
        /// Resource types (`xhr`, `fetch`, as Chrome's `_resourceType`) or MIME types
        /// (`application/json`), compared without case; nil keeps every request (but not
        /// WebSocket or EventSource entries, which count only when listed here).
        package var include: [String]?
        /// Whether an entry's `request.url` counts; nil keeps every URL.
        package var url: (@Sendable (String) -> Bool)?

        /// A selection by resource or MIME type (`include`, compared without case) and by URL
        /// (`url` returns true for a URL that counts); nil keeps everything for that part.
        package init(include: [String]? = nil, url: (@Sendable (String) -> Bool)? = nil) {
            self.include = include?.map { $0.lowercased() }
            self.url = url
        }
    }

    /// Samples given directly: `latenciesMs` in whole ms, `format` as ``format`` says (`"list"`
    /// for a plain list); every sample counts as read, none skipped, no warnings.
    package init(latenciesMs: [Int], format: String) {
        self.latenciesMs = latenciesMs
        self.format = format
        entriesRead = latenciesMs.count
        skipped = [:]
        warnings = []
    }

    /// One line saying what was read and skipped, e.g. `read 15 entries; skipped 1 failed
    /// request and 1 WebSocket or EventSource entry`; nil for a list.
    package var summary: String? {
        guard format == "HAR" else { return nil }
        let read = "read \(entriesRead == 1 ? "1 entry" : "\(Quantity.grouped(entriesRead)) entries")"
        let reasons = skipped.keys.sorted().map { $0.counted(skipped[$0]!) }
        return reasons.isEmpty ? "\(read); skipped none" : "\(read); skipped \(Quantity.list(reasons))"
    }

    /// Parses `data`.
    /// - Throws: ``PlanError`` with the JSON path of the first value that is not a latency, or
    ///   at `$` when the file is neither a list nor a HAR log, or holds no sample.
    package init(json data: Data, selection: Selection = Selection()) throws(PlanError) {
        try self.init(bytes: Array(data), selection: selection)
    }

    /// Parses `bytes` (``init(json:selection:)``), reading the list's items or the HAR's
    /// entries one at a time: memory holds the text and one entry, never the whole tree.
    package init(bytes: [UInt8], selection: Selection = Selection()) throws(PlanError) {
        var samples: [Int] = []
        var skipped: [SkipReason: Int] = [:]
        var warnings: [String] = []
        var items = 0
        var entries = 0
        var zeroTimes = 0
        var firstZeroTime = ""
        var negativeTimes = 0
        var firstNegativeTime = ""
        let root = try JSONValue.stream(bytes, arrays: [[], ["log", "entries"]], refusingRepeatedMembers: false) { path, index, item throws(PlanError) in
            if path.isEmpty {
                samples.append(try Self.milliseconds(item, path: "$[\(index)]"))
                items += 1
                return
            }
            entries += 1
            let path = "$.log.entries[\(index)]"
            guard case .object(let fields) = item else {
                throw PlanError(path: path, message: "expected an entry object, found \(item.typeName)")
            }
            switch try Self.sample(fields, path: path, selection: selection) {
            case .latency(let ms, let zeroTime):
                samples.append(ms)
                if zeroTime {
                    if zeroTimes == 0 { firstZeroTime = path }
                    zeroTimes += 1
                }
            case .skipped(let reason):
                skipped[reason, default: 0] += 1
                if reason == .negativeTime {
                    if negativeTimes == 0 { firstNegativeTime = "\(path).time, \(Self.found(fields["time"] ?? .null))" }
                    negativeTimes += 1
                }
            }
        }
        switch root {
        case .array:
            format = "list"
            entriesRead = items
        case .object(let members):
            guard case .object(let log)? = members["log"], case .array? = log["entries"] else {
                throw PlanError(path: "$.log.entries", message: "expected a HAR log with an entries array, or a JSON list of milliseconds")
            }
            if zeroTimes > 0 {
                let entries = zeroTimes == 1 ? "1 entry has" : "\(Quantity.grouped(zeroTimes)) entries have"
                warnings.append("\(entries) a time of 0 beside timings above 0 (the first: \(firstZeroTime)); the sum of the timings was used")
            }
            if negativeTimes > 0 {
                let entries = negativeTimes == 1 ? "1 entry has" : "\(Quantity.grouped(negativeTimes)) entries have"
                warnings.append("\(entries) a negative time (the first: \(firstNegativeTime)); skipped, the other entries are read")
            }
            format = "HAR"
            entriesRead = entries
        default:
            throw PlanError(path: "$", message: "expected a JSON list of milliseconds or a HAR log, found \(root.typeName)")
        }
        self.skipped = skipped
        self.warnings = warnings
        latenciesMs = samples
        guard !samples.isEmpty else {
            throw PlanError(path: "$", message: "expected at least one latency sample" + (summary.map { "; \($0)" } ?? ""))
        }
    }

    private enum EntryOutcome {
        case latency(Int, zeroTime: Bool)
        case skipped(SkipReason)
    }

    /// One HAR entry: its latency, or why it is skipped.
    private static func sample(_ fields: [String: JSONValue], path: String, selection: Selection) throws(PlanError) -> EntryOutcome {
        var status: Int?
        var mimeType = ""
        if case .object(let response)? = fields["response"] {
            if case .integer(let code)? = response["status"] { status = code }
            if case .object(let content)? = response["content"], case .string(let mime)? = content["mimeType"] {
                mimeType = mime.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            }
        }
        var resourceType = ""
        if case .string(let type)? = fields["_resourceType"] { resourceType = type.lowercased() }
        let isSocket = status == 101 || ["websocket", "eventsource"].contains(resourceType)
            || fields["_webSocketMessages"] != nil || mimeType == "text/event-stream"
        if let include = selection.include {
            guard include.contains(where: { $0 == resourceType || $0 == mimeType }) else { return .skipped(.notIncluded) }
        } else if isSocket {
            return .skipped(.socket)
        }
        if let matches = selection.url {
            var url = ""
            if case .object(let request)? = fields["request"], case .string(let text)? = request["url"] { url = text }
            guard matches(url) else { return .skipped(.urlMismatch) }
        }
        // HAR 1.2: every entry has a response; none (or null) is a request that never completed.
        switch fields["response"] {
        case .object?: break
        default: return .skipped(.failed)
        }
        if status == 0 { return .skipped(.failed) }
        if let error = fields["_error"] {
            switch error {
            case .null: break
            case .string(let text) where text.isEmpty: break
            default: return .skipped(.failed)
            }
        }
        var timingsSum: Decimal?
        var timingsAllUnknown = false
        switch fields["timings"] {
        case .null?:
            return .skipped(.failed)
        case .object(let timings)?:
            var total = Decimal(0)
            var known = false
            for phase in ["blocked", "dns", "connect", "send", "wait", "receive"] {
                guard let value = timings[phase] else { continue }
                switch value {
                case .null: return .skipped(.failed)
                case .integer(let number):
                    total += Decimal(max(0, number))
                    known = known || number >= 0
                case .decimal(let number):
                    total += max(0, number)
                    known = known || number >= 0
                default:
                    throw PlanError(path: "\(path).timings.\(phase)", message: "expected a time in ms ≥ 0 (or -1 for not applicable), found \(value.typeName)")
                }
            }
            timingsSum = known ? total : nil
            timingsAllUnknown = !known
        default:
            break
        }
        let latency: Decimal
        var zeroTime = false
        switch fields["time"] {
        case nil, .null?:
            if timingsAllUnknown { return .skipped(.unknownTime) }
            guard let timingsSum else {
                throw PlanError(path: "\(path).time", message: "expected the entry's time in ms, or its timings")
            }
            latency = timingsSum
        case .integer(let number)? where number < 0:
            return .skipped(.negativeTime)
        case .decimal(let number)? where number < 0:
            return .skipped(.negativeTime)
        case .integer(0)?, .decimal(0)?:
            if let timingsSum, timingsSum > 0 {
                latency = timingsSum
                zeroTime = true
            } else {
                latency = 0
            }
        case .integer(let number)? where number >= 0:
            latency = Decimal(number)
        case .decimal(let number)? where number >= 0:
            latency = number
        case let value?:
            throw PlanError(path: "\(path).time", message: "expected the entry's time in ms ≥ 0, found \(Self.found(value))")
        }
        guard latency <= 3_600_000 else { return .skipped(.tooLong) }
        return .latency(try milliseconds(.decimal(latency), path: "\(path).time"), zeroTime: zeroTime)
    }

    private static func found(_ value: JSONValue) -> String {
        switch value {
        case .integer(let n): "\(n)"
        case .decimal(let n): "\(n)"
        default: value.typeName
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
            throw PlanError(path: path, message: "expected a latency in ms from 0 to 3600000, found \(found(value))")
        }
    }
}

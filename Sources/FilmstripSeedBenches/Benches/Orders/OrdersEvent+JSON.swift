import FilmstripCore
extension OrdersEvent {
    /// Reads one timed event of an orders plan:
    /// `{"atMs": 1200, "event": "serverAnswers", "answer": "error", "status": 503, "message": "Service Unavailable", "latencyMs": 900}`;
    /// `{"atMs": 1000, "event": "reopen", "cached": true}` reopens on the cached orders.
    static func read(_ value: JSONValue, path: String) throws(PlanError) -> OrdersEvent {
        let reader = try JSONObjectReader(value, path: path, allowed: ["atMs", "event", "answer", "status", "message", "latencyMs", "rows", "query", "cached"])
        guard let atMs = try reader.integer("atMs", in: 0...86_400_000, unit: "ms") else {
            throw PlanError(path: reader.path("atMs"), message: "required member is missing; expected the event's instant in ms")
        }
        guard let name = try reader.string("event") else {
            throw PlanError(path: reader.path("event"), message: "required member is missing; expected one of: \(OrdersEvent.names.joined(separator: ", "))")
        }
        let argumentKeys = ["answer", "status", "message", "latencyMs", "rows", "query", "cached"]
        func only(_ allowed: [String]) throws(PlanError) {
            for key in argumentKeys where reader.has(key) && !allowed.contains(key) {
                throw PlanError(path: reader.path(key), message: "the \(name) event takes no '\(key)'")
            }
        }
        let kind: OrdersEvent.Kind
        switch name {
        case "reopen":
            try only(["cached"])
            kind = try reader.bool("cached") == true ? .reopenCached : .reopen
        case "tapTryAgain": try only([]); kind = .tapTryAgain
        case "tapRefresh": try only([]); kind = .tapRefresh
        case "networkOffline": try only([]); kind = .networkOffline
        case "networkOnline": try only([]); kind = .networkOnline
        case "clearSearch": try only([]); kind = .clearSearch
        case "createFirstItem": try only([]); kind = .createFirstItem
        case "search":
            try only(["query"])
            guard let query = try reader.string("query"), !query.isEmpty else {
                throw PlanError(path: reader.path("query"), message: "required member is missing; expected the search text")
            }
            kind = .search(query)
        case "serverAnswers":
            let latency = try reader.integer("latencyMs", in: 0...3_600_000, unit: "ms")
            guard let answerName = try reader.string("answer") else {
                throw PlanError(path: reader.path("answer"), message: "required member is missing; expected \"rows\", \"empty\", \"noResults\" or \"error\"")
            }
            let answer: OrdersEvent.Answer
            switch answerName {
            case "rows":
                try only(["answer", "latencyMs", "rows"])
                var rows = OrdersEvent.sampleOrders
                if let items = try reader.array("rows") {
                    rows = try ManifestRow.list(items, path: reader.path("rows"))
                }
                answer = .rows(rows)
            case "empty": try only(["answer", "latencyMs"]); answer = .empty
            case "noResults": try only(["answer", "latencyMs"]); answer = .noResults
            case "error":
                try only(["answer", "latencyMs", "status", "message"])
                let status = try reader.integer("status", in: 100...599) ?? 503
                answer = .error(status: status, message: try reader.string("message") ?? "Service Unavailable")
            default:
                throw PlanError(path: reader.path("answer"), message: "expected \"rows\", \"empty\", \"noResults\" or \"error\", found \"\(answerName)\"")
            }
            kind = .serverAnswers(answer, latencyMs: latency)
        default:
            throw PlanError(path: reader.path("event"), message: "unknown event '\(name)'; expected one of: \(OrdersEvent.names.joined(separator: ", "))")
        }
        return OrdersEvent(atMs: atMs, kind: kind)
    }

    /// Reads an orders plan's `script` (a non-empty array of timed events) and `settings`.
    /// - Throws: ``PlanError`` naming the JSON path and what was expected.
    static func settings(_ root: JSONObjectReader) throws(PlanError) -> OrdersSettings {
        guard let items = try root.array("script") else {
            throw PlanError(path: "$.script", message: "required member is missing; expected an array of timed events")
        }
        guard !items.isEmpty else { throw PlanError(path: "$.script", message: "expected at least one event") }
        var settings = OrdersSettings()
        for (index, item) in items.enumerated() {
            settings.events.append(try read(item, path: "$.script[\(index)]"))
        }
        if let reader = try root.object("settings", allowed: ["latencyMs", "retryLimit", "retryDelayMs", "layoutKnown"]) {
            settings.latencyMs = try reader.integer("latencyMs", in: 0...3_600_000, unit: "ms") ?? settings.latencyMs
            settings.retryLimit = try reader.integer("retryLimit", in: 1...100) ?? settings.retryLimit
            settings.retryDelayMs = try reader.integer("retryDelayMs", in: 1...3_600_000, unit: "ms") ?? settings.retryDelayMs
            settings.layoutKnown = try reader.bool("layoutKnown") ?? settings.layoutKnown
        }
        return settings
    }
}

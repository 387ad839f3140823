extension CapturePlan {
    /// Reads one timed event of an orders plan:
    /// `{"atMs": 1200, "event": "serverAnswers", "answer": "error", "status": 503, "message": "Service Unavailable", "latencyMs": 900}`;
    /// `{"atMs": 1000, "event": "reopen", "cached": true}` reopens on the cached orders.
    static func ordersEvent(_ value: JSONValue, path: String) throws(PlanError) -> OrdersEvent {
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
                    rows = []
                    for (index, item) in items.enumerated() {
                        let row = try JSONObjectReader(item, path: "\(reader.path("rows"))[\(index)]", allowed: ["title", "detail"])
                        guard let title = try row.string("title") else {
                            throw PlanError(path: row.path("title"), message: "required member is missing")
                        }
                        rows.append(ManifestRow(title: title, detail: try row.string("detail") ?? ""))
                    }
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
}

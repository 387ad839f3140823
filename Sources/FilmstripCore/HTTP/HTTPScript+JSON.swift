extension HTTPScript {
    /// Reads a plan's `http` member: an array of routes
    /// `{"method": "GET", "path": "/profile", "answers": [ … ]}`, each answer
    /// `{"status": 200, "headers": {"Content-Type": "application/json"}, "headersAfterMs": 120,
    /// "body": "…"}` or with `"chunks": [{"afterMs": 50, "text": "…"}]`, or a failure
    /// `{"failure": "refused" | "timedOut" | "cutShort" | "neverAnswers", "afterMs": 5000}`
    /// (`afterMs` for `timedOut` only).
    /// - Throws: ``PlanError`` with the JSON path of the first member that is wrong.
    package init(json: JSONValue, path: String) throws(PlanError) {
        guard case .array(let items) = json else {
            throw PlanError(path: path, message: "expected an array of routes, found \(json.typeName)")
        }
        var routes: [Route] = []
        for (index, item) in items.enumerated() {
            let reader = try JSONObjectReader(item, path: "\(path)[\(index)]", allowed: ["method", "path", "answers"])
            let method = try reader.string("method") ?? "GET"
            guard let routePath = try reader.string("path"), routePath.hasPrefix("/") else {
                throw PlanError(path: reader.path("path"), message: "required member is missing or does not start with '/'; expected a URL path such as \"/profile\"")
            }
            guard let answers = try reader.array("answers"), !answers.isEmpty else {
                throw PlanError(path: reader.path("answers"), message: "required member is missing or empty; expected the answers, served in turn")
            }
            var read: [Answer] = []
            for (position, answer) in answers.enumerated() {
                read.append(try Self.answer(answer, path: "\(reader.path("answers"))[\(position)]"))
            }
            routes.append(Route(method: method, path: routePath, answers: read))
        }
        self.init(routes: routes)
    }

    private static func answer(_ value: JSONValue, path: String) throws(PlanError) -> Answer {
        let reader = try JSONObjectReader(value, path: path, allowed: ["status", "headers", "headersAfterMs", "body", "chunks", "failure", "afterMs"])
        let delay = 0...3_600_000
        var failure: Answer.Failure?
        if let name = try reader.string("failure") {
            switch name {
            case "refused": failure = .refused
            case "cutShort": failure = .cutShort
            case "neverAnswers": failure = .neverAnswers
            case "timedOut":
                guard let after = try reader.integer("afterMs", in: delay, unit: "ms") else {
                    throw PlanError(path: reader.path("afterMs"), message: "required member is missing; expected when the request times out, in ms")
                }
                failure = .timedOut(afterMs: after)
            default:
                throw PlanError(path: reader.path("failure"), message: "unknown failure '\(name)'; expected one of: refused, timedOut, cutShort, neverAnswers")
            }
        }
        if reader.has("afterMs"), failure.map({ if case .timedOut = $0 { false } else { true } }) ?? true {
            throw PlanError(path: reader.path("afterMs"), message: "only a timedOut failure takes afterMs; use headersAfterMs for an answer's delay")
        }
        var headers: [String: String] = [:]
        if reader.has("headers") {
            let object = try JSONObjectReader(reader.required("headers"), path: reader.path("headers"), allowed: nil)
            for key in object.members.keys.sorted() { headers[key] = try object.string(key) }
        }
        var chunks: [Answer.Chunk]?
        if let items = try reader.array("chunks") {
            if reader.has("body") { throw PlanError(path: reader.path("body"), message: "give the body or its chunks, not both") }
            var read: [Answer.Chunk] = []
            for (index, item) in items.enumerated() {
                let chunk = try JSONObjectReader(item, path: "\(reader.path("chunks"))[\(index)]", allowed: ["afterMs", "text"])
                read.append(Answer.Chunk(afterMs: try chunk.integer("afterMs", in: delay, unit: "ms") ?? 0, text: try chunk.string("text") ?? ""))
            }
            chunks = read
        }
        return Answer(
            status: try reader.integer("status", in: 100...599) ?? 200, headers: headers,
            afterMs: try reader.integer("headersAfterMs", in: delay, unit: "ms") ?? 0,
            body: try reader.string("body") ?? "", chunks: chunks, failure: failure)
    }
}

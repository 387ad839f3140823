import Foundation

extension HTTPScript {
    /// Reads a plan's `http` member: an array of routes
    /// `{"method": "GET", "path": "/profile", "answers": [ … ]}`, each answer
    /// `{"status": 200, "headers": {"Content-Type": "application/json"}, "headersAfterMs": 120,
    /// "body": "…"}` or with `"chunks": [{"afterMs": 50, "text": "…"}]`, or a failure
    /// `{"failure": "refused" | "timedOut" | "cutShort" | "neverAnswers", "afterMs": 5000}`
    /// (`afterMs` for `timedOut` only), and network changes `{"atMs": 600, "network": "offline"}`
    /// (``NetworkChange``). docs/PLANS.md lists every member with its unit and default.
    ///
    /// A member that means nothing for its answer is refused, not ignored: `status`, `headers`,
    /// `headersAfterMs`, `body` or `chunks` on a `refused`, `timedOut` or `neverAnswers` failure;
    /// a body on a status that has none (1xx, 204, 304) or on a `HEAD` route; a network change to
    /// the state the device is already in.
    /// - Throws: ``PlanError`` with the JSON path of the first member that is wrong.
    package init(json: JSONValue, path: String) throws(PlanError) {
        guard case .array(let items) = json else {
            throw PlanError(path: path, message: "expected an array of routes, found \(json.typeName)")
        }
        var routes: [Route] = []
        var changes: [(change: NetworkChange, path: String)] = []
        for (index, item) in items.enumerated() {
            if case .object(let members) = item, members["network"] != nil {
                changes.append(try Self.networkChange(item, path: "\(path)[\(index)]"))
                continue
            }
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
                let answerPath = "\(reader.path("answers"))[\(position)]"
                let parsed = try Self.answer(answer, path: answerPath)
                if method.uppercased() == "HEAD", !parsed.chunks.isEmpty {
                    var member = "body"
                    if case .object(let members) = answer, members["chunks"] != nil { member = "chunks" }
                    throw PlanError(path: "\(answerPath).\(member)", message: "a HEAD request's answer has no body; remove \(member) or use GET")
                }
                read.append(parsed)
            }
            routes.append(Route(method: method, path: routePath, answers: read))
        }
        self.init(routes: routes)
        // Stable by instant; a change to the state the device is already in means nothing.
        var online = true
        var previous: (atMs: Int, path: String)?
        for (change, changePath) in changes.enumerated().sorted(by: { ($0.element.change.atMs, $0.offset) < ($1.element.change.atMs, $1.offset) }).map(\.element) {
            if let previous, previous.atMs == change.atMs {
                throw PlanError(path: "\(changePath).atMs", message: "\(previous.path) already changes the network at \(change.atMs) ms; expected one change per instant")
            }
            guard change.isOnline != online else {
                let state = online ? "online" : "offline"
                throw PlanError(path: "\(changePath).network", message: "the device is already \(state) at \(change.atMs) ms; expected \"\(online ? "offline" : "online")\"")
            }
            online = change.isOnline
            previous = (change.atMs, changePath)
            network.append(change)
        }
    }

    /// Reads a scripted `http` member from JSON text, for a model's own unit tests: the text of a
    /// plan's `http` array, or a whole plan (an object with an `http` member), so a test reads
    /// the committed plan itself.
    ///
    /// ```swift
    /// let plan = try String(contentsOfFile: "captures/orders-offline.json", encoding: .utf8)
    /// let script = try HTTPScript(json: plan)
    /// ```
    /// - Throws: ``PlanError`` with the JSON path (`$.http[2].answers[0].status`) of the first
    ///   member that is wrong, the same errors `filmstrip record` gives for the plan.
    public init(json text: String) throws(PlanError) {
        let value = try JSONValue.parse(Data(text.utf8))
        if case .object = value {
            let root = try JSONObjectReader(value, path: "$", allowed: nil)
            try self.init(json: root.required("http"), path: root.path("http"))
        } else {
            try self.init(json: value, path: "$")
        }
    }

    private static func networkChange(_ value: JSONValue, path: String) throws(PlanError) -> (change: NetworkChange, path: String) {
        let reader = try JSONObjectReader(value, path: path, allowed: ["atMs", "network"])
        guard let atMs = try reader.integer("atMs", in: 0...86_400_000, unit: "ms") else {
            throw PlanError(path: reader.path("atMs"), message: "required member is missing; expected the instant the network changes, in ms")
        }
        switch try reader.string("network") {
        case "offline": return (NetworkChange(atMs: atMs, isOnline: false), path)
        case "online": return (NetworkChange(atMs: atMs, isOnline: true), path)
        default: throw PlanError(path: reader.path("network"), message: "expected \"offline\" or \"online\"")
        }
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
        // A failure other than cutShort sends nothing back: no status, headers, delay or body.
        if let failure, failure != .cutShort, let name = try reader.string("failure") {
            for member in ["status", "headers", "headersAfterMs", "body", "chunks"] where reader.has(member) {
                let instead = member == "headersAfterMs" && name == "timedOut" ? "; afterMs gives when it times out" : ""
                throw PlanError(path: reader.path(member), message: "a \(name) answer sends nothing back, so \(member) means nothing there; remove it\(instead)")
            }
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
        let status = try reader.integer("status", in: 100...599) ?? 200
        // RFC 9110: 1xx, 204 and 304 answers have no content.
        if status < 200 || status == 204 || status == 304, let member = ["body", "chunks"].first(where: reader.has) {
            throw PlanError(path: reader.path(member), message: "a \(status) answer has no body, so \(member) means nothing there; remove it or use another status")
        }
        return Answer(
            status: status, headers: headers,
            afterMs: try reader.integer("headersAfterMs", in: delay, unit: "ms") ?? 0,
            body: try reader.string("body") ?? "", chunks: chunks, failure: failure)
    }
}

import FilmstripCore

extension Beat {
    /// What a bench's beats may say, for reading them from a plan.
    struct Vocabulary {
        /// The bench's name, for messages.
        let bench: String
        /// What may start a beat.
        let triggers: [Trigger]
        /// The rows of a loaded reply that gives none.
        let defaultRows: [ManifestRow]
        /// The message of a failed reply that gives none.
        let defaultFailure: String
    }

    /// Reads a plan's `script`: a non-empty array of beats such as
    /// `{"trigger": "retry", "reply": "loaded", "latencyMs": 790, "holdMs": 1500}`.
    /// - Throws: ``PlanError`` naming the JSON path and what was expected.
    static func script(_ root: JSONObjectReader, vocabulary: Vocabulary) throws(PlanError) -> [Beat] {
        guard let items = try root.array("script") else {
            throw PlanError(path: "$.script", message: "required member is missing; expected an array of beats")
        }
        guard !items.isEmpty else { throw PlanError(path: "$.script", message: "expected at least one beat") }
        var script: [Beat] = []
        for (index, item) in items.enumerated() {
            script.append(try beat(item, path: "$.script[\(index)]", vocabulary: vocabulary))
        }
        return script
    }

    private static func beat(_ value: JSONValue, path: String, vocabulary: Vocabulary) throws(PlanError) -> Beat {
        let reader = try JSONObjectReader(value, path: path, allowed: ["trigger", "reply", "latencyMs", "holdMs", "message", "rows"])
        var trigger = Trigger.open
        if let text = try reader.string("trigger") {
            guard let parsed = Trigger(rawValue: text), vocabulary.triggers.contains(parsed) else {
                let names = vocabulary.triggers.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw PlanError(path: reader.path("trigger"), message: "expected one of \(names) for the \(vocabulary.bench) bench, found \"\(text)\"")
            }
            trigger = parsed
        }
        let replies = Reply.names.map { "\"\($0)\"" }
        let expectedReply = replies.dropLast().joined(separator: ", ") + " or " + replies.last!
        guard let replyName = try reader.string("reply") else {
            throw PlanError(path: reader.path("reply"), message: "required member is missing; expected \(expectedReply)")
        }
        guard let latencyMs = try reader.integer("latencyMs", in: 0...3_600_000, unit: "ms") else {
            throw PlanError(path: reader.path("latencyMs"), message: "required member is missing; expected the fetch's latency in ms")
        }
        let holdMs = try reader.integer("holdMs", in: 0...3_600_000, unit: "ms") ?? 0
        func refuse(_ key: String, _ reason: String) throws(PlanError) {
            if reader.has(key) { throw PlanError(path: reader.path(key), message: reason) }
        }
        let reply: Reply
        switch replyName {
        case Reply.loading.name:
            try refuse("holdMs", "a loading beat has nothing to hold; its latency is its length")
            try refuse("message", "only a failed reply carries a message")
            try refuse("rows", "only a loaded reply carries rows")
            reply = .loading
        case Reply.empty.name:
            try refuse("message", "only a failed reply carries a message")
            try refuse("rows", "only a loaded reply carries rows")
            reply = .empty
        case Reply.failed(message: "").name:
            try refuse("rows", "only a loaded reply carries rows")
            let message = try reader.string("message") ?? vocabulary.defaultFailure
            guard !message.isEmpty else { throw PlanError(path: reader.path("message"), message: "expected a non-empty message") }
            reply = .failed(message: message)
        case Reply.loaded(rows: []).name:
            try refuse("message", "only a failed reply carries a message")
            var rows = vocabulary.defaultRows
            if let items = try reader.array("rows") {
                rows = try ManifestRow.list(items, path: reader.path("rows"))
            }
            reply = .loaded(rows: rows)
        default:
            throw PlanError(path: reader.path("reply"), message: "expected \(expectedReply), found \"\(replyName)\"")
        }
        return Beat(trigger: trigger, reply: reply, latencyMs: latencyMs, holdMs: holdMs)
    }

    /// The checks every beat script meets, however its plan was made: a retry follows a failure
    /// on screen and a refresh rows on screen, read as the screen draws them (``screens(before:mode:)``:
    /// a failed refresh keeps its rows, wrapping around in a cycle), and a cycle takes more than 0 ms.
    /// - Throws: ``PlanError`` at `$.script…`.
    static func validate(_ script: [Beat], plan: CapturePlan, triggers: [Trigger]) throws(PlanError) {
        guard !script.isEmpty else { throw PlanError(path: "$.script", message: "expected at least one beat") }
        let onScreen = screens(before: script, mode: plan.mode)
        for (index, beat) in script.enumerated() {
            guard triggers.contains(beat.trigger) else {
                let names = triggers.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw PlanError(path: "$.script[\(index)].trigger", message: "expected one of \(names) for the \(plan.bench.name) bench, found \"\(beat.trigger.rawValue)\"")
            }
            guard (0...3_600_000).contains(beat.latencyMs) else {
                throw PlanError(path: "$.script[\(index)].latencyMs", message: "expected an integer from 0 to 3600000 ms, found \(beat.latencyMs)")
            }
            guard (0...3_600_000).contains(beat.holdMs) else {
                throw PlanError(path: "$.script[\(index)].holdMs", message: "expected an integer from 0 to 3600000 ms, found \(beat.holdMs)")
            }
            guard beat.trigger != .open else { continue }
            let before = onScreen[index]
            let needed = beat.trigger == .retry ? Reply.failed(message: "").name : Reply.loaded(rows: []).name
            guard before == needed else {
                let what = beat.trigger == .retry ? "a retry follows a failure on screen" : "a refresh needs content on screen"
                throw PlanError(
                    path: "$.script[\(index)].trigger",
                    message: "\(what): expected \(needed) on screen before this beat, found \(before.map { "\($0) on screen" } ?? "no beat before")")
            }
        }
        if plan.mode == .cycle && length(script, slowMotion: plan.slowMotion) == 0 {
            throw PlanError(path: "$.script", message: "a cycle whose beats all take 0 ms would repeat without end; expected at least one beat with latencyMs or holdMs above 0")
        }
    }

    /// The phase on screen as each beat of `script` starts, as the bench draws it: a beat's
    /// reply, except that a refresh over rows that fails keeps the rows (`loaded`); nil before
    /// the first beat of a pinned script. A cycle starts on what its last beat leaves.
    static func screens(before script: [Beat], mode: CapturePlan.Mode) -> [String?] {
        func after(_ beat: Beat, over screen: String?) -> String {
            let keepsRows = beat.trigger == .refresh && screen == Reply.loaded(rows: []).name && beat.reply.name == Reply.failed(message: "").name
            return keepsRows ? Reply.loaded(rows: []).name : beat.reply.name
        }
        var screen: String?
        if mode == .cycle {
            // One pass settles what the cycle's end leaves: every screen after an open, a retry
            // or a reply other than a failed refresh is that reply, whatever came before.
            for beat in script { screen = after(beat, over: screen) }
        }
        var before: [String?] = []
        for beat in script {
            before.append(screen)
            screen = after(beat, over: screen)
        }
        return before
    }

    /// One pass of `script`, in ms: every latency (stretched) and hold.
    static func length(_ script: [Beat], slowMotion: SlowMotion) -> Int {
        script.reduce(0) { $0 + slowMotion.apply(toMs: $1.latencyMs) + $1.holdMs }
    }

    /// Why `phase` is on screen for 0 ms each time the script reaches it, when beats that reply
    /// it hold it for 0 ms: `beat 2 has holdMs 0 (the default), so the next beat starts the
    /// instant its reply lands; a holdMs of at least 500 ms (one frame interval) would capture it`.
    static func zeroHoldCause(_ script: [Beat], phase: String, frameIntervalMs: Int) -> String? {
        let zeroHolds = script.enumerated().filter { $0.element.reply.name == phase && $0.element.holdMs == 0 }.map { $0.offset + 1 }
        guard !zeroHolds.isEmpty else { return nil }
        let beats = zeroHolds.count == 1 ? "beat \(zeroHolds[0]) has" : "beats \(Quantity.list(zeroHolds.map(String.init))) have"
        return "\(beats) holdMs 0 (the default), so the next beat starts the instant its reply lands; a holdMs of at least \(Quantity.ms(frameIntervalMs)) (one frame interval) would capture it"
    }

    /// The longest beat, for lint advice: `beat 1, loading, 12,000 ms with slow motion 1.5`.
    static func longest(_ script: [Beat], slowMotion: SlowMotion) -> String? {
        guard let (number, beat) = script.enumerated().max(by: { slowMotion.apply(toMs: $0.element.latencyMs) < slowMotion.apply(toMs: $1.element.latencyMs) }) else { return nil }
        let stretched = slowMotion == .off ? "" : " with slow motion \(slowMotion)"
        return "beat \(number + 1), \(beat.reply.name), \(Quantity.ms(slowMotion.apply(toMs: beat.latencyMs)))\(stretched)"
    }
}

extension ManifestRow {
    /// Reads a plan's rows: `[{"title": "2.4.0 (118)", "detail": "Ready for Review"}, …]`.
    /// - Throws: ``PlanError`` naming the JSON path.
    static func list(_ items: [JSONValue], path: String) throws(PlanError) -> [ManifestRow] {
        var rows: [ManifestRow] = []
        for (index, item) in items.enumerated() {
            let row = try JSONObjectReader(item, path: "\(path)[\(index)]", allowed: ["title", "detail"])
            guard let title = try row.string("title") else {
                throw PlanError(path: row.path("title"), message: "required member is missing")
            }
            rows.append(ManifestRow(title: title, detail: try row.string("detail") ?? ""))
        }
        return rows
    }
}

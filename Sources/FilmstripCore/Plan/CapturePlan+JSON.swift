import Foundation

extension CapturePlan {
    /// The members a plan may have.
    static let planKeys = [
        "bench", "summary", "panels", "mode", "slowMotion", "script", "windowStartMs", "windowMs",
        "frameIntervalMs", "frameCount", "scale", "stills", "expect", "flashThresholdMs", "loaderPolicies", "settings",
        "extendToSettle",
    ]

    /// Reads and validates a capture plan.
    ///
    /// ```json
    /// { "bench": "inbox", "mode": "cycle", "windowMs": 12000, "frameIntervalMs": 500,
    ///   "script": [ { "reply": "loading", "latencyMs": 1100 },
    ///               { "reply": "empty", "latencyMs": 790, "holdMs": 1500 } ] }
    /// ```
    ///
    /// Members: `bench` (required), `summary`, `panels` (default: the bench's panels), `mode`
    /// (`cycle` default, or `pinned`), `slowMotion` (a number > 0 with at most three decimals,
    /// default 1), `script` (required, non-empty), `windowStartMs` (default 0), `windowMs`
    /// (required, > 0), exactly one of `frameIntervalMs` or `frameCount` (which must divide the
    /// window), `scale` (1...8, default 2), `stills` (`name`, `atMs` inside the window), and
    /// `expect` with `minFrames` and `maxSharePercent` keyed by phase (each replaces its default:
    /// every phase in ≥ 1 frame; loading ≤ 50%), `extendToSettle` (default false; see
    /// ``settled()``). Unknown members are errors.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - name: the plan's name (the file name without `.json`).
    /// - Throws: ``PlanError`` naming the JSON path and what was expected.
    public init(json data: Data, name: String) throws(PlanError) {
        let root = try JSONObjectReader(JSONValue.parse(data), path: "$", allowed: Self.planKeys)

        guard let benchName = try root.string("bench") else {
            throw PlanError(path: "$.bench", message: "required member is missing; expected one of: \(BenchCatalog.names.joined(separator: ", "))")
        }
        guard let bench = BenchCatalog.entry(named: benchName) else {
            throw PlanError(path: "$.bench", message: "unknown bench '\(benchName)'; expected one of: \(BenchCatalog.names.joined(separator: ", "))")
        }

        var panels = bench.panels
        if let items = try root.array("panels") {
            guard !items.isEmpty else { throw PlanError(path: "$.panels", message: "expected at least one panel") }
            panels = []
            for (index, item) in items.enumerated() {
                let path = "$.panels[\(index)]"
                guard case .string(let id) = item else {
                    throw PlanError(path: path, message: "expected a panel name, found \(item.typeName)")
                }
                guard bench.panels.contains(id) else {
                    throw PlanError(path: path, message: "unknown panel '\(id)' for bench \(benchName); expected one of: \(bench.panels.joined(separator: ", "))")
                }
                guard !panels.contains(id) else { throw PlanError(path: path, message: "panel '\(id)' is listed twice") }
                panels.append(id)
            }
        }

        var mode = Mode.cycle
        if let text = try root.string("mode") {
            guard let parsed = Mode(rawValue: text) else {
                throw PlanError(path: "$.mode", message: "expected \"cycle\" or \"pinned\", found \"\(text)\"")
            }
            mode = parsed
        }

        let slowMotion = try Self.slowMotion(root.members["slowMotion"])

        guard let scriptItems = try root.array("script") else {
            throw PlanError(path: "$.script", message: "required member is missing; expected an array of beats")
        }
        guard !scriptItems.isEmpty else { throw PlanError(path: "$.script", message: "expected at least one beat") }
        var script: [Beat] = []
        var ordersEvents: [OrdersEvent] = []
        if bench.name == "orders" {
            for (index, item) in scriptItems.enumerated() {
                ordersEvents.append(try Self.ordersEvent(item, path: "$.script[\(index)]"))
            }
            guard mode == .pinned || !root.has("mode") else {
                throw PlanError(path: "$.mode", message: "the orders bench runs its timed events once; expected \"pinned\" or no mode")
            }
            mode = .pinned
        } else {
            for (index, item) in scriptItems.enumerated() {
                script.append(try Self.beat(item, path: "$.script[\(index)]", bench: bench))
            }
            try Self.checkTriggers(script, mode: mode, bench: bench)
        }
        var ordersSettings = OrdersSettings()
        if let value = root.members["settings"] {
            guard bench.name == "orders" else {
                throw PlanError(path: "$.settings", message: "the \(benchName) bench has no settings")
            }
            let reader = try JSONObjectReader(value, path: "$.settings", allowed: ["latencyMs", "retryLimit", "retryDelayMs", "layoutKnown"])
            ordersSettings.latencyMs = try reader.integer("latencyMs", in: 0...3_600_000, unit: "ms") ?? ordersSettings.latencyMs
            ordersSettings.retryLimit = try reader.integer("retryLimit", in: 1...100) ?? ordersSettings.retryLimit
            ordersSettings.retryDelayMs = try reader.integer("retryDelayMs", in: 1...3_600_000, unit: "ms") ?? ordersSettings.retryDelayMs
            if let known = reader.members["layoutKnown"] {
                guard case .bool(let flag) = known else {
                    throw PlanError(path: reader.path("layoutKnown"), message: "expected true or false, found \(known.typeName)")
                }
                ordersSettings.layoutKnown = flag
            }
        }

        let windowStartMs = try root.integer("windowStartMs", in: 0...86_400_000, unit: "ms") ?? 0
        guard let windowMs = try root.integer("windowMs", in: 1...3_600_000, unit: "ms") else {
            throw PlanError(path: "$.windowMs", message: "required member is missing; expected the recording window's length in ms")
        }
        let interval: Int
        switch (root.has("frameIntervalMs"), root.has("frameCount")) {
        case (true, true):
            throw PlanError(path: "$.frameCount", message: "give frameIntervalMs or frameCount, not both")
        case (false, false):
            throw PlanError(path: "$.frameIntervalMs", message: "required member is missing; expected frameIntervalMs (ms between frames) or frameCount")
        case (true, false):
            interval = try root.integer("frameIntervalMs", in: 1...windowMs, unit: "ms (at most the window)")!
        case (false, true):
            let count = try root.integer("frameCount", in: 1...min(windowMs, 100_000))!
            guard windowMs % count == 0 else {
                throw PlanError(path: "$.frameCount", message: "expected a count that divides the \(windowMs) ms window into whole milliseconds, found \(count) (\(windowMs) / \(count) is not whole)")
            }
            interval = windowMs / count
        }
        let frames = (windowMs + interval - 1) / interval
        guard frames <= 100_000 else {
            throw PlanError(path: "$.frameIntervalMs", message: "expected at most 100000 frames in the window, the plan gives \(frames)")
        }

        let scale = try root.integer("scale", in: 1...8) ?? 2

        var stills: [Still] = []
        for (index, item) in (try root.array("stills") ?? []).enumerated() {
            let path = "$.stills[\(index)]"
            let reader = try JSONObjectReader(item, path: path, allowed: ["name", "atMs"])
            guard let stillName = try reader.string("name") else {
                throw PlanError(path: reader.path("name"), message: "required member is missing")
            }
            guard !stillName.isEmpty, stillName.count <= 64,
                  stillName.unicodeScalars.allSatisfy({ "abcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars.contains($0) })
            else {
                throw PlanError(path: reader.path("name"), message: "expected 1 to 64 lowercase letters, digits, '-' or '_', found \"\(stillName)\"")
            }
            guard !stills.contains(where: { $0.name == stillName }) else {
                throw PlanError(path: reader.path("name"), message: "still '\(stillName)' is named twice")
            }
            guard let atMs = try reader.integer("atMs", in: windowStartMs...(windowStartMs + windowMs - 1), unit: "ms (inside the window)") else {
                throw PlanError(path: reader.path("atMs"), message: "required member is missing")
            }
            stills.append(Still(name: stillName, atMs: atMs))
        }

        var expect = bench.defaultExpectations
        if let value = root.members["expect"] {
            let reader = try JSONObjectReader(value, path: "$.expect", allowed: ["minFrames", "maxSharePercent", "maxFlashes", "maxHeldBackMs", "followRules"])
            if let items = try reader.array("followRules") {
                expect.followRules = []
                for (index, item) in items.enumerated() {
                    guard case .string(let id) = item, panels.contains(id) else {
                        throw PlanError(path: "\(reader.path("followRules"))[\(index)]", message: "expected a panel of this plan (\(panels.joined(separator: ", "))), found \(item.typeName == "string" ? "'\(item)'" : item.typeName)")
                    }
                    expect.followRules.append(id)
                }
            }
            if let flashes = reader.members["maxFlashes"] {
                expect.maxFlashes = try Self.panelTable(flashes, path: reader.path("maxFlashes"), panels: panels, range: 0...1_000_000, unit: "flashes")
            }
            if let held = reader.members["maxHeldBackMs"] {
                expect.maxHeldBackMs = try Self.panelTable(held, path: reader.path("maxHeldBackMs"), panels: panels, range: 0...3_600_000, unit: "ms")
            }
            if let minFrames = reader.members["minFrames"] {
                expect.minFrames = try Self.phaseTable(minFrames, path: reader.path("minFrames"), phases: bench.phases, range: 0...100_000, unit: "frames")
            }
            if let shares = reader.members["maxSharePercent"] {
                expect.maxSharePercent = try Self.phaseTable(shares, path: reader.path("maxSharePercent"), phases: bench.phases, range: 0...100, unit: "percent")
            }
        }

        let flashThresholdMs = try root.integer("flashThresholdMs", in: 1...60_000, unit: "ms") ?? 300
        var policies: [String: LoaderPolicy] = [:]
        if let value = root.members["loaderPolicies"] {
            guard case .object(let members) = value else {
                throw PlanError(path: "$.loaderPolicies", message: "expected an object keyed by panel, found \(value.typeName)")
            }
            for key in members.keys.sorted() {
                let path = "$.loaderPolicies.\(key)"
                guard bench.policyPanels.contains(key) else {
                    let expected = bench.policyPanels.isEmpty ? "the \(benchName) bench has no loader policies" : "expected one of: \(bench.policyPanels.joined(separator: ", "))"
                    throw PlanError(path: path, message: "unknown loader panel '\(key)'; \(expected)")
                }
                let reader = try JSONObjectReader(members[key]!, path: path, allowed: ["delayMs", "minimumMs"])
                guard let delay = try reader.integer("delayMs", in: 0...60_000, unit: "ms") else {
                    throw PlanError(path: reader.path("delayMs"), message: "required member is missing")
                }
                policies[key] = LoaderPolicy(delayMs: delay, minimumVisibleMs: try reader.integer("minimumMs", in: 0...60_000, unit: "ms"))
            }
        }

        self.init(
            name: name, summary: try root.string("summary") ?? "", bench: benchName, panels: panels, mode: mode,
            slowMotion: slowMotion, script: script, windowStartMs: windowStartMs, windowMs: windowMs,
            frameIntervalMs: interval, scale: scale, stills: stills, expect: expect,
            flashThresholdMs: flashThresholdMs, loaderPolicies: policies, ordersEvents: ordersEvents, ordersSettings: ordersSettings)
        extendToSettle = try root.bool("extendToSettle") ?? false

        if mode == .cycle && bench.name != "orders" {
            let cycleMs = script.reduce(0) { $0 + effectiveLatencyMs(of: $1) + $1.holdMs }
            guard cycleMs > 0 else {
                throw PlanError(path: "$.script", message: "a cycle whose beats all take 0 ms would repeat without end; expected at least one beat with latencyMs or holdMs above 0")
            }
        }
    }

    private static func slowMotion(_ value: JSONValue?) throws(PlanError) -> SlowMotion {
        let path = "$.slowMotion"
        let expected = "a number from 0.001 to 100 with at most three decimals"
        switch value {
        case nil:
            return .off
        case .integer(let number)?:
            guard (1...100).contains(number) else { throw PlanError(path: path, message: "expected \(expected), found \(number)") }
            return SlowMotion(permille: number * 1000)
        case .decimal(let number)?:
            var scaled = number * 1000
            var rounded = Decimal()
            NSDecimalRound(&rounded, &scaled, 0, .plain)
            guard rounded == scaled, rounded > 0, rounded <= 100_000 else {
                throw PlanError(path: path, message: "expected \(expected), found \(number)")
            }
            return SlowMotion(permille: NSDecimalNumber(decimal: rounded).intValue)
        case let other?:
            throw PlanError(path: path, message: "expected \(expected), found \(other.typeName)")
        }
    }

    private static func beat(_ value: JSONValue, path: String, bench: BenchCatalog.Entry) throws(PlanError) -> Beat {
        let reader = try JSONObjectReader(value, path: path, allowed: ["trigger", "reply", "latencyMs", "holdMs", "message", "rows"])
        var trigger = Beat.Trigger.open
        if let text = try reader.string("trigger") {
            guard let parsed = Beat.Trigger(rawValue: text), bench.triggers.contains(parsed) else {
                let names = bench.triggers.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw PlanError(path: reader.path("trigger"), message: "expected one of \(names) for the \(bench.name) bench, found \"\(text)\"")
            }
            trigger = parsed
        }
        guard let replyName = try reader.string("reply") else {
            throw PlanError(path: reader.path("reply"), message: "required member is missing; expected \"loading\", \"empty\", \"failed\" or \"loaded\"")
        }
        guard let latencyMs = try reader.integer("latencyMs", in: 0...3_600_000, unit: "ms") else {
            throw PlanError(path: reader.path("latencyMs"), message: "required member is missing; expected the fetch's latency in ms")
        }
        let holdMs = try reader.integer("holdMs", in: 0...3_600_000, unit: "ms") ?? 0
        func refuse(_ key: String, _ reason: String) throws(PlanError) {
            if reader.has(key) { throw PlanError(path: reader.path(key), message: reason) }
        }
        let reply: Beat.Reply
        switch replyName {
        case "loading":
            try refuse("holdMs", "a loading beat has nothing to hold; its latency is its length")
            try refuse("message", "only a failed reply carries a message")
            try refuse("rows", "only a loaded reply carries rows")
            reply = .loading
        case "empty":
            try refuse("message", "only a failed reply carries a message")
            try refuse("rows", "only a loaded reply carries rows")
            reply = .empty
        case "failed":
            try refuse("rows", "only a loaded reply carries rows")
            let message = try reader.string("message") ?? bench.defaultFailure
            guard !message.isEmpty else { throw PlanError(path: reader.path("message"), message: "expected a non-empty message") }
            reply = .failed(message: message)
        case "loaded":
            try refuse("message", "only a failed reply carries a message")
            var rows = bench.defaultRows
            if let items = try reader.array("rows") {
                rows = []
                for (index, item) in items.enumerated() {
                    let rowReader = try JSONObjectReader(item, path: "\(reader.path("rows"))[\(index)]", allowed: ["title", "detail"])
                    guard let title = try rowReader.string("title") else {
                        throw PlanError(path: rowReader.path("title"), message: "required member is missing")
                    }
                    rows.append(ManifestRow(title: title, detail: try rowReader.string("detail") ?? ""))
                }
            }
            reply = .loaded(rows: rows)
        default:
            throw PlanError(path: reader.path("reply"), message: "expected \"loading\", \"empty\", \"failed\" or \"loaded\", found \"\(replyName)\"")
        }
        return Beat(trigger: trigger, reply: reply, latencyMs: latencyMs, holdMs: holdMs)
    }

    /// A retry must follow a failed reply, and a refresh a loaded one (the beat before, wrapping
    /// around in a cycle).
    private static func checkTriggers(_ script: [Beat], mode: Mode, bench: BenchCatalog.Entry) throws(PlanError) {
        for (index, beat) in script.enumerated() where beat.trigger != .open {
            let previousIndex = index > 0 ? index - 1 : (mode == .cycle ? script.count - 1 : nil)
            let previous = previousIndex.map { script[$0].reply.name }
            let needed = beat.trigger == .retry ? "failed" : "loaded"
            guard previous == needed else {
                let what = beat.trigger == .retry ? "a retry follows a failure" : "a refresh needs content on screen"
                throw PlanError(
                    path: "$.script[\(index)].trigger",
                    message: "\(what): expected the beat before to reply \(needed), found \(previous.map { "a \($0) reply" } ?? "no beat before")")
            }
        }
    }

    private static func panelTable(
        _ value: JSONValue, path: String, panels: [String], range: ClosedRange<Int>, unit: String
    ) throws(PlanError) -> [String: Int] {
        guard case .object(let members) = value else {
            throw PlanError(path: path, message: "expected an object keyed by panel (\(panels.joined(separator: ", "))), found \(value.typeName)")
        }
        var table: [String: Int] = [:]
        for key in members.keys.sorted() {
            let memberPath = "\(path).\(key)"
            guard panels.contains(key) else {
                throw PlanError(path: memberPath, message: "unknown panel '\(key)' in this plan; expected one of: \(panels.joined(separator: ", "))")
            }
            table[key] = try JSONObjectReader.integer(members[key]!, path: memberPath, in: range, unit: unit)
        }
        return table
    }

    private static func phaseTable(
        _ value: JSONValue, path: String, phases: [String], range: ClosedRange<Int>, unit: String
    ) throws(PlanError) -> [String: Int] {
        guard case .object(let members) = value else {
            throw PlanError(path: path, message: "expected an object keyed by phase (\(phases.joined(separator: ", "))), found \(value.typeName)")
        }
        var table: [String: Int] = [:]
        for key in members.keys.sorted() {
            let memberPath = "\(path).\(key)"
            guard phases.contains(key) else {
                throw PlanError(path: memberPath, message: "unknown phase '\(key)'; expected one of: \(phases.joined(separator: ", "))")
            }
            table[key] = try JSONObjectReader.integer(members[key]!, path: memberPath, in: range, unit: unit)
        }
        return table
    }
}

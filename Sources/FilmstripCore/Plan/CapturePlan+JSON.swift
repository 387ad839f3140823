import Foundation

extension CapturePlan {
    /// The bench-neutral members every plan may have; a bench adds its own
    /// (``BenchDefinition/members``).
    package static let coreMembers = [
        "bench", "summary", "panels", "mode", "slowMotion", "windowStartMs", "windowMs",
        "frameIntervalMs", "frameCount", "scale", "stills", "expect", "flashThresholdMs",
        "extendToSettle", "theme",
    ]

    /// Reads and validates a capture plan.
    ///
    /// ```json
    /// { "bench": "inbox", "mode": "cycle", "windowMs": 12000, "frameIntervalMs": 500,
    ///   "script": [ { "reply": "loading", "latencyMs": 1100 },
    ///               { "reply": "empty", "latencyMs": 790, "holdMs": 1500 } ] }
    /// ```
    ///
    /// Bench-neutral members: `bench` (required: the name of one of `benches`), `summary`,
    /// `panels` (default: the bench's panels), `mode` (default: the bench's first mode, `cycle`
    /// for most), `slowMotion` (a number > 0 with at most three decimals, default 1),
    /// `windowStartMs` (default 0), `windowMs` (required, > 0), exactly one of `frameIntervalMs`
    /// or `frameCount` (which must divide the window), `scale` (1...8, default 2), `stills`
    /// (`name`, `atMs` inside the window, optional `panels` and `scales`: ``Still``), `theme`
    /// (`"dark"`, the default, or `"light"`: ``Theme``), `flashThresholdMs` (default 300) and `expect` with
    /// `minFrames` and `maxSharePercent` keyed by phase, `maxFlashes` and `maxHeldBackMs` keyed by
    /// panel, `followRules`, and `announce` (panel → phases during which it must expose a
    /// semantic element) (each replaces the bench's default), `extendToSettle` (default false;
    /// see ``settled()``). The bench reads its own
    /// members (``BenchDefinition/members``, e.g. `script`). Unknown members are errors.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 JSON).
    ///   - name: the plan's name (the file name without `.json`).
    ///   - benches: the benches a plan may name.
    /// - Throws: ``PlanError`` naming the JSON path and what was expected.
    public init(json data: Data, name: String, benches: [BenchDefinition]) throws(PlanError) {
        let document = try JSONValue.parse(data)
        let names = benches.map(\.name).joined(separator: ", ")
        let peek = try JSONObjectReader(document, path: "$", allowed: nil)
        guard let benchName = try peek.string("bench") else {
            throw PlanError(path: "$.bench", message: "required member is missing; expected one of: \(names)")
        }
        guard let bench = benches.first(where: { $0.name == benchName }) else {
            throw PlanError(path: "$.bench", message: "unknown bench '\(benchName)'; expected one of: \(names)")
        }
        let allowed = Self.coreMembers + bench.members
        for key in peek.members.keys.sorted() where !allowed.contains(key) {
            if let other = benches.first(where: { $0.members.contains(key) }) {
                throw PlanError(path: "$.\(key)", message: "the \(benchName) bench has no '\(key)' member (the \(other.name) bench has); expected one of: \(allowed.joined(separator: ", "))")
            }
        }
        let root = try JSONObjectReader(document, path: "$", allowed: allowed)

        var panels = bench.defaultPanelIDs
        if let items = try root.array("panels") {
            guard !items.isEmpty else { throw PlanError(path: "$.panels", message: "expected at least one panel") }
            panels = []
            for (index, item) in items.enumerated() {
                let path = "$.panels[\(index)]"
                guard case .string(let id) = item else {
                    throw PlanError(path: path, message: "expected a panel name, found \(item.typeName)")
                }
                guard bench.panelIDs.contains(id) else {
                    throw PlanError(path: path, message: "unknown panel '\(id)' for bench \(benchName); expected one of: \(bench.panelIDs.joined(separator: ", "))")
                }
                guard !panels.contains(id) else { throw PlanError(path: path, message: "panel '\(id)' is listed twice") }
                panels.append(id)
            }
        }

        var mode = bench.modes[0]
        if let text = try root.string("mode") {
            guard let parsed = Mode(rawValue: text) else {
                throw PlanError(path: "$.mode", message: "expected \"cycle\" or \"pinned\", found \"\(text)\"")
            }
            mode = parsed
        }

        let slowMotion = try Self.slowMotion(root.members["slowMotion"])

        let windowStartMs = try root.integer("windowStartMs", in: 0...Self.maxWindowStartMs, unit: "ms") ?? 0
        guard let windowMs = try root.integer("windowMs", in: 1...Self.maxWindowMs, unit: "ms") else {
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
            let count = try root.integer("frameCount", in: 1...min(windowMs, Self.maxFrames))!
            guard windowMs % count == 0 else {
                throw PlanError(path: "$.frameCount", message: "expected a count that divides the \(windowMs) ms window into whole milliseconds, found \(count) (\(windowMs) / \(count) is not whole)")
            }
            interval = windowMs / count
        }

        let scale = try root.integer("scale", in: 1...8) ?? 2

        var stills: [Still] = []
        for (index, item) in (try root.array("stills") ?? []).enumerated() {
            let path = "$.stills[\(index)]"
            let reader = try JSONObjectReader(item, path: path, allowed: ["name", "atMs", "panels", "scales"])
            guard let stillName = try reader.string("name") else {
                throw PlanError(path: reader.path("name"), message: "required member is missing")
            }
            guard let atMs = try reader.integer("atMs", in: windowStartMs...(windowStartMs + windowMs - 1), unit: "ms (inside the window)") else {
                throw PlanError(path: reader.path("atMs"), message: "required member is missing")
            }
            stills.append(Still(name: stillName, atMs: atMs, panels: try Self.stillPanels(reader, panels: panels), scales: try Self.stillScales(reader)))
        }

        let expect = try Self.expectations(root, bench: bench, panels: panels)

        let flashThresholdMs = try root.integer("flashThresholdMs", in: 1...60_000, unit: "ms") ?? 300

        let settings = try bench.decode(root, Context(mode: mode, panels: panels, slowMotion: slowMotion))

        var theme = Theme.dark
        if let text = try root.string("theme") {
            guard let parsed = Theme(rawValue: text) else {
                throw PlanError(path: "$.theme", message: "expected one of: \(Theme.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \"\(text)\"")
            }
            theme = parsed
        }

        try self.init(
            name: name, summary: try root.string("summary") ?? "", bench: bench, settings: settings, panels: panels,
            mode: mode, slowMotion: slowMotion, windowStartMs: windowStartMs, windowMs: windowMs,
            frameIntervalMs: interval, scale: scale, stills: stills, expect: expect, flashThresholdMs: flashThresholdMs,
            extendToSettle: try root.bool("extendToSettle") ?? false)
        self = self.themed(theme)
    }

    /// The plan's `expect` member read over the bench's default expectations: each member
    /// given replaces the default's.
    /// - Throws: ``PlanError`` naming the JSON path under `$.expect`.
    private static func expectations(_ root: JSONObjectReader, bench: BenchDefinition, panels: [String]) throws(PlanError) -> Expectations {
        var expect = bench.defaultExpectations
        guard let value = root.members["expect"] else { return expect }
        let reader = try JSONObjectReader(value, path: "$.expect", allowed: ["minFrames", "maxSharePercent", "maxFlashes", "maxHeldBackMs", "followRules", "announce", "lanes"])
        if let items = try reader.array("followRules") {
            expect.followRules = []
            for (index, item) in items.enumerated() {
                guard case .string(let id) = item, panels.contains(id) else {
                    let found = if case .string(let text) = item { "'\(text)'" } else { item.typeName }
                    throw PlanError(path: "\(reader.path("followRules"))[\(index)]", message: "expected a panel of this plan (\(panels.joined(separator: ", "))), found \(found)")
                }
                expect.followRules.append(id)
            }
        }
        if let announce = reader.members["announce"] {
            expect.announce = try Self.announceTable(announce, path: reader.path("announce"), panels: panels, phases: bench.phaseNames)
        }
        if let flashes = reader.members["maxFlashes"] {
            expect.maxFlashes = try Self.panelTable(flashes, path: reader.path("maxFlashes"), panels: panels, range: 0...1_000_000, unit: "flashes")
        }
        if let held = reader.members["maxHeldBackMs"] {
            expect.maxHeldBackMs = try Self.panelTable(held, path: reader.path("maxHeldBackMs"), panels: panels, range: 0...3_600_000, unit: "ms")
        }
        if let minFrames = reader.members["minFrames"] {
            expect.minFrames = try Self.phaseTable(minFrames, path: reader.path("minFrames"), phases: bench.phaseNames, range: 0...Self.maxFrames, unit: "frames")
        }
        if let shares = reader.members["maxSharePercent"] {
            expect.maxSharePercent = try Self.phaseTable(shares, path: reader.path("maxSharePercent"), phases: bench.phaseNames, range: 0...100, unit: "percent")
        }
        if let lanes = reader.members["lanes"] {
            expect.lanes = try Self.laneTable(lanes, path: reader.path("lanes"), lanes: panels.filter(bench.laneIDs.contains), bench: bench)
        }
        return expect
    }

    /// `$.expect.lanes`: lane → `minFrames` and `maxSharePercent` for that lane alone.
    /// - Throws: ``PlanError`` at the member that is not a lane of this plan, not an object, or
    ///   not a phase table.
    private static func laneTable(_ value: JSONValue, path: String, lanes: [String], bench: BenchDefinition) throws(PlanError) -> [String: Expectations.LaneExpectations] {
        let expected = lanes.isEmpty ? "none (the \(bench.name) bench has no lanes)" : lanes.joined(separator: ", ")
        guard case .object(let members) = value else {
            throw PlanError(path: path, message: "expected an object keyed by lane (\(expected)), found \(value.typeName)")
        }
        var table: [String: Expectations.LaneExpectations] = [:]
        for key in members.keys.sorted() {
            guard lanes.contains(key) else {
                throw PlanError(path: "\(path).\(key)", message: "unknown lane '\(key)' in this plan; expected one of: \(expected)")
            }
            let reader = try JSONObjectReader(members[key]!, path: "\(path).\(key)", allowed: ["minFrames", "maxSharePercent"])
            var limits = Expectations.LaneExpectations()
            if let minFrames = reader.members["minFrames"] {
                limits.minFrames = try Self.phaseTable(minFrames, path: reader.path("minFrames"), phases: bench.phaseNames, range: 0...Self.maxFrames, unit: "frames")
            }
            if let shares = reader.members["maxSharePercent"] {
                limits.maxSharePercent = try Self.phaseTable(shares, path: reader.path("maxSharePercent"), phases: bench.phaseNames, range: 0...100, unit: "percent")
            }
            table[key] = limits
        }
        return table
    }

    static func slowMotion(_ value: JSONValue?) throws(PlanError) -> SlowMotion {
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

    private static func announceTable(
        _ value: JSONValue, path: String, panels: [String], phases: [String]
    ) throws(PlanError) -> [String: [String]] {
        guard case .object(let members) = value else {
            throw PlanError(path: path, message: "expected an object keyed by panel (\(panels.joined(separator: ", "))) listing phases, found \(value.typeName)")
        }
        var table: [String: [String]] = [:]
        for key in members.keys.sorted() {
            let memberPath = "\(path).\(key)"
            guard panels.contains(key) else {
                throw PlanError(path: memberPath, message: "unknown panel '\(key)' in this plan; expected one of: \(panels.joined(separator: ", "))")
            }
            guard case .array(let items) = members[key]! else {
                throw PlanError(path: memberPath, message: "expected an array of phases (\(phases.joined(separator: ", "))), found \(members[key]!.typeName)")
            }
            table[key] = []
            for (index, item) in items.enumerated() {
                guard case .string(let phase) = item, phases.contains(phase) else {
                    throw PlanError(path: "\(memberPath)[\(index)]", message: "expected one of: \(phases.joined(separator: ", "))")
                }
                table[key]!.append(phase)
            }
        }
        return table
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

import FilmstripCore
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Testing

/// A bench's knowledge stays in its own folder: no other layer names a bench, a phase or a
/// depiction as a string literal (docs/ARCHITECTURE.md, "Adding a bench").
@Suite struct BenchKnowledgeTests {
    /// Each seed bench and the folder that holds it.
    static let benches: [(definition: BenchDefinition, folder: String)] = [
        (.inbox, "Sources/FilmstripSeedBenches/Benches/Inbox/"),
        (.scenes, "Sources/FilmstripSeedBenches/Benches/Scenes/"),
        (.orders, "Sources/FilmstripSeedBenches/Benches/Orders/"),
        (.liveInbox, "Sources/FilmstripSeedBenches/Benches/LiveInbox/"),
    ]

    /// Folders with a vocabulary of their own that shares words with a seed bench: the stock
    /// screens' phases and depictions (the async-content pattern's names, for every bench that uses them), and the
    /// plan's `http` network changes.
    static let vocabularies: [(folder: String, words: Set<String>)] = [
        ("Sources/FilmstripCore/Panels/Stock/",
         Set(ListScreen.names + DetailScreen.names + (ListScreen.depictions + DetailScreen.depictions).map(\.id))),
        ("Sources/FilmstripCore/HTTP/", ["offline", "online"]),
    ]

    /// The one line allowed to name the seed benches outside their folders: their registration.
    static let registration = "Sources/filmstrip/main.swift"

    @Test func benchPhaseAndDepictionNamesAppearAsLiteralsOnlyInTheirBenchesFolders() throws {
        let root = TestSupport.root
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        // Every name, with the folders allowed to spell it.
        var allowed: [String: Set<String>] = [:]
        for (definition, folder) in Self.benches {
            for name in [definition.name] + definition.phaseNames + definition.depictions.map(\.id) {
                allowed[name, default: []].insert(folder)
            }
        }
        let literal = try Regex(#""((?:[^"\\]|\\.)*)""#)
        var offenders: [String] = []
        for file in files.sorted() {
            let path = "Sources/" + file
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for match in code.matches(of: literal) {
                    let value = String(match.output[1].substring ?? "")
                    guard let folders = allowed[value] else { continue }
                    // A bench's folder may use the words of its own plans (the orders bench's server
                    // can answer "empty"), whoever else has a phase of that name.
                    if path == Self.registration || folders.contains(where: { path.hasPrefix($0) }) || Self.benches.contains(where: { path.hasPrefix($0.folder) }) { continue }
                    if Self.vocabularies.contains(where: { path.hasPrefix($0.folder) && $0.words.contains(value) }) { continue }
                    offenders.append("\(path):\(number + 1): \"\(value)\"")
                }
            }
        }
        #expect(offenders == [], "bench knowledge outside its bench's folder")
    }

    @Test func eachSeedBenchDefinesItsPhasesOnceAndStylesEveryDepictionItsPanelsShow() throws {
        for (definition, _) in Self.benches {
            #expect(Set(definition.phaseNames).count == definition.phaseNames.count, "\(definition.name): phase names are unique")
            #expect(Set(definition.depictions.map(\.id)).count == definition.depictions.count, "\(definition.name): depiction styles are unique")
        }
        #expect(BenchDefinition.inbox.phaseNames == ["loading", "empty", "failed", "loaded"])
        #expect(BenchDefinition.scenes.phaseNames == ["loading", "refreshing", "loaded", "empty", "failed"])
        #expect(BenchDefinition.orders.phaseNames == ["loading", "refreshing", "loaded", "emptyFirstUse", "noResults", "failed", "offline"])
        #expect(BenchDefinition.liveInbox.phaseNames == ["loading", "empty", "failed", "loaded", "stale"])
        // Every depiction a shipped plan's panels showed has a style of its bench (plans of
        // benches that run on the real clock only are left to the live tests).
        for name in TestSupport.shippedPlanNames {
            let plan = try TestSupport.shippedPlan(name)
            guard plan.bench.clocks.contains(.virtual) else { continue }
            let run = try plan.run(clock: .virtual)
            for (panel, segments) in run.depictionSegments {
                for segment in segments {
                    #expect(run.plan.bench.style(ofDepiction: segment.name) != nil, "\(name): \(panel) showed \(segment.name), which \(run.plan.bench.name) does not style")
                }
            }
        }
    }

    @Test func anUnknownPanelIsAPlanErrorNamingTheChoicesNeverAFallback() {
        let json = #"{"bench":"orders","panels":["pattern","fancy"],"windowMs":1000,"frameIntervalMs":100,"script":[{"atMs":0,"event":"reopen"}]}"#
        #expect(throws: PlanError(path: "$.panels[1]", message: "unknown panel 'fancy' for bench orders; expected one of: pattern, naive")) {
            try CapturePlan(json: Data(json.utf8), name: "p", benches: [.inbox, .scenes, .orders])
        }
        // The same limit holds for a plan built in code.
        #expect(throws: PlanError(path: "$.panels[0]", message: "unknown panel 'fancy' for bench orders; expected one of: pattern, naive")) {
            try CapturePlan(name: "p", bench: .orders, settings: OrdersSettings(events: [OrdersEvent(atMs: 0, kind: .reopen)]), panels: ["fancy"], windowMs: 1000, frameIntervalMs: 100)
        }
    }

    @Test func planLimitsHoldForPlansBuiltInCode() {
        let settings = InboxSettings(script: [Beat(reply: .empty, latencyMs: 790)])
        #expect(throws: PlanError(path: "$.frameIntervalMs", message: "expected at most 100000 frames in the window, the plan gives 1000000")) {
            try CapturePlan(name: "p", bench: .inbox, settings: settings, windowMs: 1_000_000, frameIntervalMs: 1)
        }
        #expect(throws: PlanError(path: "$.scale", message: "expected an integer from 1 to 8, found 9")) {
            try CapturePlan(name: "p", bench: .inbox, settings: settings, windowMs: 1000, frameIntervalMs: 100, scale: 9)
        }
        #expect(throws: PlanError(path: "$.stills[0].atMs", message: "expected an integer from 0 to 999 ms (inside the window), found 1000")) {
            try CapturePlan(name: "p", bench: .inbox, settings: settings, windowMs: 1000, frameIntervalMs: 100, stills: [.init(name: "late", atMs: 1000)])
        }
        #expect(throws: PlanError(path: "$.mode", message: "the orders bench runs in \"pinned\" mode; expected that or no mode")) {
            try CapturePlan(name: "p", bench: .orders, settings: OrdersSettings(events: [OrdersEvent(atMs: 0, kind: .reopen)]), mode: .cycle, windowMs: 1000, frameIntervalMs: 100)
        }
        #expect(throws: PlanError(path: "$.script", message: "a cycle whose beats all take 0 ms would repeat without end; expected at least one beat with latencyMs or holdMs above 0")) {
            try CapturePlan(name: "p", bench: .inbox, settings: InboxSettings(script: [Beat(reply: .empty, latencyMs: 0)]), windowMs: 1000, frameIntervalMs: 100)
        }
        #expect(throws: PlanError(path: "$.frameIntervalMs", message: "expected at most 100000 frames in the window, the plan gives 200000")) {
            let plan = try CapturePlan(name: "p", bench: .inbox, settings: settings, windowMs: 1000, frameIntervalMs: 100)
            _ = try plan.resampled(windowMs: 200_000, frameIntervalMs: 1)
        }
    }
}

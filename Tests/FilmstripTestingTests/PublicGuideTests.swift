import Filmstrip
import FilmstripTesting
import Foundation
import Synchronization
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Testing

/// What the guides show, used the way a user's suite uses it, through `import Filmstrip` and
/// `FilmstripTesting`: a committed plan's `http` driving a model on a ``ModelStage``, and a seed
/// bench registered and verified against its committed outputs.
@Suite(.serialized) struct PublicGuideTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func aCommittedPlansHTTPDrivesAModelStage() throws {
        let plan = try String(contentsOf: Self.repository.appendingPathComponent("Examples/Search/captures/search-error-retry.json"), encoding: .utf8)
        let answers = try ModelStage.run { stage in
            let http = try ScriptedTransport(json: plan, clock: stage.clock)
            let clock = stage.clock
            let seen = Lines()
            let probe: @MainActor @Sendable () -> Void = {
                Task { @MainActor in
                    let (_, response) = try await http.send(URLRequest(url: URL(string: "https://api.example.com/search?q=swift")!))
                    seen.add("\(clock.now) \(response.statusCode)")
                }
            }
            try stage.perform { probe() }
            try stage.advance(to: 100)
            try stage.perform { probe() }
            try stage.advance(to: 1_000)
            return seen.all
        }
        #expect(answers == ["100 ms 503", "350 ms 200"])
    }

    @Test func aSeedBenchIsRegisteredAndItsCommittedPlanVerified() {
        let planFile = Self.repository.appendingPathComponent("captures/inbox-pinned-empty.json")
        // The index across plans is compared too, so every bench of the root's plans is passed.
        #expect(verifyFilmstrip(planFile: planFile, benches: [.inbox, .orders], record: .never)
            == "index: mismatch: \(Self.repository.path)/captures/index.html differs from a fresh render drawn without the benches it lists (liveinbox, scenes): "
            + "pass every bench of the root's plans; re-record with: pass record: .all to assertFilmstrip and run the test again")
        #expect(verifyFilmstrip(planFile: planFile, benches: [.inbox, .scenes, .orders, .liveInbox], record: .never) == nil)
        #expect(CapturePlan.Expectations.everyPhase(ListScreen.names) == CapturePlan.Expectations(minFrames: Dictionary(uniqueKeysWithValues: ListScreen.names.map { ($0, 1) })))
    }

    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }
}

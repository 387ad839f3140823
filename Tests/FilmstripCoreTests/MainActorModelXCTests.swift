import FilmstripCore
import XCTest

/// The same `@MainActor` model and edges as ``MainActorModelTests``, under XCTest (the test runs
/// on the process's main thread here, and the stage still hosts the main actor).
final class MainActorModelXCTests: XCTestCase {
    func testKeystrokeOneMillisecondBeforeTheDebounceEndsRestartsIt() throws {
        let trace = try SearchScenario.trace(keystrokes: [(0, "a"), (299, "ab")], latencyMs: 200, untilMs: 1_000)
        XCTAssertEqual(trace, [
            "0 waiting",
            "599 searching",
            "799 results ab0,ab1",
            "request ab sent 599 answered 799",
        ])
    }

    func testKeystrokeOneMillisecondAfterTheDebounceEndsCancelsTheSearchAtItsInstant() throws {
        let trace = try SearchScenario.trace(keystrokes: [(0, "a"), (301, "ab")], latencyMs: 200, untilMs: 1_000)
        XCTAssertEqual(trace, [
            "0 waiting",
            "300 searching",
            "301 waiting",
            "601 searching",
            "801 results ab0,ab1",
            "request a sent 300 cancelled 301",
            "request ab sent 601 answered 801",
        ])
    }

    func testSearchStartsExactlyWhenTheDebounceEnds() throws {
        XCTAssertEqual(try SearchScenario.trace(keystrokes: [(0, "a")], latencyMs: 200, untilMs: 299), ["0 waiting"])
        XCTAssertEqual(try SearchScenario.trace(keystrokes: [(0, "a")], latencyMs: 200, untilMs: 300), ["0 waiting", "300 searching"])
    }

    func testRerunsGiveTheSameTrace() throws {
        let keystrokes: [(ms: Int, text: String)] = [(0, "s"), (120, "sw"), (250, "swi"), (700, "swif"), (760, "swift")]
        let first = try SearchScenario.trace(keystrokes: keystrokes, latencyMs: 150, untilMs: 2_000)
        for _ in 0..<20 {
            XCTAssertEqual(try SearchScenario.trace(keystrokes: keystrokes, latencyMs: 150, untilMs: 2_000), first)
        }
        XCTAssertEqual(first.count, 8)
    }
}

import FilmstripCore
import FilmstripRaster
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest is part of Foundation
import FoundationNetworking
#endif
import Observation

/// A screen model that keeps its loader up for at least 1,000 ms once it shows it, written as app
/// teams write it: it measures how long the loader has been up either with the monotonic clock
/// (`ContinuousClock.now`, which the virtual run moves) or with the wall clock (`Date()`, which it
/// does not: the escape no run can see at the call).
@MainActor @Observable
package final class MinimumLoaderModel {
    package enum State: String { case idle, loading, loaded }
    package private(set) var state = State.idle
    package let measuresWithDate: Bool
    package let load: @Sendable () async throws -> Void

    package init(measuresWithDate: Bool, load: @escaping @Sendable () async throws -> Void) {
        self.measuresWithDate = measuresWithDate
        self.load = load
    }

    package func appear() {
        state = .loading
        let (wall, monotonic) = (Date(), ContinuousClock.now)
        Task {
            try? await load()
            // In tenths of a second, as a screen counts its loader's time.
            let upMs = 100 * (measuresWithDate ? Int((Date().timeIntervalSince(wall) * 10).rounded()) : Int(((ContinuousClock.now - monotonic) / .milliseconds(100)).rounded()))
            if upMs < 1_000 { try? await Task.sleep(for: .milliseconds(1_000 - upMs)) }
            state = .loaded
        }
    }
}

/// A bench of two lanes of ``MinimumLoaderModel``, and its plan: the model that escapes the
/// virtual clock where no run can see it, for `check --clock both` and `assertFilmstrip(…,
/// bothClocks: true)`.
package enum MinimumLoaderBench {
    package enum LoaderPhase: String, BenchPhase, Equatable {
        package enum Name: String, CaseIterable, Sendable { case idle, loading, loaded }
        case idle, loading, loaded
        package var name: Name { Name(rawValue: rawValue)! }
    }

    struct LanePanel: Panel {
        let id: String
        var title: String { id.uppercased() }
        var tint: Color { Palette.mint }
        func depiction(for phase: LoaderPhase, atMs timeMs: Int) -> Depiction { Depiction(phase == .loading ? "spinner" : phase.rawValue) }
        func depictionChanges(in phase: LoaderPhase, enteredAtMs: Int) -> [Int] { [] }
        func draw(_ phase: LoaderPhase, atMs timeMs: Int, on painter: inout PanelPainter) {}
    }

    /// Two lanes of the same screen: `monotonic` measures its loader's minimum time with
    /// `ContinuousClock.now`, `wallclock` with `Date()`.
    package static let definition = BenchDefinition.modelLanes(
        name: "minimumloader", summary: "a loader kept up at least one second, measured two ways",
        phaseStyle: { (name: LoaderPhase.Name) in PhaseStyle(color: .white, isInFlight: name == .loading) },
        depictions: ["idle", "loaded"].map { DepictionStyle($0, color: .white) } + [DepictionStyle("spinner", color: .white, role: .loader)],
        lanes: [("monotonic", false), ("wallclock", true)].map { id, measuresWithDate in
            ModelLane(
                panel: LanePanel(id: id),
                make: { _, http in
                    MinimumLoaderModel(measuresWithDate: measuresWithDate) { _ = try await http.send(URLRequest(url: URL(string: "http://api.test/items")!)) }
                },
                phase: { LoaderPhase(rawValue: $0.state.rawValue)! },
                perform: { model, event in if case .appear = event.action { model.appear() } })
        },
        defaultExpectations: .init(), initialPhase: .idle)

    /// The list answered after 600 ms: the loader is up 600 ms when it comes, so each lane keeps
    /// it 400 ms more, until 1,000 ms — on the real clock. On the virtual clock `Date()` has not
    /// moved: the wall-clock lane keeps it the whole 1,000 ms more, until 1,600 ms.
    package static func plan() throws -> CapturePlan {
        let json = """
            {"bench": "minimumloader", "panels": ["monotonic", "wallclock"],
             "script": [{"atMs": 0, "event": "appear"}],
             "http": [{"method": "GET", "path": "/items", "answers": [{"status": 200, "headersAfterMs": 600, "body": "[]"}]}],
             "windowMs": 2000, "frameIntervalMs": 100}
            """
        return try CapturePlan(json: Data(json.utf8), name: "minimumloader", benches: [definition])
    }
}

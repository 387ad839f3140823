import FilmstripCore
import Synchronization

/// Runs ``DebouncedSearchModel`` on a ``ModelStage``: keystrokes at given instants, a search that
/// answers after `latencyMs` on the stage's clock (in two pages, from a task group), and a trace of
/// every state the model entered (read after every step of the clock) and every request, with ms.
enum SearchScenario {
    final class Requests: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func trace(keystrokes: [(ms: Int, text: String)], latencyMs: Int, untilMs: Int) throws -> [String] {
        try ModelStage.run { stage in
            let clock = stage.clock
            let requests = Requests()
            let search: @Sendable (String) async throws -> [String] = { query in
                let sent = clock.now.ms
                return try await withTaskCancellationHandler {
                    try await withThrowingTaskGroup(of: (Int, String).self) { group in
                        for page in 0..<2 {
                            group.addTask {
                                try await clock.sleep(for: .milliseconds(latencyMs - page))
                                return (page, "\(query)\(page)")
                            }
                        }
                        var rows: [(Int, String)] = []
                        for try await row in group { rows.append(row) }
                        requests.add("request \(query) sent \(sent) answered \(clock.now.ms)")
                        return rows.sorted { $0.0 < $1.0 }.map(\.1)
                    }
                } onCancel: {
                    requests.add("request \(query) sent \(sent) cancelled \(clock.now.ms)")
                }
            }
            let model = stage.read { DebouncedSearchModel(clock: clock, search: search) }
            var trace: [String] = []
            var last = DebouncedSearchModel.State.idle
            func observe() {
                let state = stage.read { model.state }
                if state != last { trace.append("\(stage.nowMs) \(state)") }
                last = state
            }
            for keystroke in keystrokes {
                try stage.advance(to: keystroke.ms, onStep: observe)
                try stage.perform { model.query = keystroke.text }
                observe()
            }
            try stage.advance(to: untilMs, onStep: observe)
            return trace + requests.all
        }
    }
}

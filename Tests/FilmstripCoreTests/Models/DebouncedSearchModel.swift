import Observation

/// A search screen's model written the way an app team writes one, without filmstrip: main-actor
/// state, an injected `any Clock<Duration>` and an injected search call. A keystroke waits out a
/// 300 ms debounce, then searches; a newer keystroke cancels the search in flight (its task and
/// a generation number, so a late reply never reaches the screen).
@MainActor @Observable
final class DebouncedSearchModel {
    enum State: Equatable, Sendable, CustomStringConvertible {
        case idle, waiting, searching
        case results([String])
        case failed(String)

        var description: String {
            switch self {
            case .idle: "idle"
            case .waiting: "waiting"
            case .searching: "searching"
            case .results(let rows): "results \(rows.joined(separator: ","))"
            case .failed(let message): "failed \(message)"
            }
        }
    }

    var query = "" {
        didSet { queryChanged() }
    }
    private(set) var state = State.idle

    private let clock: any Clock<Duration>
    private let search: @Sendable (String) async throws -> [String]
    private var pending: Task<Void, Never>?
    private var generation = 0

    init(clock: any Clock<Duration>, search: @escaping @Sendable (String) async throws -> [String]) {
        self.clock = clock
        self.search = search
    }

    private func queryChanged() {
        pending?.cancel()
        generation += 1
        let generation = generation
        let query = query
        state = .waiting
        pending = Task {
            do {
                try await clock.sleep(for: .milliseconds(300))
                state = .searching
                async let found = search(query)
                let rows = try await found
                try Task.checkCancellation()
                guard generation == self.generation else { return }
                state = .results(rows)
            } catch is CancellationError {
                return
            } catch {
                state = .failed("\(error)")
            }
        }
    }
}

/// The eager search beside it: a search on every keystroke, nothing cancelled, the last reply to
/// land wins.
@MainActor @Observable
final class EagerSearchModel {
    var query = "" {
        didSet {
            let query = query
            state = .searching
            Task {
                let rows = (try? await search(query)) ?? []
                state = .results(rows)
            }
        }
    }
    private(set) var state = DebouncedSearchModel.State.idle
    private let search: @Sendable (String) async throws -> [String]

    init(search: @escaping @Sendable (String) async throws -> [String]) {
        self.search = search
    }
}

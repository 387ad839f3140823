import Dispatch
import Foundation
import Observation

/// A way app code waits on real time that the virtual clock cannot move, and how long it waits.
struct Escape: Sendable, CustomStringConvertible {
    enum Kind: String, CaseIterable, Sendable {
        case threadSleep, usleep, wallDeadline, standardSleepNotMoved
    }
    let kind: Kind
    /// The real wait: shorter than a run's wall time (1 ms) or far longer (60 s).
    let waitMs: Int

    static let all: [Escape] = Kind.allCases.flatMap { kind in [1, 60_000].map { Escape(kind: kind, waitMs: $0) } }

    var description: String { "\(kind.rawValue) \(waitMs) ms" }
}

/// A model that, 300 ms after it starts (a `Task.sleep`, on the run's clock), waits on real time
/// in one of the ways of ``Escape``.
@MainActor @Observable
final class EscapingModel {
    private(set) var done = false
    let escape: Escape

    init(_ escape: Escape) { self.escape = escape }

    func start() {
        Task {
            try await Task.sleep(for: .milliseconds(300))
            let seconds = Double(escape.waitMs) / 1000
            switch escape.kind {
            case .threadSleep, .usleep:
                block()
                done = true
            case .wallDeadline:
                DispatchQueue.main.asyncAfter(wallDeadline: .now() + seconds) { MainActor.assumeIsolated { self.done = true } }
            case .standardSleepNotMoved:
                try await Task.sleep(for: .milliseconds(escape.waitMs))
                done = true
            }
        }
    }

    /// The blocking call, from synchronous code as app code makes it.
    private func block() {
        switch escape.kind {
        case .usleep: usleep(useconds_t(escape.waitMs * 1000))
        default: Thread.sleep(forTimeInterval: Double(escape.waitMs) / 1000)
        }
    }
}

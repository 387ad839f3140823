import Dispatch
import Foundation
import Observation

/// A way app code waits on real time that the virtual clock cannot move, and how long it waits.
struct Escape: Sendable, CustomStringConvertible {
    enum Kind: String, CaseIterable, Sendable {
        case threadSleep, usleep, wallDeadline, standardSleepNotMoved
        /// `Timer.scheduledTimer` on the current run loop, and a `Timer` added to `RunLoop.main`.
        case scheduledTimer, mainRunLoopTimer
        /// `RunLoop.current.run(until:)`, and a block given to `RunLoop.main.perform`.
        case runLoopWait, runLoopPerform
        /// A `DispatchSource` timer on the main queue.
        case dispatchSourceTimer
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
    @ObservationIgnored private var dispatchTimer: (any DispatchSourceTimer)?
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
            case .scheduledTimer, .mainRunLoopTimer, .runLoopPerform:
                waitOnTheRunLoop(seconds: seconds)
            case .runLoopWait:
                block()
                done = true
            case .dispatchSourceTimer:
                let timer = DispatchSource.makeTimerSource(queue: .main)
                timer.setEventHandler { MainActor.assumeIsolated { self.done = true } }
                timer.schedule(deadline: .now() + seconds)
                timer.resume()
                dispatchTimer = timer
            }
        }
    }

    /// Hands the rest of the work to a run loop, from synchronous code as app code does it.
    private func waitOnTheRunLoop(seconds: Double) {
        switch escape.kind {
        case .scheduledTimer:
            _ = Timer.scheduledTimer(withTimeInterval: seconds, repeats: false) { _ in MainActor.assumeIsolated { self.done = true } }
        case .mainRunLoopTimer:
            let timer = Timer(timeInterval: seconds, repeats: false) { _ in MainActor.assumeIsolated { self.done = true } }
            RunLoop.main.add(timer, forMode: .common)
        default:
            RunLoop.main.perform { MainActor.assumeIsolated { self.done = true } }
        }
    }

    /// The blocking call, from synchronous code as app code makes it.
    private func block() {
        switch escape.kind {
        case .usleep: usleep(useconds_t(escape.waitMs * 1000))
        case .runLoopWait: RunLoop.current.run(until: Date().addingTimeInterval(Double(escape.waitMs) / 1000))
        default: Thread.sleep(forTimeInterval: Double(escape.waitMs) / 1000)
        }
    }
}

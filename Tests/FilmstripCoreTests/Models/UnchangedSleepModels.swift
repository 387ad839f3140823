import Dispatch
import Foundation
import Observation

/// How a model written without filmstrip waits 200 ms before it shows its spinner: each way app
/// code does it, none of them given a clock.
enum SpinnerDelay: String, CaseIterable, Sendable, CustomStringConvertible {
    case taskSleepFor, taskSleepNanoseconds, taskSleepUntilSuspending, inlineContinuousClock, mainQueueAsyncAfter

    var description: String { rawValue }
}

/// A screen model that shows its spinner only after a delay (the delayed-loader pattern), written
/// as app teams write it: the delay is `Task.sleep` or Dispatch, never an injected clock.
@MainActor @Observable
final class SpinnerDelayModel {
    private(set) var showsSpinner = false
    private(set) var elapsedMs: Int?
    let delay: SpinnerDelay

    init(delay: SpinnerDelay) { self.delay = delay }

    func appear() {
        let start = ContinuousClock.now
        switch delay {
        case .mainQueueAsyncAfter:
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
                MainActor.assumeIsolated { self.show(since: start) }
            }
        default:
            Task {
                switch delay {
                case .taskSleepFor: try await Task.sleep(for: .milliseconds(200))
                case .taskSleepNanoseconds: try await Task.sleep(nanoseconds: 200_000_000)
                case .taskSleepUntilSuspending: try await Task.sleep(until: .now + .milliseconds(200), clock: .suspending)
                case .inlineContinuousClock: try await ContinuousClock().sleep(for: .milliseconds(200))
                case .mainQueueAsyncAfter: break
                }
                show(since: start)
            }
        }
    }

    private func show(since start: ContinuousClock.Instant) {
        showsSpinner = true
        let elapsed = start.duration(to: .now).components
        elapsedMs = Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
    }
}

/// A model that mixes the clock it is given with `Task.sleep`: 100 ms on each.
@MainActor @Observable
final class MixedClockModel {
    private(set) var done = false
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    func start() {
        Task {
            try await clock.sleep(for: .milliseconds(100))
            try await Task.sleep(for: .milliseconds(100))
            done = true
        }
    }
}

/// A model that blocks its thread with `Thread.sleep` 300 ms after it appears.
@MainActor @Observable
final class BlockingSleepModel {
    private(set) var done = false

    func start() {
        Task {
            try await Task.sleep(for: .milliseconds(300))
            block()
            done = true
        }
    }

    /// The blocking call, from synchronous code as app code makes it.
    private func block() { Thread.sleep(forTimeInterval: 0.05) }
}

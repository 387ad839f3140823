import Foundation
import Observation

/// The loader's delayed appearance, as the screen's `delayAppearance(bySeconds:)` modifier keeps
/// it: hidden when it appears, shown once `seconds` have passed, so a fast fetch never flashes a
/// loader. Three ways to wait, as apps write them: `Task.sleep`, `DispatchQueue.main.asyncAfter`,
/// or a `Timer` on the run loop.
@MainActor @Observable
public final class DelayedAppearance {
    /// How the delay waits.
    public enum Timer: Sendable {
        /// `try await Task.sleep(for:)` in a task started on appear.
        case taskSleep
        /// `DispatchQueue.main.asyncAfter(deadline: .now() + seconds)`.
        case asyncAfter
        /// `Timer.scheduledTimer(withTimeInterval: seconds, repeats: false)` on the current run loop.
        case scheduledTimer
    }

    /// Whether the delayed content is shown (`shouldDisplay`).
    public private(set) var shouldDisplay = false

    private let seconds: Double
    private let timer: Timer
    private var waiting: Task<Void, Never>?

    /// A delay of `seconds` that waits with `timer`.
    public init(seconds: Double, timer: Timer = .taskSleep) {
        self.seconds = seconds
        self.timer = timer
    }

    /// The loader appeared: hidden now, shown after the delay.
    public func onAppear() {
        shouldDisplay = false
        switch timer {
        case .taskSleep:
            waiting = Task {
                do {
                    try await Task.sleep(for: .seconds(seconds))
                    shouldDisplay = true
                } catch {}
            }
        case .asyncAfter:
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
                MainActor.assumeIsolated { self.shouldDisplay = true }
            }
        case .scheduledTimer:
            _ = Foundation.Timer.scheduledTimer(withTimeInterval: seconds, repeats: false) { _ in
                MainActor.assumeIsolated { self.shouldDisplay = true }
            }
        }
    }

    /// The loader disappeared: a pending delay no longer shows it.
    public func onDisappear() {
        waiting?.cancel()
        waiting = nil
    }
}

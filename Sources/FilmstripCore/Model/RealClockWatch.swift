import CHostedRun
import Synchronization

/// The run loop calls of a model hosted on the real clock: a `Timer` scheduled, a block given to
/// a run loop, a run loop wait. No run turns a run loop on the real clock either, so each is a
/// ``ClockEscape`` there too and the run is refused with its sentence, which names the real clock
/// rather than an instant the real clock measures, so it is the same on every run.
///
/// Watched on the run's thread, where the model's main-actor jobs run (`Sources/CHostedRun`,
/// `fs_hosted_watch_run_loops`): the timer is not added and the block not kept. A run loop call
/// the model makes on a thread of its own is not seen (docs/OWN-CODE.md).
enum RealClockWatch {
    /// Whether a run is being watched, and its first escape.
    private static let state = Mutex<(watching: Bool, first: ClockEscape?)>((false, nil))

    /// Starts watching this thread's run loop calls for a real-clock run hosted on it.
    static func begin() {
        state.withLock { $0 = (true, nil) }
        fs_hosted_watch_run_loops(1)
    }

    /// Stops watching (on the thread that began).
    static func end() {
        fs_hosted_watch_run_loops(0)
        state.withLock { $0 = (false, nil) }
    }

    /// Records an escape of the run being watched (the first is kept); false when no run is.
    static func record(_ kind: ClockEscape.Kind) -> Bool {
        state.withLock { state in
            guard state.watching else { return false }
            if state.first == nil { state.first = ClockEscape(kind: kind, atMs: nil, lane: nil) }
            return true
        }
    }

    /// The first escape of the run being watched.
    static var first: ClockEscape? { state.withLock { $0.first } }
}

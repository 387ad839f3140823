import FilmstripOutputs
import Foundation
import Synchronization

/// Work on a list of items (`check`'s comparisons of recorded plans with fresh runs), all
/// started at once on a background thread, each item's result kept until ``result(_:)`` takes
/// it, in the items' order, so what is printed does not depend on which finished first.
///
/// When asked to run concurrently, as many items run at a time as there are cores: most of one
/// plan's comparison runs on one core (the strip, the rows, the documents), so two plans at once
/// keep both cores busy. A plan on the real clock is timed by the wall clock, so `check` then
/// runs every plan alone, one after another.
final class OrderedWork<Value: Sendable>: Sendable {
    /// What one item's work gave, and how long it took.
    typealias Outcome = (result: Result<Value, FilmstripError>, elapsed: Duration)

    /// One plan's outcome, and a signal once it is there.
    private final class Slot: Sendable {
        let outcome = Mutex<Outcome?>(nil)
        let ready = DispatchSemaphore(value: 0)
    }

    private let slots: [Slot]
    private let running = DispatchGroup()

    /// Starts the work on `count` items: `work(position)` does the item at that position.
    /// Several run at once when `concurrently` and there is more than one item and one core.
    init(
        count: Int, concurrently: Bool,
        work: @escaping @Sendable (Int) throws(FilmstripError) -> Value
    ) {
        let slots = (0..<count).map { _ in Slot() }
        self.slots = slots
        @Sendable func run(_ position: Int) {
            let started = ContinuousClock.now
            let result = Result { () throws(FilmstripError) -> Value in try work(position) }
            slots[position].outcome.withLock { $0 = (result, started.duration(to: .now)) }
            slots[position].ready.signal()
        }
        guard count > 0 else { return }
        let parallel = concurrently && count > 1 && ProcessInfo.processInfo.activeProcessorCount > 1
        DispatchQueue.global().async(group: running) {
            if parallel {
                DispatchQueue.concurrentPerform(iterations: count, execute: run)
            } else {
                for position in 0..<count { run(position) }
            }
        }
    }

    /// Waits for the item at `position` (0 ..< count) and returns its outcome.
    func result(_ position: Int) -> Outcome {
        // The signal is given back, so the outcome can be asked for again.
        slots[position].ready.wait()
        slots[position].ready.signal()
        return slots[position].outcome.withLock { $0! }
    }

    /// Waits until every item's work has finished (those not asked for included), so nothing is
    /// still reading or writing a plan's folder once `check` goes on.
    func waitForAll() {
        running.wait()
    }
}

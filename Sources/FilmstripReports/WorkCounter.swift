import Synchronization

/// Counts work the engine promises to do once (frame rows built): a test sets one for the
/// task it runs in (``current``), and ``RunReport/frameRow(_:elements:withFiles:pixelsSHA256:fileSHA256:)``
/// adds to it. Nothing counts when none is set, so it costs one task-local read a row.
package final class WorkCounter: Sendable {
    /// The counter of the running task, if a test set one.
    @TaskLocal package static var current: WorkCounter?

    private let count = Mutex(0)

    /// A counter at zero.
    package init() {}

    /// How many times ``add()`` was called.
    package var value: Int { count.withLock { $0 } }

    /// Adds one.
    package func add() { count.withLock { $0 += 1 } }
}

import Synchronization

/// The ordered log a bench writes while it runs: events and phase changes with their exact
/// times. Entries keep the order they were logged in, which on the virtual clock is the
/// (due time, sequence) order of rule of time 2.
public final class TimelineLog<Phase: Sendable>: Sendable {
    /// One logged entry.
    package struct Record: Sendable {
        /// What happened.
        package enum Kind: Sendable {
            /// A scripted or user event, described in words.
            case event(String)
            /// The bench entered this phase.
            case phase(Phase)
        }

        /// When, in ms since the start of the run.
        package let tMs: Int
        /// Position in the log, from 0.
        package let sequence: Int
        /// What happened.
        package let kind: Kind
    }

    private let storage = Mutex<[Record]>([])

    /// An empty log.
    package init() {}

    /// Logs an event at `tMs`.
    public func event(_ text: String, atMs tMs: Int) {
        append(tMs: tMs, kind: .event(text))
    }

    /// Logs that the bench entered `phase` at `tMs`.
    public func enter(_ phase: Phase, atMs tMs: Int) {
        append(tMs: tMs, kind: .phase(phase))
    }

    /// Every entry so far, in order.
    package var records: [Record] { storage.withLock { $0 } }

    private func append(tMs: Int, kind: Record.Kind) {
        storage.withLock { $0.append(Record(tMs: tMs, sequence: $0.count, kind: kind)) }
    }
}

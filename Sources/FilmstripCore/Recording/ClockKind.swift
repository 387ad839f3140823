/// Which clock a run uses.
public enum ClockKind: String, Hashable, Sendable, CaseIterable {
    /// The virtual clock: time moves only when the recorder advances it; runs are exactly repeatable.
    case virtual
    /// The system's monotonic clock: the plan runs in real time and every timestamp is measured.
    case real
}

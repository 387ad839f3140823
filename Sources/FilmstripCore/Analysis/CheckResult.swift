/// The outcome of one check of a run: coverage of a phase, or its dominance.
public struct CheckResult: Hashable, Sendable {
    /// `coverage.<phase>` or `dominance.<phase>`.
    public var name: String
    /// Whether the run satisfied it.
    public var passed: Bool
    /// One sentence: what was measured, against what limit.
    public var message: String

    /// A check's outcome from its name (`coverage.loading`), whether it passed, and its sentence.
    public init(name: String, passed: Bool, message: String) {
        self.name = name
        self.passed = passed
        self.message = message
    }
}

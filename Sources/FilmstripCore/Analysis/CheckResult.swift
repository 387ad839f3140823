/// The outcome of one check of a run: coverage of a phase, or its dominance.
package struct CheckResult: Hashable, Sendable {
    /// `coverage.<phase>` or `dominance.<phase>`.
    package var name: String
    /// Whether the run satisfied it.
    package var passed: Bool
    /// One sentence: what was measured, against what limit.
    package var message: String

    /// A check's outcome from its name (`coverage.loading`), whether it passed, and its sentence.
    package init(name: String, passed: Bool, message: String) {
        self.name = name
        self.passed = passed
        self.message = message
    }
}

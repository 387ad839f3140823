/// When ``assertFilmstrip(planFile:benches:outputs:record:font:bothClocks:testName:fileID:filePath:line:column:)``
/// writes a recording instead of comparing with one: a closed set of named values, like
/// swift-snapshot-testing's record modes.
///
/// The mode passed to `assertFilmstrip` wins; without one, the nearest ``FilmstripTrait``
/// (`@Suite(.filmstrip(record: .failed))`); without that, the environment variable
/// `FILMSTRIP_RECORD` (`never`, `missing`, `failed` or `all`); without that, ``missing``. CI runs
/// with `FILMSTRIP_RECORD=never`, the mode that never writes.
///
/// ```sh
/// FILMSTRIP_RECORD=all swift test --filter CheckoutFilmstripTests   # re-record after an intended change
/// ```
public enum FilmstripRecordMode: String, CaseIterable, Hashable, Sendable {
    /// Never write: a plan with no recording fails, as does any difference.
    case never
    /// Record a plan that has no recording yet (no folder), and report that it did; compare
    /// every other plan. The default.
    case missing
    /// Record a plan that has no recording yet, or whose recorded outputs differ from a fresh
    /// run or cannot be read, and report what differed and that it re-recorded (the assertion
    /// fails); compare every other plan.
    case failed
    /// Record every plan, whatever is there, and report that it did: the assertion fails, so a
    /// run that rewrote references never passes unnoticed. Run again to compare.
    case all

    /// The environment variable that overrides the default: `FILMSTRIP_RECORD`.
    public static let environmentVariable = "FILMSTRIP_RECORD"

    /// The mode of the nearest ``FilmstripTrait`` around the running test; nil outside one.
    @TaskLocal static var scoped: FilmstripRecordMode?

    /// The mode `environment` asks for: nil when the variable is unset or empty.
    /// - Throws: ``InvalidValue`` when it is set to anything but `never`, `missing` or `all`.
    public static func from(environment: [String: String]) throws(InvalidValue) -> FilmstripRecordMode? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        guard let mode = FilmstripRecordMode(rawValue: value) else { throw InvalidValue(value: value) }
        return mode
    }

    /// `FILMSTRIP_RECORD` holds a value that is no record mode.
    public struct InvalidValue: Error, CustomStringConvertible {
        /// The value found.
        public let value: String

        /// - Parameter value: the variable's value.
        public init(value: String) {
            self.value = value
        }

        /// `FILMSTRIP_RECORD=alll: expected never, missing, failed or all`.
        public var description: String {
            "\(FilmstripRecordMode.environmentVariable)=\(value): expected \(FilmstripRecordMode.allCases.map(\.rawValue).dropLast().joined(separator: ", ")) or \(FilmstripRecordMode.allCases.last!.rawValue)"
        }
    }
}

import FilmstripOutputs
/// The exit codes of every command (docs/ARCHITECTURE.md, "How a plan flows through the code", step 6).
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The process exit status.
    public let rawValue: Int32

    /// An exit code with the process exit status `rawValue`; use ``passed``, ``checkFailed`` or
    /// ``badInput`` rather than a number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: every check passed (or the command had nothing to judge and did its work).
    public static let passed = ExitCode(rawValue: 0)
    /// 1: a check failed — coverage, dominance, flashes, held-back time, rules, or recorded
    /// outputs that no longer match a fresh render — with each reason printed.
    public static let checkFailed = ExitCode(rawValue: 1)
    /// 2: the input or environment is wrong (usage, plan, font, output folder), with the file
    /// and the JSON path or line printed.
    public static let badInput = ExitCode(rawValue: 2)

    /// The status as a decimal number, e.g. `2`.
    public var description: String { "\(rawValue)" }
}

/// Why filmstrip cannot go on: its input or environment is wrong (exit code 2).
///
/// Thrown by every engine call (loading plans and fonts, recording, comparing) and by the
/// command line. Public and small; the detail lives in ``Problem`` and is rendered to text in
/// one place, ``description``, always naming the file and, for plans, the JSON path.
public struct FilmstripError: Error, CustomStringConvertible {
    /// What went wrong, in detail.
    package enum Problem {
        case usage(String)
        case plan(file: String, path: String, message: String)
        case unreadable(file: String, reason: String)
        case font(file: String, line: Int, message: String)
        case output(path: String, reason: String)
        case run(plan: String, message: String)
        case noPlans(folder: String)
        /// Another run holds the output root's lock and `--no-wait` was given.
        case busy(root: String, lockFile: String)
        /// The registered benches are ambiguous (``BenchRegistration``).
        case registration(String)
    }

    package let problem: Problem
    /// Problems found before this one in the same batch (every plan is read before any runs):
    /// the command line prints them first, then this one.
    package var earlier: [FilmstripError] = []

    package init(_ problem: Problem) {
        self.problem = problem
    }

    /// The exit code: always 2 (bad input or environment).
    package var exitCode: Int32 { 2 }

    /// The lines printed on standard error for this problem alone: the description prefixed
    /// `error: `, with a usage error's hint on a line of its own.
    package var lines: [String] {
        if case .usage(let message) = problem { return ["error: \(message)", Self.usageHint] }
        return ["error: \(description)"]
    }

    package static let usageHint = "Run 'filmstrip --help' for usage."

    /// The whole message without the `error: ` prefix: the file, then the JSON path (plans) or
    /// line (fonts), then what was wrong; a usage error adds the line
    /// `Run 'filmstrip --help' for usage.`
    public var description: String {
        switch problem {
        case .usage(let message):
            "\(message)\n\(Self.usageHint)"
        case .plan(let file, let path, let message):
            "\(file): \(path): \(message)"
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .font(let file, let line, let message):
            line > 0 ? "\(file):\(line): not a usable BDF font: \(message)" : "\(file): not a usable BDF font: \(message)"
        case .output(let path, let reason):
            "\(path): cannot write output: \(reason)"
        case .run(let plan, let message):
            "\(plan): \(message)"
        case .noPlans(let folder):
            "\(folder): no capture plans (*.json) found; pass plan files, or run from the project root"
        case .registration(let message):
            "benches: \(message)"
        case .busy(let root, let lockFile):
            "\(root): another filmstrip run is writing here (it holds \(lockFile)); wait for it, or run again without --no-wait to wait"
        }
    }
}

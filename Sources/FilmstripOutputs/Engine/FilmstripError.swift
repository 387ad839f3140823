import FilmstripCore

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
        if case .usage(let message) = problem { return ["error: \(Self.shortened(message))", Self.usageHint] }
        return ["error: \(description)"]
    }

    package static let usageHint = "Run 'filmstrip --help' for usage."

    /// The whole message without the `error: ` prefix: the file, then the JSON path (plans) or
    /// line (fonts), then what was wrong; a usage error adds the line
    /// `Run 'filmstrip --help' for usage.` A value the message quotes is cut at 200 characters
    /// (``shortened(_:)``), so a 1 MB member name gives a short message.
    public var description: String {
        Self.shortened(unshortened)
    }

    /// The longest quoted value (between `'`) or unbroken run of text (a JSON path, a name) a
    /// message keeps whole, in characters.
    package static let quotedLimit = 200

    /// `text` with every quoted value (between a pair of `'`) and every run without a space
    /// longer than ``quotedLimit`` characters cut to its first ``quotedLimit`` characters and
    /// `…(N characters)`.
    package static func shortened(_ text: String) -> String {
        guard text.count > quotedLimit else { return text }
        func cut(_ part: Substring) -> String {
            part.count > quotedLimit ? "\(part.prefix(quotedLimit))…(\(Quantity.grouped(part.count)) characters)" : String(part)
        }
        // Quoted values first: between each pair of apostrophes.
        let pieces = text.split(separator: "'", omittingEmptySubsequences: false)
        var quotedCut = ""
        for (index, piece) in pieces.enumerated() {
            if index > 0 { quotedCut += "'" }
            quotedCut += index % 2 == 1 && index < pieces.count - 1 ? cut(piece) : String(piece)
        }
        // Then any run without a space or line break (but a quoted value already cut).
        return quotedCut.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { $0.contains("…(") ? String($0) : cut($0) }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    private var unshortened: String {
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

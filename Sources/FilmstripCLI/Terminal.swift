import FilmstripCore

/// Standard output and standard error, the only terminal the tool writes to. Every line is
/// passed through ``URLRedaction/redactingURLs(in:)`` (no credential is printed) and
/// ``TerminalText/escaped(_:)``: one line in, one line out. A failed write
/// never stops the run (see ``TerminalStream``); ``failure`` tells the command to end with exit 2.
struct Terminal {
    var output = TerminalStream.standardOutput
    var error = TerminalStream.standardError
    /// The executable's name as help and usage messages give it (`filmstrip`, or a user's
    /// `checkout-filmstrip`); the tool's own texts say `filmstrip` and are renamed on the way out.
    var toolName = "filmstrip"

    /// Writes a line to standard output (with the tool's name, see ``renamed(_:)``).
    func print(_ line: String) {
        output.write(TerminalText.escaped(URLRedaction.redactingURLs(in: renamed(line))) + "\n")
    }

    /// Writes a line to standard error (diagnostics: lint, missing glyphs, errors), with the
    /// tool's name (see ``renamed(_:)``).
    func diagnose(_ line: String) {
        error.write(TerminalText.escaped(URLRedaction.redactingURLs(in: renamed(line))) + "\n")
    }

    /// Writes the tool's own text of several lines (help) to standard output, line by line,
    /// with the command lines it shows (`filmstrip record …`) given the tool's name.
    func printText(_ text: String) {
        text.split(separator: "\n", omittingEmptySubsequences: false).forEach { print(String($0)) }
    }

    /// `line` with every command line it shows given the tool's name: `filmstrip` at the start
    /// of the line (after any indentation) before a space or `:`, and anywhere else
    /// `filmstrip COMMAND` (one of ``FilmstripCLI/commands``' names) where `filmstrip` is not
    /// the end of a longer word (`re-record with: filmstrip record …`, `'filmstrip index DIR'`,
    /// `.build/release/filmstrip bench`). Unchanged when the tool is `filmstrip`.
    func renamed(_ line: String) -> String {
        guard toolName != "filmstrip", line.contains("filmstrip") else { return line }
        let indent = line.prefix { $0 == " " }
        var rest = String(line.dropFirst(indent.count))
        if rest.hasPrefix("filmstrip ") || rest.hasPrefix("filmstrip:") { rest = toolName + rest.dropFirst("filmstrip".count) }
        for command in FilmstripCLI.commands.map({ $0.name }) {
            rest = Self.replacingWord("filmstrip \(command)", with: "\(toolName) \(command)", in: rest)
        }
        return String(indent) + rest
    }

    /// `text` with each occurrence of `word` that neither follows nor precedes a letter, digit,
    /// `-` or `_` replaced by `replacement`.
    private static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        func isWordCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "-" || character == "_"
        }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            result += rest[..<range.lowerBound]
            result += isWordCharacter(before) || isWordCharacter(after) ? String(rest[range]) : replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// The first stream whose write failed, with its `errno`; nil when every write succeeded.
    var failure: (stream: TerminalStream, errno: Int32)? {
        if let code = output.failedWith { return (output, code) }
        if let code = error.failedWith { return (error, code) }
        return nil
    }
}

/// Standard output and standard error, the only terminal the tool writes to. Every line is
/// passed through ``TerminalText/escaped(_:)``: one line in, one line out. A failed write
/// never stops the run (see ``TerminalStream``); ``failure`` tells the command to end with exit 2.
struct Terminal {
    var output = TerminalStream.standardOutput
    var error = TerminalStream.standardError
    /// The executable's name as help and usage messages give it (`filmstrip`, or a user's
    /// `checkout-filmstrip`); the tool's own texts say `filmstrip` and are renamed on the way out.
    var toolName = "filmstrip"

    /// Writes a line to standard output.
    func print(_ line: String) {
        output.write(TerminalText.escaped(line) + "\n")
    }

    /// Writes a line to standard error (diagnostics: lint, missing glyphs, errors).
    func diagnose(_ line: String) {
        error.write(TerminalText.escaped(line) + "\n")
    }

    /// Writes the tool's own text of several lines (help) to standard output, line by line,
    /// with the command lines it shows (`filmstrip record …`) given the tool's name.
    func printText(_ text: String) {
        text.split(separator: "\n", omittingEmptySubsequences: false).forEach { print(renamed(String($0))) }
    }

    /// `line` with a leading `filmstrip ` (after any indentation) and a quoted `'filmstrip `
    /// given the tool's name.
    func renamed(_ line: String) -> String {
        guard toolName != "filmstrip" else { return line }
        let indent = line.prefix { $0 == " " }
        var rest = line.dropFirst(indent.count)
        if rest.hasPrefix("filmstrip ") || rest.hasPrefix("filmstrip:") { rest = Substring(toolName) + rest.dropFirst("filmstrip".count) }
        return String(indent) + rest.replacingOccurrences(of: "'filmstrip ", with: "'\(toolName) ")
    }

    /// The first stream whose write failed, with its `errno`; nil when every write succeeded.
    var failure: (stream: TerminalStream, errno: Int32)? {
        if let code = output.failedWith { return (output, code) }
        if let code = error.failedWith { return (error, code) }
        return nil
    }
}

import Foundation

/// Standard output and standard error, the only terminal the tool writes to. Every line is
/// passed through ``TerminalText/escaped(_:)``: one line in, one line out.
struct Terminal {
    /// Writes a line to standard output.
    func print(_ line: String) {
        FileHandle.standardOutput.write(Data((TerminalText.escaped(line) + "\n").utf8))
    }

    /// Writes a line to standard error (diagnostics: lint, missing glyphs, errors).
    func diagnose(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
    }

    /// Writes the tool's own text of several lines (help) to standard output, line by line.
    func printText(_ text: String) {
        text.split(separator: "\n", omittingEmptySubsequences: false).forEach { print(String($0)) }
    }
}

import Foundation

/// Standard output and standard error, the only terminal the tool writes to.
struct Terminal {
    /// Writes a line to standard output.
    func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes a line to standard error (diagnostics: lint, missing glyphs, errors).
    func diagnose(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

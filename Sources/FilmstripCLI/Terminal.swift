/// Standard output and standard error, the only terminal the tool writes to. A failed write
/// never stops the run (see ``TerminalStream``); ``failure`` tells the command to end with exit 2.
struct Terminal {
    var output = TerminalStream.standardOutput
    var error = TerminalStream.standardError

    /// Writes a line to standard output.
    func print(_ line: String) {
        output.write(line + "\n")
    }

    /// Writes a line to standard error (diagnostics: lint, missing glyphs, errors).
    func diagnose(_ line: String) {
        error.write(line + "\n")
    }

    /// The first stream whose write failed, with its `errno`; nil when every write succeeded.
    var failure: (stream: TerminalStream, errno: Int32)? {
        if let code = output.failedWith { return (output, code) }
        if let code = error.failedWith { return (error, code) }
        return nil
    }
}

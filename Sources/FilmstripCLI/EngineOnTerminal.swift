import FilmstripCore
import FilmstripOutputs
import FilmstripRaster

// The engine prints nothing: it returns lint findings and warnings as values. These are the
// command line's spellings of its calls that print them on standard error as they come.

extension LintedRun {
    /// Lints and runs `plan`, printing each lint finding as `file: lint: …` on standard error.
    /// - Throws: ``FilmstripError`` (run) naming the file when the bench had to be stopped.
    init(_ plan: CapturePlan, file: String, clock: ClockKind, terminal: Terminal) throws(FilmstripError) {
        self = try LintedRun(plan, file: file, clock: clock)
        terminal.diagnoseLint(lint, file: file)
    }
}

extension Terminal {
    /// Prints each lint finding of the plan read from `file` as `file: lint: …` on standard error.
    func diagnoseLint(_ findings: [String], file: String) {
        for finding in findings { diagnose("\(file): lint: \(finding)") }
    }
}

extension FontLoader {
    /// Loads the font and prints on standard error what the BDF reader repaired (one line per
    /// kind) and the charset warning when it applies.
    func load(path: String?, terminal: Terminal) throws(FilmstripError) -> (font: BitmapFont, source: String) {
        let loaded = try load(path: path)
        warnings(loaded).forEach(terminal.diagnose)
        return loaded
    }
}

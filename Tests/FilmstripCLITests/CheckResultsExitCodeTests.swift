import FilmstripCLI
import FilmstripOutputs
import Testing

/// The exit code `check --json` writes is the one the process exits with: the library's
/// results use the command line's codes.
@Suite struct CheckResultsExitCodeTests {
    @Test func theResultsExitCodeIsTheCommandLinesForEachVerdict() {
        var results = CheckResults(shard: "1/2")
        #expect(results.exitCode == ExitCode.passed.rawValue)
        results.strayFolders = ["captures/old has no plan"]
        #expect(results.exitCode == ExitCode.checkFailed.rawValue)
        results.badInput = "captures/a.json: $.windowMs: expected an integer"
        #expect(results.exitCode == ExitCode.badInput.rawValue)
        #expect(FilmstripError(.usage("no plan")).exitCode == ExitCode.badInput.rawValue)
    }
}

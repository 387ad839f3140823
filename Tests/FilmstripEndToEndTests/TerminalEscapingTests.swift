import FilmstripTestSupport
@testable import FilmstripCLI
@testable import FilmstripOutputs
import Foundation
import Testing

/// Plan strings reach the terminal (names, summaries, messages, paths); ESC, NUL and
/// bidirectional overrides never reach it raw.
@Suite struct TerminalEscapingTests {
    @Test(arguments: [
        ("plain text · 1,093 ms", "plain text · 1,093 ms"),
        ("a\u{1B}[2Jb", "a\\u{1B}[2Jb"),
        ("nul\u{0}here", "nul\\u{0}here"),
        ("line\nbreak\r\tx", "line\\nbreak\\r\\tx"),
        ("abc\u{202E}fed\u{2066}x\u{2069}", "abc\\u{202E}fed\\u{2066}x\\u{2069}"),
        ("c1\u{9B}31m del\u{7F} sep\u{2028}", "c1\\u{9B}31m del\\u{7F} sep\\u{2028}"),
        ("back\\slash é 😀", "back\\slash é 😀"),
    ])
    func controlAndBidiCharactersAreEscaped(text: String, printed: String) {
        #expect(TerminalText.escaped(text) == printed)
    }

    /// A file name cannot hold NUL; the plan's strings can.
    static let hostile = "\u{1B}]0;owned\u{7}\u{1B}[31m\u{202E}"

    func assertClean(_ output: String) {
        for raw in ["\u{1B}", "\u{0}", "\u{7}", "\u{202E}"] {
            #expect(!output.contains(raw), "raw \(TerminalText.escaped(raw)) in \(TerminalText.escaped(output))")
        }
    }

    @Test func aHostileBenchNameAndFileNameAreEscapedInTheError() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = workspace.appendingPathComponent("captures/x\(Self.hostile).json")
        let json = #"{"bench":"\u001b]0;owned\u0007\u001b[31m\u0000\u202e","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#
        try Data(json.utf8).write(to: plan)
        let result = try CommandRunner.run(["check", "--no-compare"], in: workspace)
        #expect(result.status == 2)
        assertClean(result.stderr)
        #expect(result.stderr.contains(#"captures/x\u{1B}]0;owned\u{7}\u{1B}[31m\u{202E}.json: $.bench: unknown bench '\u{1B}]0;owned\u{7}\u{1B}[31m\u{0}\u{202E}'"#), "\(result.stderr)")
    }

    @Test func aHostilePlanNameAndSummaryAreEscapedInTheTable() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = workspace.appendingPathComponent("captures/p\(Self.hostile).json")
        let json = #"{"bench":"inbox","summary":"s\u001b[2J\u202e","mode":"pinned","windowMs":1000,"frameIntervalMs":500,"script":[{"reply":"failed","latencyMs":1,"message":"m\u001b[31m\u0000\u202e"}],"expect":{"minFrames":{"failed":1}}}"#
        try Data(json.utf8).write(to: plan)
        let result = try CommandRunner.run(["check", "--no-compare"], in: workspace)
        assertClean(result.stdout)
        assertClean(result.stderr)
        #expect(result.stdout.contains(#"p\u{1B}]0;owned"#), "\(TerminalText.escaped(result.stdout))")
    }
}

import FilmstripTestSupport
import Foundation
import Testing

/// End to end: once `--junit FILE` and `--json` can be read from the
/// arguments, a usage error (`--shard 0/3`, `--theme purple`, an unknown option) still writes
/// them as a bad-input case (exit 2), so a CI step never publishes yesterday's all-pass report;
/// when they were given but could not be read, standard error says so.
@Suite struct UsageErrorReportTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")

    @Test func aUsageErrorReplacesYesterdaysPassingReportWithABadInputCase() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let junit = workspace.appendingPathComponent("junit.xml")
        let cases: [(arguments: [String], message: String)] = [
            (["--shard", "0/3"], "check: --shard expects i/n with whole numbers 1 ≤ i ≤ n ≤ 1000, e.g. --shard 2/3; found &apos;0/3&apos;"),
            (["--theme", "purple"], "check: --theme expects &apos;dark&apos; or &apos;light&apos;, found &apos;purple&apos;"),
            (["--bogus"], "check: unknown option &apos;--bogus&apos;"),
        ]
        for (arguments, message) in cases {
            // Yesterday's run: all passed.
            #expect(try CommandRunner.run(["check", "--no-compare", "--junit", "junit.xml"], in: workspace).status == 0)
            let yesterday = try String(contentsOf: junit, encoding: .utf8)
            #expect(yesterday.contains(#"tests="1" failures="0" errors="0""#))

            let result = try CommandRunner.run(["check", "--no-compare"] + arguments + ["--junit", "junit.xml", "--json"], in: workspace)
            #expect(result.status == 2, "\(arguments)")
            let today = try String(contentsOf: junit, encoding: .utf8)
            #expect(today != yesterday)
            #expect(today.contains(#"tests="1" failures="0" errors="1""#), "\(arguments): \(today)")
            #expect(today.contains(#"<testcase name="input" classname="filmstrip.badInput" time="0.000">"#), "\(today)")
            #expect(today.contains(#"<error type="badInput" message="\#(message)&#10;Run &apos;filmstrip --help&apos; for usage.">"#), "\(arguments): \(today)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
            #expect(document["exitCode"] as? Int == 2)
            #expect(document["passed"] as? Bool == false)
            #expect((document["error"] as? String)?.hasPrefix(String(message.prefix(12))) == true, "\(document)")
        }
    }

    @Test func optionsThatCouldNotBeReadAreNamedOnStandardError() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let missing = try CommandRunner.run(["check", "--no-compare", "--bogus", "--junit"], in: workspace)
        #expect(missing.status == 2)
        #expect(missing.stderr == "note: check: no JUnit report written: --junit was given without a usable file name\nerror: check: unknown option '--bogus'\nRun 'filmstrip --help' for usage.\n", "\(missing.stderr)")
        let json = try CommandRunner.run(["check", "--no-compare", "--json=yes"], in: workspace)
        #expect(json.status == 2)
        #expect(json.stdout.isEmpty)
        #expect(json.stderr == "note: check: no JSON document printed: --json could not be read\nerror: check: --json takes no value\nRun 'filmstrip --help' for usage.\n", "\(json.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("junit.xml").path))
    }
}

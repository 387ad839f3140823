import FilmstripTestSupport
import Foundation
import Testing

/// End to end: `sweep --url` matches in time linear in each URL, so a pattern that makes a
/// backtracking matcher retry without end (`(a+)+$` over `aaa…ab`) reads a HAR at once, and a
/// construct no linear matcher can do is refused, exit 2, saying why.
@Suite struct SweepURLPatternTests {
    /// A HAR of one entry a URL, each taking `timeMs`.
    static func har(urls: [String], timeMs: Int = 150) -> Data {
        let entries = urls.map { url in
            #"{"_resourceType": "xhr", "time": \#(timeMs), "request": {"method": "GET", "url": "\#(url)"}, "response": {"status": 200, "content": {"mimeType": "application/json"}}, "timings": {"wait": \#(timeMs)}}"#
        }
        return Data(#"{"log": {"version": "1.2", "entries": [\#(entries.joined(separator: ", "))]}}"#.utf8)
    }

    @Test func aNestedRepetitionOverLongURLsIsMatchedAtOnce() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        // 60 a's then a b: a backtracking matcher tries about 2^60 ways before it gives up.
        let long = "https://example.com/" + String(repeating: "a", count: 60)
        let urls = Array(repeating: long + "b", count: 20) + [long, long + "aa"]
        try Self.har(urls: urls).write(to: workspace.appendingPathComponent("long.har"))
        let result = try CommandRunner.run(["sweep", "long.har", "--url", "(a+)+$", "--delays", "0", "--minimums", "0"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("2 loads from long.har (HAR) · flash < 300 ms · added-wait budget 100 ms (p95)\n  read 22 entries; skipped 20 entries with other URLs\n"), "\(result.stdout)")
    }

    @Test func aBackreferenceOrLookaroundIsRefusedSayingWhy() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        try Self.har(urls: ["https://example.com/a"]).write(to: workspace.appendingPathComponent("one.har"))
        let backreference = try CommandRunner.run(["sweep", "one.har", "--url", "(a)\\1"], in: workspace)
        #expect(backreference.status == 2)
        #expect(backreference.stderr == "error: sweep: --url expects a regular expression matched in linear time (see filmstrip sweep --help), found '(a)\\1': a backreference (\\1) at character 4 cannot be matched in linear time\nRun 'filmstrip --help' for usage.\n", "\(backreference.stderr)")
        let lookahead = try CommandRunner.run(["sweep", "one.har", "--url", "api(?=/v2)"], in: workspace)
        #expect(lookahead.status == 2)
        #expect(lookahead.stderr.hasPrefix("error: sweep: --url expects a regular expression matched in linear time (see filmstrip sweep --help), found 'api(?=/v2)': lookaround or an inline option '(?' at character 4 cannot be matched in linear time or is not supported; use (?:…) for a group\n"), "\(lookahead.stderr)")
    }
}

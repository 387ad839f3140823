import FilmstripTestSupport
import Foundation
import Testing

/// Inputs other tools write are read; what cannot be read is refused naming the file and why.
@Suite struct InputReadingTests {
    @Test func aSymlinkLoopIsCalledALoop() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: workspace.appendingPathComponent("loop.bdf").path, withDestinationPath: "loop.bdf")
        try fm.createSymbolicLink(atPath: workspace.appendingPathComponent("captures/a.json").path, withDestinationPath: "b.json")
        try fm.createSymbolicLink(atPath: workspace.appendingPathComponent("captures/b.json").path, withDestinationPath: "a.json")
        let latencies = CommandRunner.fixtures.appendingPathComponent("latencies.json").path
        let font = try CommandRunner.run(["sweep", latencies, "--font", "loop.bdf"], in: workspace)
        #expect(font.status == 2)
        #expect(font.stderr == "error: loop.bdf: cannot read: a loop of symbolic links\n")
        let plan = try CommandRunner.run(["check", "--no-compare", "captures/a.json"], in: workspace)
        #expect(plan.status == 2)
        #expect(plan.stderr == "error: captures/a.json: cannot read: a loop of symbolic links\n")
        let samples = try CommandRunner.run(["sweep", "captures"], in: workspace)
        #expect(samples.stderr == "error: captures: cannot read: a folder; expected a file\n")
    }

    @Test func aRepairedFontIsReadWithOneWarningPerKind() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let font = "\u{FEFF}STARTFONT 2.1\nFONTBOUNDINGBOX 8 3 0 0\nSTARTPROPERTIES 1\nCOMMENT x\nFONT_ASCENT 3\nENDPROPERTIES\nSTARTCHAR A\nENCODING 65\nBBX 8 3 0 0\nBITMAP\nF\nCOMMENT y\n8\nENDCHAR\nSTARTCHAR B\nENCODING 66\nBBX 8 3 0 0\nBITMAP\nFF\nENDCHAR\nENDFONT\n"
        try Data(font.utf8).write(to: workspace.appendingPathComponent("short.bdf"))
        let latencies = CommandRunner.fixtures.appendingPathComponent("latencies.json").path
        let result = try CommandRunner.run(["sweep", latencies, "--font", "short.bdf", "--delays", "0", "--minimums", "0"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: font short.bdf: line") }
        #expect(warnings == [
            "warning: font short.bdf: line 11: 2 bitmap rows have fewer hex digits than the BBX width needs; padded with zeros",
            "warning: font short.bdf: line 14: 2 glyphs have fewer bitmap rows than the BBX height; padded with blank rows",
        ])
    }

    @Test func aGreyscaleFontIsRefusedByName() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        try Data("STARTFONT 2.3\nSIZE 10 75 75 8\nFONTBOUNDINGBOX 8 1 0 0\nENDFONT\n".utf8).write(to: workspace.appendingPathComponent("grey.bdf"))
        let latencies = CommandRunner.fixtures.appendingPathComponent("latencies.json").path
        let result = try CommandRunner.run(["sweep", latencies, "--font", "grey.bdf"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr == "error: grey.bdf:2: not a usable BDF font: expected a font of 1 bit per pixel; SIZE gives 8 bits per pixel (a BDF 2.3 greyscale font), which filmstrip cannot draw (use a 1-bit version of the font)\n")
    }

    @Test func sweepReadsAChromeHARSkippingFailedAndSocketEntriesAndSaysSo() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let har = CommandRunner.fixtures.appendingPathComponent("chrome-mixed.har").path
        let all = try CommandRunner.run(["sweep", har, "--delays", "0", "--minimums", "0"], in: workspace)
        #expect(all.status == 0, "\(all.stderr)")
        // 120.5 → 121; time 0 beside timings 10 + 100 + 300 + 0 + 900 + 100 → 1,410; 45.4 → 45; 300.
        #expect(all.stdout.hasPrefix("4 loads from chrome-mixed.har (HAR) · flash < 300 ms · added-wait budget 100 ms (p95)\n  read 7 entries; skipped 1 failed request and 2 WebSocket or EventSource entries\n"), "\(all.stdout)")
        #expect(all.stderr.contains("warning: \(har): 1 entry has a time of 0 beside timings above 0 (the first: $.log.entries[1]); the sum of the timings was used"))
        let api = try CommandRunner.run(["sweep", har, "--include", "xhr,fetch", "--url", "^https://api\\.", "--delays", "0", "--minimums", "0"], in: workspace)
        #expect(api.status == 0, "\(api.stderr)")
        #expect(api.stdout.hasPrefix("2 loads from chrome-mixed.har (HAR) · flash < 300 ms · added-wait budget 100 ms (p95)\n  read 7 entries; skipped 1 failed request, 3 entries of other types and 1 entry with other URLs\n"), "\(api.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.appendingPathComponent("sweep/sweep.json"))) as? [String: Any])
        #expect(json["latenciesMs"] as? [Int] == [121, 1410])
        let badPattern = try CommandRunner.run(["sweep", har, "--url", "(unclosed"], in: workspace)
        #expect(badPattern.status == 2)
        #expect(badPattern.stderr.contains("--url expects a regular expression matched in linear time (see filmstrip sweep --help), found '(unclosed': a '(' at character 1 that is never closed"))
    }

    @Test func sweepReadsAFirefoxHARWithNullTimes() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let har = CommandRunner.fixtures.appendingPathComponent("firefox-null-time.har").path
        let result = try CommandRunner.run(["sweep", har, "--delays", "0", "--minimums", "0"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("2 loads from firefox-null-time.har (HAR) · flash < 300 ms · added-wait budget 100 ms (p95)\n  read 3 entries; skipped 1 failed request\n"), "\(result.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.appendingPathComponent("sweep/sweep.json"))) as? [String: Any])
        // 0 + 12 + 40 + 0 + 210 + 3.5 = 265.5 → 266 (ssl 25 inside connect); 0 + 88.5 + 0 = 88.5 → 89.
        #expect(json["latenciesMs"] as? [Int] == [266, 89])
    }
}

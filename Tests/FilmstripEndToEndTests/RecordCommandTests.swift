import FilmstripCore
import FilmstripPNG
import FilmstripReports
import FilmstripRaster
import FilmstripTestSupport
import Foundation
import Testing

/// End to end: the built `filmstrip` binary, its files, its output and its exit codes.
@Suite(.serialized) struct RecordCommandTests {
    /// The shipped plans recorded end to end, from `captures/`: the one with the fewest frames of
    /// each bench, and the inbox's four pinned plans, whose stills are compared. A debug build
    /// records about a plan a second, so not all of them: every shipped plan is judged by
    /// `everyShippedPlanPassesItsOwnChecks` (FilmstripCoreTests), and CI's `filmstrip check`
    /// renders every one and compares it with the committed outputs.
    static let recordedPlans: [CapturePlan] = {
        // Live plans need the scripted server and the real clock: LiveCapturesTests records those.
        let shipped = TestSupport.shippedPlanNames.compactMap { try? TestSupport.shippedPlan($0) }.filter { $0.bench.clocks.contains(.virtual) }
        let smallest = Dictionary(grouping: shipped, by: \.bench.name).values.compactMap { plans in
            plans.min { (frameCount($0), $0.name) < (frameCount($1), $1.name) }
        }
        let pinned = shipped.filter { ["loading", "empty", "failed", "loaded"].map { "inbox-pinned-\($0)" }.contains($0.name) }
        return (smallest + pinned.filter { plan in !smallest.contains { $0.name == plan.name } }).sorted { $0.name < $1.name }
    }()

    /// Frames a plan records: one every interval from the window's start, up to its end.
    static func frameCount(_ plan: CapturePlan) -> Int { (plan.windowMs + plan.frameIntervalMs - 1) / plan.frameIntervalMs }

    @Test func recordWritesEveryOutputForEveryPlan() throws {
        let plans = Self.recordedPlans
        let benches = Set(TestSupport.shippedPlanNames.compactMap { try? TestSupport.shippedPlan($0) }.filter { $0.bench.clocks.contains(.virtual) }.map(\.bench.name))
        #expect(Set(plans.map(\.bench.name)) == benches, "\(plans.map(\.name))")
        let workspace = try CommandRunner.workspace(plans: plans.map { CommandRunner.root.appendingPathComponent("captures/\($0.name).json") })
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(plans.count) plan(s) recorded in captures/: all passed"))
        let files = CommandRunner.snapshot(workspace.appendingPathComponent("captures"))
        for plan in plans.map(\.name) {
            for name in ["report.json", "index.html", "filmstrip.png", "frames/0000.png"] {
                #expect(files["\(plan)/\(name)"] != nil, "\(plan)/\(name)")
            }
        }
        for plan in plans {
            let frames = Self.frameCount(plan)
            #expect(files[String(format: "\(plan.name)/frames/%04d.png", frames - 1)] != nil, "\(plan.name): \(frames) frames")
            #expect(files[String(format: "\(plan.name)/frames/%04d.png", frames)] == nil, "\(plan.name): \(frames) frames")
        }
        #expect(files["inbox-pinned-loading/stills/loading.png"] != nil)
        #expect(files["index.html"] != nil)

        // Every PNG decodes; frames are 896×374 (2×); the strip is the frames at 1× plus labels.
        for (path, bytes) in files where path.hasSuffix(".png") {
            let canvas = try PNGCodec.decode(Array(bytes))
            if path.hasPrefix("inbox-") || path.hasPrefix("orders-"), path.contains("/frames/") || path.contains("/stills/") {
                #expect(canvas.width == 896 && canvas.height == 374, "\(path): two panels at 2×")
            }
            if path.hasPrefix("scenes-"), path.contains("/frames/") || path.contains("/stills/") {
                #expect(canvas.width == 1336 && canvas.height == 374, "\(path): three panels at 2×")
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("tIME") && !text.contains("tEXt"), "\(path) carries no time or text chunk")
        }
        // The four stills of the inbox's phases, decoded from their files, all differ.
        let stills = try ["loading", "empty", "failed", "loaded"].map { phase in
            try PNGCodec.decode(Array(try #require(files["inbox-pinned-\(phase)/stills/\(phase).png"])))
        }
        for i in stills.indices {
            for j in stills.indices where j > i {
                #expect(stills[i].pixels != stills[j].pixels, "stills \(i) and \(j) differ")
            }
        }
        // Both kinds of page link only to files that exist.
        for (path, bytes) in files where path.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            let folder = (path as NSString).deletingLastPathComponent
            for link in Self.links(in: html) where link.hasPrefix("#") {
                #expect(html.contains("id=\"\(link.dropFirst())\""), "\(path) links to the missing anchor \(link)")
            }
            for link in Self.links(in: html) where !link.hasPrefix("#") {
                let target = Self.normalized(folder.isEmpty ? link : "\(folder)/\(link)")
                #expect(files[target] != nil, "\(path) links to \(link), which does not exist")
            }
        }
    }

    @Test func recordingTwiceGivesByteIdenticalFilesAndRemovesOnlyItsOwnStaleFiles() throws {
        // A small shipped plan (8 frames every 250 ms, a still): three recordings of it.
        let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")
        let workspace = try CommandRunner.workspace(plans: [plan])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let first = CommandRunner.snapshot(workspace.appendingPathComponent("captures"))
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let second = CommandRunner.snapshot(workspace.appendingPathComponent("captures"))
        #expect(first.keys.sorted() == second.keys.sorted())
        for (path, bytes) in first { #expect(second[path] == bytes, "\(path) changed between runs") }

        // Fewer frames: the extra frames it wrote go, a user's file in the same folder stays.
        #expect(first["inbox-pinned-empty/frames/0007.png"] != nil)
        let notes = workspace.appendingPathComponent("captures/inbox-pinned-empty/frames/notes.txt")
        try Data("mine".utf8).write(to: notes)
        var json = try String(contentsOf: workspace.appendingPathComponent("captures/inbox-pinned-empty.json"), encoding: .utf8)
        #expect(json.contains("\"frameIntervalMs\": 250"))
        json = json.replacingOccurrences(of: "\"frameIntervalMs\": 250", with: "\"frameIntervalMs\": 500")
        try json.write(to: workspace.appendingPathComponent("captures/inbox-pinned-empty.json"), atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let third = CommandRunner.snapshot(workspace.appendingPathComponent("captures"))
        #expect(third["inbox-pinned-empty/frames/0003.png"] != nil)
        #expect(third["inbox-pinned-empty/frames/0004.png"] == nil)
        #expect(third["inbox-pinned-empty/frames/0007.png"] == nil)
        #expect(third["inbox-pinned-empty/frames/notes.txt"] == Data("mine".utf8))
    }

    @Test func seedFailingPlanExitsOneNamingLoadingsShareAndTheMissingPhases() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = CommandRunner.fixtures.appendingPathComponent("seed-failing.json").path
        let result = try CommandRunner.run(["check", plan], in: workspace)
        #expect(result.status == 1)
        #expect(result.stdout.contains("verdict: failed: loading filled 6 of 6 frames (12.0 s of 12.0 s, limit 50%); empty, failed and loaded were never captured."))
        #expect(result.stderr.contains("lint: empty is first captured at 14,000 ms"))
        #expect(CommandRunner.snapshot(workspace).isEmpty, "check writes nothing")
    }

    @Test func checkPassesOnTheShippedCycle() throws {
        let workspace = try CommandRunner.workspace()
        let result = try CommandRunner.run(["check", "captures/inbox-cycle.json", "--allow-unrecorded"], in: workspace)
        #expect(result.status == 0)
        #expect(result.stdout.contains("inbox-cycle · inbox · cycle · virtual clock · window 12,000 ms · 24 frames every 500 ms"))
        #expect(result.stdout.contains("  loading     5,361  44.7%      11    45.8%  ≥ 1 frame, ≤ 50%"))
        #expect(result.stdout.contains("verdict: passed"))
    }

    @Test func checkComparesRecordedOutputsByPixelsAndFailsOnAMismatch() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-failed.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let clean = try CommandRunner.run(["check"], in: workspace)
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("recorded outputs: 14 files match a fresh render"))

        // Re-encode a frame with other settings: bytes change, pixels do not, so it still matches.
        let frame = workspace.appendingPathComponent("captures/inbox-pinned-failed/frames/0003.png")
        var canvas = try PNGCodec.decode(Array(try Data(contentsOf: frame)))
        try Data(try PNGCodec.encode(canvas, settings: .plainRGBA)).write(to: frame)
        #expect(try CommandRunner.run(["check"], in: workspace).status == 0)

        // Change two pixels, and the recorded digest with them (a frame recorded by other code):
        // the digests differ, so check decodes the file, fails and says where.
        canvas.setPixel(x: 5, y: 7, to: .white)
        canvas.setPixel(x: 9, y: 8, to: .white)
        try Data(try PNGCodec.encode(canvas)).write(to: frame)
        let reportFile = workspace.appendingPathComponent("captures/inbox-pinned-failed/report.json")
        var report = try String(contentsOf: reportFile, encoding: .utf8)
        let digest = PixelDigest.sha256(of: try PNGCodec.decode(Array(try Data(contentsOf: frame))), scale: 1)
        let recordedDigest = try #require(RunReport.read(Data(report.utf8))?.frames[3].pixelsSHA256)
        report = report.replacingOccurrences(of: recordedDigest, with: digest)
        try Data(report.utf8).write(to: reportFile)
        let drifted = try CommandRunner.run(["check"], in: workspace)
        #expect(drifted.status == 1)
        #expect(drifted.stdout.contains("mismatch: captures/inbox-pinned-failed/frames/0003.png: 2 pixels differ from a fresh render, within x 5…9, y 7…8"), "\(drifted.stdout)")
        #expect(drifted.stdout.contains("re-record with: filmstrip record captures/inbox-pinned-failed.json"))
        #expect(try CommandRunner.run(["check", "--no-compare"], in: workspace).status == 0)
    }

    @Test(arguments: [
        ("bad-json.json", "bad-json.json: $: not valid JSON"),
        ("unknown-key.json", "unknown-key.json: $.recordingWindow: unknown key 'recordingWindow'"),
        ("negative-latency.json", "negative-latency.json: $.script[1].latencyMs: expected an integer from 0 to 3600000 ms, found -1"),
        ("zero-window.json", "zero-window.json: $.windowMs: expected an integer from 1 to 3600000 ms, found 0"),
    ])
    func malformedPlansExitTwoNamingFileAndPathAndWriteNothing(fixture: String, expected: String) throws {
        let good = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")
        let workspace = try CommandRunner.workspace(plans: [good, CommandRunner.fixtures.appendingPathComponent(fixture)])
        let existing = workspace.appendingPathComponent("captures/inbox-pinned-empty")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        try Data("earlier".utf8).write(to: existing.appendingPathComponent("report.json"))
        let before = CommandRunner.snapshot(workspace)
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(CommandRunner.snapshot(workspace) == before, "the output folder is untouched")
    }

    @Test func badFontExitsTwoWithTheFileAndLine() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        let font = CommandRunner.fixtures.appendingPathComponent("broken-font.bdf").path
        let result = try CommandRunner.run(["record", "--font", font], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken-font.bdf:9: not a usable BDF font: expected 'BBX w h xoff yoff' followed by 4 integers, found 'BBX 8 8 0'"), "\(result.stderr)")
        #expect(CommandRunner.snapshot(workspace.appendingPathComponent("captures")).keys.sorted() == ["inbox-pinned-empty.json"])
    }

    @Test func missingGlyphsAreReportedOncePerRun() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.fixtures.appendingPathComponent("emoji-message.json")])
        try FileManager.default.copyItem(
            at: workspace.appendingPathComponent("captures/emoji-message.json"), to: workspace.appendingPathComponent("captures/emoji-again.json"))
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("U+1F600") }
        #expect(lines.count == 1, "two plans, many frames, one warning")
        #expect(lines.first == "warning: font misc-fixed 6x13 (bundled) has no glyph for U+1F600; drawn as its DEFAULT_CHAR")
    }

    @Test func unwritableOutputExitsTwo() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        try Data("a file, not a folder".utf8).write(to: workspace.appendingPathComponent("blocked"))
        let result = try CommandRunner.run(["record", "--out", "blocked/out"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("blocked/out: cannot write output"), "\(result.stderr)")
    }

    @Test func helpVersionAndUsageErrors() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let help = try CommandRunner.run(["--help"], in: workspace)
        #expect(help.status == 0)
        #expect(help.stdout.contains("filmstrip record [PLAN…] [--out DIR] [--clock virtual|real] [--font FILE.bdf]"))
        #expect(try CommandRunner.run(["record", "--help"], in: workspace).stdout.contains("OUTPUTS"))
        #expect(try CommandRunner.run(["check", "--help"], in: workspace).stdout.contains("It writes nothing but"))
        let version = try CommandRunner.run(["--version"], in: workspace)
        #expect(version.status == 0 && version.stdout == "filmstrip 0.2.0\n")
        let unknown = try CommandRunner.run(["record", "--fast"], in: workspace)
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown option '--fast'"))
        let clock = try CommandRunner.run(["check", "--clock", "wall"], in: workspace)
        #expect(clock.status == 2 && clock.stderr.contains("--clock expects 'virtual', 'real' or 'both', found 'wall'"))
        let none = try CommandRunner.run(["check"], in: workspace)
        #expect(none.status == 2 && none.stderr.contains("captures: no capture plans"))
    }

    /// `a/../b/c` → `b/c`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { parts.removeLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The `href` and `src` targets of a page, without query or fragment.
    static func links(in html: String) -> [String] {
        var links: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                links.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return links
    }
}

/// Inputs a hostile run found: each ends in exit 2 or 1 with words, never a crash or a pass.
@Suite(.serialized) struct HostileInputTests {
    @Test func aCorruptedOrMissingReportFailsTheCheck() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let report = workspace.appendingPathComponent("captures/inbox-pinned-empty/report.json")
        try Data("{".utf8).write(to: report)
        let corrupted = try CommandRunner.run(["check"], in: workspace)
        #expect(corrupted.status == 1)
        #expect(corrupted.stdout.contains("recorded outputs: captures/inbox-pinned-empty/report.json is not a filmstrip report of this plan"))
        try FileManager.default.removeItem(at: report)
        let missing = try CommandRunner.run(["check"], in: workspace)
        #expect(missing.status == 1 && missing.stdout.contains("report.json is missing"))
    }

    @Test func theIndexAcrossPlansIsComparedToo() throws {
        let workspace = try CommandRunner.workspace(plans: [
            CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json"),
            CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json"),
        ])
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let clean = try CommandRunner.run(["check"], in: workspace)
        #expect(clean.status == 0 && clean.stdout.contains("index: captures/index.html matches a fresh render"))
        let index = workspace.appendingPathComponent("captures/index.html")
        try (try Data(contentsOf: index) + Data("<!-- edited -->".utf8)).write(to: index)
        let edited = try CommandRunner.run(["check"], in: workspace)
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("2 plan(s) checked: all passed; the index across plans differs"))
    }

    @Test func checkRefusesAMissingFontEvenWithoutComparing() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        let result = try CommandRunner.run(["check", "--no-compare", "--font", "/nonexistent.bdf"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent.bdf: cannot read: no such file"))
    }

    @Test func planNamesThatWouldCollideWithOutputsAreRefused() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = try Data(contentsOf: CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json"))
        try plan.write(to: workspace.appendingPathComponent("captures/index.html.json"))
        let result = try CommandRunner.run(["record"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("a plan named 'index.html' would write over the output folder or its index page"))
        #expect(CommandRunner.snapshot(workspace.appendingPathComponent("captures")).keys.sorted() == ["index.html.json"])
    }

    @Test func anOutputPathThroughAFileNamesTheFile() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        try Data().write(to: workspace.appendingPathComponent("plain"))
        let result = try CommandRunner.run(["record", "--out", "plain/deeper"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("plain/deeper: cannot write output: plain is a file, not a folder"))
        #expect(try CommandRunner.run(["record", "--out="], in: workspace).stderr.contains("record: --out needs a non-empty value"))
    }

    @Test func aFontWithHugeNumbersExitsTwoWithItsLine() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        let font = "STARTFONT 2.1\nFONTBOUNDINGBOX 6 13 0 -2\nSTARTCHAR x\nENCODING 4294967296\nBBX 1 1 0 0\nBITMAP\n80\nENDCHAR\nENDFONT\n"
        try Data(font.utf8).write(to: workspace.appendingPathComponent("huge.bdf"))
        let result = try CommandRunner.run(["record", "--font", "huge.bdf"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("huge.bdf:4: not a usable BDF font: expected an ENCODING from -1 to 1114111"))
    }

    @Test func aNonUnicodeFontIsWarnedAbout() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        let bundled = try String(contentsOf: CommandRunner.root.appendingPathComponent("Sources/FilmstripOutputs/Resources/Fonts/6x13.bdf"), encoding: .utf8)
        let koi = bundled.replacingOccurrences(of: "CHARSET_REGISTRY \"ISO10646\"", with: "CHARSET_REGISTRY \"KOI8\"")
            .replacingOccurrences(of: "CHARSET_ENCODING \"1\"", with: "CHARSET_ENCODING \"R\"")
        try Data(koi.utf8).write(to: workspace.appendingPathComponent("koi.bdf"))
        let result = try CommandRunner.run(["record", "--font", "koi.bdf", "--out", "out"], in: workspace)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: font koi.bdf is encoded as KOI8-R, not Unicode"))
    }
}

@Suite(.serialized) struct InterruptedRecordingTests {
    @Test func filesOfAnInterruptedRecordingAreRemovedByTheNextOne() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-empty.json")])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let folder = workspace.appendingPathComponent("captures/inbox-pinned-empty")
        // As an interrupted recording leaves it: frames beyond the plan's, listed as pending, no report.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("frames/0042.png"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("frames/0043.png"))
        try Data("frames/0042.png\n".utf8).write(to: folder.appendingPathComponent(".filmstrip-writing"))
        #expect(try CommandRunner.run(["record"], in: workspace).status == 0)
        let files = CommandRunner.snapshot(folder)
        #expect(files["frames/0042.png"] == nil, "listed as pending by filmstrip: removed")
        #expect(files["frames/0043.png"] == Data("mine".utf8), "never listed: kept")
        #expect(files[".filmstrip-writing"] == nil, "the pending list goes when the recording completes")
        #expect(files["report.json"] != nil)
    }
}

/// Timing edges (a loader that never leaves, a banner held with its error, work pending at the
/// window's end), judged by the built binary.
@Suite struct TimingTruthCommandTests {
    func check(_ fixture: String, _ extra: [String] = []) throws -> CommandRunner.Result {
        try CommandRunner.run(["check", "--no-compare"] + extra + [CommandRunner.fixtures.appendingPathComponent(fixture).path], in: CommandRunner.root)
    }

    @Test func aSpinnerThatNeverLeavesIsOneIntervalAndPasses() throws {
        let result = try check("scenes-loader-never-leaves.json")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  loader immediate: visible 800 ms, no flash, held back 0 ms, blank 0 ms\n"))
        #expect(result.stdout.contains("  verdict: passed\n"))
        let cycle = try check("scenes-fast-cycle.json")
        #expect(cycle.stdout.contains("  loader immediate: visible 1,000 ms, no flash, held back 0 ms, blank 0 ms\n"), "\(cycle.stdout)")
    }

    @Test func theOrdersBannerStaysWhileTheStateHoldsTheError() throws {
        let result = try check("orders-banner-held-with-error.json")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  verdict: passed\n"))
    }

    @Test func pendingWorkAtTheWindowsEndIsLinted() throws {
        let result = try check("inbox-reply-after-window.json")
        #expect(result.stderr.contains(#"lint: a scripted change falls after the window ends at 2,350 ms: loaded at 2,700 ms (beat 1: reply loaded landed); a window of at least 2,701 ms at the same 100 ms frame interval would include it (its first frame is at 2,700 ms), or set "extendToSettle": true"#), "\(result.stderr)")
        // The inbox's default dominance limit (loading ≤ 50%) still applies: 24 of 24 frames.
        #expect(result.status == 1)
        #expect(result.stdout.contains("loading filled 24 of 24 frames (2.4 s of 2.4 s, limit 50%)"))
    }
}

import FilmstripCore
import FilmstripPNG
import FilmstripRaster
import FilmstripSeedBenches
import FilmstripTestSupport
import Foundation
import Testing

/// `filmstrip compare`, run as a user would: the acceptance case (the fast-load scenes
/// plan against a copy answered after 1,500 ms), recorded folders, the gates and bad input.
@Suite(.serialized) struct CompareCommandTests {
    static let fastPlan = CommandRunner.root.appendingPathComponent("captures/scenes-fast-load.json")

    /// A workspace holding `captures/scenes-fast-load.json` and `slow.json`, the same plan with
    /// its one load answered after 1,500 ms instead of 300 ms.
    static func workspace() throws -> URL {
        let workspace = try CommandRunner.workspace(plans: [fastPlan])
        let text = try String(contentsOf: fastPlan, encoding: .utf8)
        #expect(text.contains("\"latencyMs\": 300"))
        try Data(text.replacingOccurrences(of: "\"latencyMs\": 300", with: "\"latencyMs\": 1500").utf8).write(to: workspace.appendingPathComponent("slow.json"))
        return workspace
    }

    static let phaseRows = [
        "  phase        A ms  A time   B ms  B time    Δ ms  Δ points",
        "  loading       300   15.0%  1,500   75.0%  +1,200     +60.0",
        "  refreshing      0    0.0%      0    0.0%       0       0.0",
        "  loaded      1,700   85.0%    500   25.0%  -1,200     -60.0",
        "  empty           0    0.0%      0    0.0%       0       0.0",
        "  failed          0    0.0%      0    0.0%       0       0.0",
    ]

    /// Every row of the table between the header and the gates: phases, panel depictions, flashes.
    static let tableRows = phaseRows + [
        "  panel immediate",
        "    spinner     300   15.0%  1,500   75.0%  +1,200     +60.0",
        "    rows      1,700   85.0%    500   25.0%  -1,200     -60.0",
        "  panel delayed",
        "    blank       300   15.0%  1,000   50.0%    +700     +35.0",
        "    spinner       0    0.0%    500   25.0%    +500     +25.0",
        "    rows      1,700   85.0%    500   25.0%  -1,200     -60.0",
        "  panel delayedMinimum",
        "    blank       300   15.0%    500   25.0%    +200     +10.0",
        "    spinner       0    0.0%  1,000   50.0%  +1,000     +50.0",
        "    rows      1,700   85.0%    500   25.0%  -1,200     -60.0",
        "  flashes immediate: A 1 (300 ms at 0 ms) · B none",
    ]

    @Test func aLatencyRaisedTo1500MsPrintsTheDwellDifferencesAndTripsLoadingPlus10() throws {
        let workspace = try Self.workspace()
        let gated = try CommandRunner.run(["compare", "captures/scenes-fast-load.json", "slow.json", "--fail-on", "loading+10"], in: workspace)
        #expect(gated.status == 1, "\(gated.stderr)")
        #expect(gated.stderr == "")
        #expect(gated.stdout == ([
            "compare · scenes · A scenes-fast-load (captures/scenes-fast-load.json, virtual clock, window 2,000 ms)",
            "                 · B slow (slow.json, virtual clock, window 2,000 ms)",
        ] + Self.tableRows + [
            "  gate tripped: loading+10: loading's time share changed by +60.0 points (15.0% → 75.0%): more than the 10 allowed",
            "  verdict: failed: 1 of 1 gate(s) tripped",
            "wrote compare/compare.json, compare/compare.html and compare/compare.png",
        ]).map { $0 + "\n" }.joined())
        let first = CommandRunner.snapshot(workspace.appendingPathComponent("compare"))
        #expect(first.keys.sorted() == [".filmstrip-outputs", "compare.html", "compare.json", "compare.png"])

        // Without the gate: the same table, exit 0, and the same strip, byte for byte.
        let plain = try CommandRunner.run(["compare", "captures/scenes-fast-load.json", "slow.json", "--out", "plain"], in: workspace)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains(Self.phaseRows.joined(separator: "\n")))
        #expect(plain.stdout.contains("  verdict: no gate given (--fail-on PHASE+N or flashes)\n"))
        #expect(try Data(contentsOf: workspace.appendingPathComponent("plain/compare.png")) == first["compare.png"])

        let data = try #require(first["compare.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let loading = try #require((json["phases"] as? [[String: Any]])?.first)
        #expect(loading["name"] as? String == "loading" && loading["aMs"] as? Int == 300 && loading["bMs"] as? Int == 1500)
        #expect(loading["differenceMs"] as? Int == 1200 && loading["differencePoints"] as? Double == 60)
        #expect((json["pairs"] as? [Any])?.count == 20)
        #expect(json["passed"] as? Bool == false)
        #expect((json["gates"] as? [[String: Any]])?.first?["tripped"] as? Bool == true)

        try Self.expectStripColours(try #require(first["compare.png"]))
        // The page gives the strip its size, so nothing below it moves while it loads.
        let png = try #require(first["compare.png"])
        let header = try #require(PNGFile.chunks(Array(png))?.first { $0.type == "IHDR" })
        let html = try #require(first["compare.html"])
        let page = String(decoding: html, as: UTF8.self)
        #expect(page.contains("src=\"./compare.png\" width=\"\(PNGFile.bigEndian32(header.data, at: 0))\" height=\"\(PNGFile.bigEndian32(header.data, at: 4))\" alt="))
    }

    /// `compare.png` of the fast plan (A) against the slow copy (B): the phase colours on both
    /// bars and at the paired frames' swatches, at the positions the strip's layout gives.
    static func expectStripColours(_ png: Data) throws {
        let strip = try PNGCodec.decode(Array(png))
        let loading = BenchDefinition.scenes.style(ofPhase: "loading").color
        let loaded = BenchDefinition.scenes.style(ofPhase: "loaded").color
        // A recorded frame of the plan at its scale 2 gives the 1× frame size.
        let recorded = try PNGCodec.decode(Array(Data(contentsOf: CommandRunner.root.appendingPathComponent("captures/scenes-fast-load/frames/0000.png"))))
        let (frameWidth, frameHeight) = (recorded.width / 2, recorded.height / 2)
        // Four pairs a row, 18 pixels apart; 20 pairs make five rows of an A and a B frame with
        // their 16-pixel labels and 4 pixels between; the pairs start at y 104.
        let rowHeight = 2 * frameHeight + 36
        #expect(strip.width == 18 + 4 * (frameWidth + 18))
        #expect(strip.height == 104 + 5 * (rowHeight + 18))
        // The bars: from x 28 to 18 short of the right edge, 0 to 2,000 ms; A's at y 26, B's at 50.
        let barWidth = strip.width - 28 - 18
        func bar(_ top: Int, _ ms: Int) -> Color? { strip.pixel(x: 28 + ms * barWidth / 2000, y: top + 7) }
        #expect(bar(26, 100) == loading && bar(26, 1000) == loaded && bar(26, 1900) == loaded)
        #expect(bar(50, 100) == loading && bar(50, 1000) == loading && bar(50, 1900) == loaded)
        // Each pair's swatches: 4 pixels under its frame, at its left edge.
        func swatch(_ pair: Int, isA: Bool) -> Color? {
            let left = 18 + (pair % 4) * (frameWidth + 18)
            let top = 104 + (pair / 4) * (rowHeight + 18) + (isA ? 0 : frameHeight + 20)
            return strip.pixel(x: left + 4, y: top + frameHeight + 8)
        }
        let expected: [(pair: Int, a: Color, b: Color)] = [(0, loading, loading), (2, loading, loading), (3, loaded, loading), (10, loaded, loading), (14, loaded, loading), (15, loaded, loaded), (19, loaded, loaded)]
        for (pair, a, b) in expected {
            #expect(swatch(pair, isA: true) == a && swatch(pair, isA: false) == b, "pair \(pair) at \(pair * 100) ms")
        }
    }

    @Test func recordedFoldersGiveThePlansFiguresAndAFlashWhereANoneTripsTheFlashesGate() throws {
        let workspace = try Self.workspace()
        // A: the committed recording of the fast plan, copied; B: the slow copy, recorded now.
        try FileManager.default.copyItem(at: CommandRunner.root.appendingPathComponent("captures/scenes-fast-load"), to: workspace.appendingPathComponent("recorded/scenes-fast-load"))
        let record = try CommandRunner.run(["record", "slow.json", "--out", "recorded"], in: workspace)
        #expect(record.status == 0, "\(record.stderr)")
        let folders = try CommandRunner.run(["compare", "recorded/scenes-fast-load", "recorded/slow/", "--out", "from-folders"], in: workspace)
        #expect(folders.status == 0, "\(folders.stderr)")
        // The same figures as from the plans: the recorded reports hold the exact dwell.
        #expect(folders.stdout == ([
            "compare · scenes · A scenes-fast-load (recorded/scenes-fast-load, virtual clock, window 2,000 ms)",
            "                 · B slow (recorded/slow/, virtual clock, window 2,000 ms)",
        ] + Self.tableRows + [
            "  verdict: no gate given (--fail-on PHASE+N or flashes)",
            "wrote from-folders/compare.json, from-folders/compare.html and from-folders/compare.png",
        ]).map { $0 + "\n" }.joined())
        // Frames read back from the recorded PNGs (scale 2, scaled down to 1×) sit where the
        // plans' frames would, in their phases' colours.
        try Self.expectStripColours(Data(contentsOf: workspace.appendingPathComponent("from-folders/compare.png")))

        // A recorded folder against a plan, the other way round: B flashes where A had none.
        let worse = try CommandRunner.run(["compare", "recorded/slow/report.json", "captures/scenes-fast-load.json", "--fail-on", "flashes,loaded+70"], in: workspace)
        #expect(worse.status == 1, "\(worse.stderr)")
        #expect(worse.stdout.contains("  flashes immediate: A none · B 1 (300 ms at 0 ms)\n"))
        #expect(worse.stdout.contains("  gate tripped: flashes: B has more flashes than A on immediate (immediate 0 → 1)\n"))
        #expect(worse.stdout.contains("  gate held: loaded+70: loaded's time share changed by +60.0 points (25.0% → 85.0%): within the 70 allowed\n"))
        #expect(worse.stdout.contains("  verdict: failed: 1 of 2 gate(s) tripped\n"))
    }

    @Test func badInputExitsTwoNamingTheFileAndWritesNothing() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.fastPlan, CommandRunner.root.appendingPathComponent("captures/inbox-cycle.json")])
        let fast = "captures/scenes-fast-load.json"
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let bad = workspace.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        let report = try Data(contentsOf: CommandRunner.root.appendingPathComponent("captures/scenes-fast-load/report.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
        object["dwell"] = ["loading": ["frames": 3]]
        try JSONSerialization.data(withJSONObject: object).write(to: bad.appendingPathComponent("report.json"))

        let cases: [(arguments: [String], message: String)] = [
            ([fast, "captures/inbox-cycle.json"], "error: compare: A (\(fast)) is a run of bench scenes and B (captures/inbox-cycle.json) of bench inbox; compare needs two runs of one bench"),
            ([fast, fast, "--fail-on", "lodaing+10"], "error: compare: --fail-on lodaing+10 names phase 'lodaing', which bench scenes does not have; its phases: loading, refreshing, loaded, empty, failed"),
            ([fast, fast, "--fail-on", "loading+ten"], "error: compare: --fail-on expects PHASE+N or LANE:PHASE+N (N from 0 to 100 percentage points, at most two decimals, e.g. loading+10, naive:loading+5) or flashes, found 'loading+ten'"),
            ([fast, "empty"], "error: empty/report.json: cannot read: no such file"),
            (["bad", fast], "error: bad/report.json: $.dwell.loading.ms: required member is missing"),
            ([fast, "nowhere"], "error: nowhere: cannot read: no such file or folder; expected a capture plan (.json) or a recorded output folder"),
            ([fast], "error: compare needs two runs, A and B (plan files or recorded output folders); found '\(fast)'"),
        ]
        for (arguments, message) in cases {
            let result = try CommandRunner.run(["compare"] + arguments, in: workspace)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("compare").path))
    }

    /// A recorded report that disagrees with its bench or with itself is refused with exit 2 at
    /// its JSON path, never read as 0 ms (a missing phase once tripped a gate with exit 1) or
    /// as a share above 100%.
    @Test func aReportInconsistentWithItsBenchExitsTwoAtItsJSONPath() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.fastPlan])
        let fast = "captures/scenes-fast-load.json"
        let report = try Data(contentsOf: CommandRunner.root.appendingPathComponent("captures/scenes-fast-load/report.json"))
        func bad(_ name: String, _ change: (inout [String: Any]) -> Void) throws {
            var object = try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
            change(&object)
            let folder = workspace.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("report.json"))
        }
        func dwell(_ object: [String: Any]) -> [String: Any] { object["dwell"] as? [String: Any] ?? [:] }
        try bad("noLoading") { object in var d = dwell(object); d["loading"] = nil; object["dwell"] = d }
        try bad("extraPhase") { object in var d = dwell(object); d["zzz"] = ["ms": 0]; object["dwell"] = d }
        try bad("shortWindow") { object in object["windowMs"] = 1 }
        try bad("framePhase") { object in
            var frames = object["frames"] as? [[String: Any]] ?? []
            frames[2]["phase"] = "zzz"
            object["frames"] = frames
        }
        try bad("panelSum") { object in
            var panels = object["panels"] as? [String: [String: Any]] ?? [:]
            panels["delayed"]?["blank"] = ["ms": 301]
            object["panels"] = panels
        }
        let phases = "bench scenes's phases are loading, refreshing, loaded, empty, failed"
        let cases: [(folder: String, message: String)] = [
            ("noLoading", "error: noLoading/report.json: $.dwell.loading.ms: required member is missing\n"),
            ("extraPhase", "error: extraPhase/report.json: $.dwell.zzz: unknown phase 'zzz'; \(phases)\n"),
            ("shortWindow", "error: shortWindow/report.json: $.dwell: the phases' dwells add up to 2000 ms; expected exactly the window's 1 ms ($.windowMs)\n"),
            ("framePhase", "error: framePhase/report.json: $.frames[2].phase: unknown phase 'zzz'; \(phases)\n"),
            ("panelSum", "error: panelSum/report.json: $.panels.delayed: the depictions' dwells add up to 2001 ms; expected exactly the window's 2000 ms ($.windowMs)\n"),
        ]
        for (folder, message) in cases {
            let result = try CommandRunner.run(["compare", folder, fast, "--fail-on", "loading+1"], in: workspace)
            #expect(result.status == 2, "\(folder): \(result.stderr)")
            #expect(result.stderr == message, "\(folder)")
            #expect(result.stdout == "", "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("compare").path))
    }
}

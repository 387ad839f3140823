import FilmstripTestSupport
import FilmstripCore
import FilmstripRaster
import FilmstripSeedBenches
import Foundation
import Testing

/// The live inbox against the scripted server on 127.0.0.1, on the real clock: the mapping of
/// every kind of answer, byte-count progress, a failed refresh over rows, and leaving the screen
/// under both start styles. Serialized: real-clock runs share two cores badly. Times are
/// asserted as order and tolerances, counters exactly.
@Suite(.serialized, ExternalTool.python3.required) struct LiveInboxTests {
    static let rows: [[String: String]] = [
        ["title": "2.4.0 (118)", "detail": "Ready for Review"],
        ["title": "2.3.2 (117)", "detail": "In Review"],
    ]

    static let font: BitmapFont = {
        let data = try! Data(contentsOf: CommandRunner.root.appendingPathComponent("Sources/FilmstripOutputs/Resources/Fonts/6x13.bdf"))
        return try! BitmapFont(bdf: String(decoding: data, as: UTF8.self))
    }()

    /// Runs the live inbox on `url` on the real clock.
    static func run(
        _ url: URL, events: [LiveInboxEvent] = [], panels: [String] = ["loadedOnly", "allFour"],
        windowMs: Int, intervalMs: Int = 100, timeoutMs: Int = 2000, service: String = "HTTP"
    ) throws -> RecordedRun {
        let settings = LiveInboxSettings(source: InboxSource(url: url, timeoutMs: timeoutMs, service: service), events: events)
        let plan = try CapturePlan(name: "live", bench: .liveInbox, settings: settings, panels: panels, windowMs: windowMs, frameIntervalMs: intervalMs, scale: 1)
        return try plan.run(clock: .real)
    }

    /// What `panel` exposes in `frame`, as `role: label`.
    static func elements(_ run: RecordedRun, _ frame: FrameRecord, panel: String) -> [String] {
        run.render(frame, font: font, scale: 1)?.panels.first { $0.panel == panel }?.elements.map(\.description) ?? []
    }

    /// The last frame taken.
    static func last(_ run: RecordedRun) -> FrameRecord { run.frames.last { !$0.dropped }! }

    @Test func everyKindOfAnswerBecomesTheSeedsPhases() throws {
        let server = try LiveServer([
            "/rows": ["json": Self.rows, "delayMs": 50],
            "/empty": ["json": [Any](), "delayMs": 50],
            "/missing": ["status": 404, "body": "", "delayMs": 50],
            "/conflict": ["status": 409, "json": ["message": "version already exists"], "delayMs": 50],
            "/broken": ["status": 500, "json": ["message": "database offline"], "delayMs": 50],
            "/unreadable": ["body": "<html>maintenance</html>", "delayMs": 50],
            "/slow": ["json": Self.rows, "delayMs": 2000],
            "/cut": ["json": Self.rows, "closeAfterBytes": 10, "delayMs": 50],
        ])
        defer { server.stop() }
        // Generous windows and timeouts: the suite shares two cores with other suites and other
        // engineers' builds; only /slow is meant to time out (its answer is 2 s away).
        // Progress: the bodies come in one piece (docs/LIVE-NETWORK.md, `progress`); /missing has
        // none (Content-Length 0: no bar); /slow never answers; /cut's 10 of 105 bytes are 9%.
        let cases: [(path: String, phase: String, words: [String], timeoutMs: Int, progress: [String])] = [
            ("/rows", "loaded", Self.loadedWords, 3000, Self.onePiece),
            ("/empty", "empty", ["image: Empty tray", "text: 0 pending", "text: EMPTY STATE"], 3000, Self.onePiece),
            ("/missing", "failed", Self.failedWords("ASC 404 · not found"), 3000, [Self.spinner]),
            ("/conflict", "failed", Self.failedWords("ASC 409 · version already exists"), 3000, Self.onePiece),
            ("/broken", "failed", Self.failedWords("ASC 500 · database offline"), 3000, Self.onePiece),
            ("/unreadable", "failed", Self.failedWords("the server sent something unreadable"), 3000, Self.onePiece),
            ("/slow", "failed", Self.failedWords("the server did not answer within 300 ms"), 300, [Self.spinner]),
            ("/cut", "failed", Self.failedWords("the connection closed before the reply was complete"), 3000, [Self.spinner, Self.bar(0), Self.bar(9)]),
        ]
        for (path, phase, words, timeoutMs, progress) in cases {
            let run = try Self.run(server.url(path), windowMs: 1500, timeoutMs: timeoutMs, service: "ASC")
            let frame = Self.last(run)
            #expect(frame.phase == phase, "\(path)")
            #expect(run.timeline.first { $0.kind == .phase }?.text == "loading", "\(path)")
            #expect(Self.elements(run, frame, panel: "allFour") == words, "\(path): \(Self.elements(run, frame, panel: "allFour"))")
            // The control knows only .loaded: silent otherwise.
            #expect(Self.elements(run, frame, panel: "loadedOnly").isEmpty == (phase != "loaded"), "\(path)")
            #expect(run.counters["task.requestsStarted"] == 1 && run.counters["task.requestsCompleted"] == 1, "\(path): \(run.counters)")
            Self.expectProgress(run, path, progress)
        }
        // The timed-out request was cancelled: the server saw its connection close.
        #expect(server.wait { server.count("clientClosed", path: "/slow") == 1 })
    }

    @Test func aRefusedConnectionIsAFailureInPlainWords() throws {
        let server = try LiveServer([:])
        let url = server.url("/inbox")
        server.stop()  // nothing listens on that port now
        let run = try Self.run(url, windowMs: 1500)
        let frame = Self.last(run)
        #expect(frame.phase == "failed")
        #expect(Self.elements(run, frame, panel: "allFour") == Self.failedWords("could not connect to the server (connection refused)"), "\(run.timeline.map(\.text))")
        Self.expectProgress(run, "refused", [Self.spinner])
    }

    @Test func aSlowBodyWithContentLengthShowsItsProgress() throws {
        // A body of a length divisible by 4, sent in quarters 800 ms apart: each percentage is on
        // screen for four frames, so a loaded machine that drops a frame still shows it.
        var body = String(decoding: try JSONSerialization.data(withJSONObject: Self.rows), as: UTF8.self)
        while body.utf8.count % 4 != 0 { body += " " }
        let quarter = body.utf8.count / 4
        let server = try LiveServer([
            "/progress": [
                "body": body, "headers": ["Content-Type": "application/json"], "delayMs": 50,
                "chunks": [["delayMs": 800, "bytes": quarter], ["delayMs": 800, "bytes": quarter], ["delayMs": 800, "bytes": quarter], ["delayMs": 800, "bytes": quarter]],
            ],
            "/chunked": ["json": Self.rows, "contentLength": false, "delayMs": 50, "chunks": [["delayMs": 200, "bytes": 10]]],
        ])
        defer { server.stop() }
        let run = try Self.run(server.url("/progress"), panels: ["allFour"], windowMs: 4000, intervalMs: 200, timeoutMs: 8000)
        let percents = Self.progress(run).filter { $0.hasPrefix("Loading, ") }.map { String($0.dropFirst("Loading, ".count)) }
        // Each quarter is on screen for four frames; a machine loaded enough to drop all four
        // (a frame later than half an interval is dropped) may miss one, never the order.
        let quarters = percents.filter { ["25%", "50%", "75%"].contains($0) }
        #expect(quarters.count >= 2 && quarters == ["25%", "50%", "75%"].filter(quarters.contains), "\(percents)")
        #expect(percents.allSatisfy { ["0%", "25%", "50%", "75%", "100%"].contains($0) }, "\(percents)")
        #expect(Self.last(run).phase == "loaded")
        // Per load, the time to the first byte (after the 50 ms delay) and to the last (four
        // 800 ms pieces later): never sooner than the server sends them, in order, and the last
        // within a second of its schedule (the suite shares two cores with other suites).
        let load = try #require(run.loadTimings.first)
        #expect(run.loadTimings.count == 1 && load.label == "task request 1 (generation 1)")
        let first = try #require(load.firstByteMs) - load.startMs
        let last = load.lastByteMs - load.startMs
        #expect(first >= 50 && first < last && (3250...4250).contains(last), "first byte after \(first) ms, last after \(last) ms")
        let depictions = run.depictionSegments["allFour"]!.map(\.name)
        #expect(depictions.contains("progressBar") && depictions.last == "rows", "\(depictions)")

        // Without Content-Length the loader stays indeterminate.
        let chunked = try Self.run(server.url("/chunked"), panels: ["allFour"], windowMs: 600, intervalMs: 50)
        #expect(!chunked.depictionSegments["allFour"]!.map(\.name).contains("progressBar"))
        Self.expectProgress(chunked, "/chunked", [Self.spinner])
        #expect(Self.last(chunked).phase == "loaded")
    }

    @Test func aFailedRefreshKeepsTheRowsUnderTheError() throws {
        let server = try LiveServer([
            "/refresh": [
                ["json": Self.rows, "delayMs": 50],
                ["status": 500, "json": ["message": "database offline"], "delayMs": 600],
            ],
        ])
        defer { server.stop() }
        let run = try Self.run(server.url("/refresh"), events: [LiveInboxEvent(atMs: 1000, kind: .refresh)], windowMs: 2400)
        let phases = run.phaseSegments.map(\.name)
        #expect(phases == ["loading", "loaded", "stale"], "\(phases)")
        let frames = run.frames.filter { !$0.dropped }
        // While the refresh runs: rows marked refreshing; after: rows under the error.
        let during = try #require(frames.first { $0.tMs >= 1100 && $0.tMs < 1500 })
        #expect(during.panels.first { $0.panel == "allFour" }?.depiction.id == "rowsRefreshing")
        let end = Self.last(run)
        #expect(end.phase == "stale")
        #expect(end.panels.map(\.depiction.id) == ["dash", "rowsError"])
        let shown = Self.elements(run, end, panel: "allFour")
        #expect(shown.contains("row: 2.4.0 (118)") && shown.contains("text: HTTP 500 · database offline"), "\(shown)")
    }

    @Test func leavingCancelsTaskWorkButNotOnAppearWork() throws {
        let server = try LiveServer(["/inbox": ["json": Self.rows, "delayMs": 700]])
        defer { server.stop() }
        let panels = ["allFour", "onAppear"]
        // Leave at 200 ms and stay away: the .task request is cancelled, the onAppear one lands
        // while the screen is gone and is applied.
        let away = try Self.run(server.url("/inbox"), events: [LiveInboxEvent(atMs: 200, kind: .leave)], panels: panels, windowMs: 1200)
        #expect(away.counters == [
            "lateReplies": 0,
            "task.requestsStarted": 1, "task.requestsCancelled": 1, "task.requestsCompleted": 0,
            "task.lateResultsApplied": 0, "task.lateResultsDropped": 0,
            "onAppear.requestsStarted": 1, "onAppear.requestsCancelled": 0, "onAppear.requestsCompleted": 1,
            "onAppear.lateResultsApplied": 1, "onAppear.lateResultsDropped": 0,
        ])
        #expect(server.wait { server.count("clientClosed", path: "/inbox") == 1 && server.count("answered", path: "/inbox") == 1 }, "\(server.log())")

        // Leave at 200 ms, reopen at 400 ms: each lane starts generation 2; the onAppear lane's
        // first reply lands late and is dropped; the screen shows generation 2's rows.
        let back = try Self.run(
            server.url("/inbox"), events: [LiveInboxEvent(atMs: 200, kind: .leave), LiveInboxEvent(atMs: 400, kind: .reopen)],
            panels: panels, windowMs: 1500)
        #expect(back.counters == [
            "lateReplies": 1,
            "task.requestsStarted": 2, "task.requestsCancelled": 1, "task.requestsCompleted": 1,
            "task.lateResultsApplied": 0, "task.lateResultsDropped": 0,
            "onAppear.requestsStarted": 2, "onAppear.requestsCancelled": 0, "onAppear.requestsCompleted": 2,
            "onAppear.lateResultsApplied": 0, "onAppear.lateResultsDropped": 1,
        ])
        #expect(server.wait { server.count("clientClosed", path: "/inbox") == 2 && server.count("answered", path: "/inbox") == 4 }, "\(server.log())")
        #expect(back.timeline.contains { $0.text == "onAppear request 2: late reply dropped (generation 1, the screen's is 2)" })
        #expect(Self.last(back).phase == "loaded")
        #expect(Self.last(back).panels.map(\.depiction.id) == ["rows", "rows"])
    }

    @Test func theLiveBenchIsRefusedOnTheVirtualClock() throws {
        let settings = LiveInboxSettings(source: InboxSource(url: URL(string: "http://127.0.0.1:9/inbox")!))
        let plan = try CapturePlan(name: "live", bench: .liveInbox, settings: settings, panels: ["allFour"], windowMs: 1000, frameIntervalMs: 100)
        #expect(throws: RunError(message: "the liveinbox bench runs on the real clock only, not on the virtual clock: run it with --clock real, or without --clock")) {
            try plan.run(clock: .virtual)
        }
        // On the command line: exit 2, naming the plan; without --clock the bench's clock is used.
        let workspace = try CommandRunner.workspace(plans: [])
        let file = workspace.appendingPathComponent("captures/live.json")
        try Data(#"{"bench": "liveinbox", "panels": ["allFour"], "source": {"url": "http://127.0.0.1:9/inbox", "timeoutMs": 200}, "windowMs": 200, "frameIntervalMs": 100}"#.utf8).write(to: file)
        let refused = try CommandRunner.run(["check", "captures/live.json", "--clock", "virtual"], in: workspace)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("captures/live.json: the liveinbox bench runs on the real clock only, not on the virtual clock"), "\(refused.stderr)")
    }

    @Test func planVariablesComeFromTheEnvironmentAndAnUnsetOneIsNamed() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let file = workspace.appendingPathComponent("captures/live.json")
        try Data(#"{"bench": "liveinbox", "panels": ["allFour"], "source": {"url": "http://127.0.0.1:${FILMSTRIP_NO_SUCH_PORT}/inbox"}, "windowMs": 200, "frameIntervalMs": 100}"#.utf8).write(to: file)
        let unset = try CommandRunner.run(["check", "captures/live.json"], in: workspace)
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("captures/live.json: line 1: ${FILMSTRIP_NO_SUCH_PORT} is not set"), "\(unset.stderr)")
    }
}

import FilmstripTestSupport
import FilmstripCore
import FilmstripSeedBenches
import Foundation
import Testing

/// docs/LIVE-NETWORK.md row by row, against the scripted server on 127.0.0.1 on the real clock:
/// each answer's phase, the words the candidate draws, its progress, the conditional requests
/// the server saw. In ``LiveInboxTests``, so serialized with its other real-clock runs (the 5 MB
/// body would otherwise load the machine under them); generous windows: the suite shares two
/// cores with other builds.
extension LiveInboxTests {
    /// A run of `url` on the real clock (``run(_:events:panels:windowMs:intervalMs:timeoutMs:service:)``, positionally).
    static func run(
        _ url: URL, _ events: [LiveInboxEvent], _ panels: [String], _ windowMs: Int, _ intervalMs: Int, _ timeoutMs: Int, _ service: String
    ) throws -> RecordedRun {
        try run(url, events: events, panels: panels, windowMs: windowMs, intervalMs: intervalMs, timeoutMs: timeoutMs, service: service)
    }

    /// What `panel` exposes in `frame` (``elements(_:_:panel:)``, positionally).
    static func elements(_ run: RecordedRun, _ frame: FrameRecord, _ panel: String) -> [String] {
        elements(run, frame, panel: panel)
    }

    /// The last frame's phase and what `allFour` exposes in it.
    static func end(_ run: RecordedRun) -> (phase: String?, words: [String]) {
        let frame = last(run)
        return (frame.phase, elements(run, frame, "allFour"))
    }

    @Test func noContentAndResetContentAreEmptyNotFailed() throws {
        let server = try LiveServer([
            "/204": ["status": 204, "delayMs": 50],
            "/204-length": ["status": 204, "contentLength": 0, "delayMs": 50],
            "/205": ["status": 205, "contentLength": 0, "delayMs": 50],
        ])
        defer { server.stop() }
        for path in ["/204", "/204-length", "/205"] {
            let run = try Self.run(server.url(path), [], ["allFour"], 1200, 100, 3000, "ASC")
            let result = Self.end(run)
            #expect(result.phase == "empty", "\(path)")
            // No body, so no bar: the spinner until the answer.
            Self.expectProgress(run, path, [Self.spinner])
            #expect(result.words == ["image: Empty tray", "text: 0 pending", "text: EMPTY STATE"], "\(path): \(result.words)")
        }
    }

    @Test func aNotModifiedRefreshKeepsTheRowsAndSendsTheValidators() throws {
        let modified = "Tue, 01 Dec 2026 10:00:00 GMT"
        let server = try LiveServer([
            "/etag": ["json": Self.rows, "headers": ["ETag": "\"v1\"", "Last-Modified": modified], "notModifiedIf": ["If-None-Match": "\"v1\""], "delayMs": 50],
            "/modified": ["json": Self.rows, "headers": ["Last-Modified": modified], "notModifiedIf": ["If-Modified-Since": modified], "delayMs": 50],
        ])
        defer { server.stop() }
        for path in ["/etag", "/modified"] {
            let run = try Self.run(server.url(path), [LiveInboxEvent(atMs: 700, kind: .refresh)], ["allFour"], 1600, 100, 3000, "ASC")
            #expect(run.phaseSegments.map(\.name) == ["loading", "loaded", "stale", "loaded"], "\(path)")
            let result = Self.end(run)
            #expect(result.phase == "loaded" && result.words == Self.loadedWords, "\(path): \(result.words)")
            // The first body in one piece; the 304 has no body, so the refresh has no bar. It
            // runs about 50 ms from 700 ms: a frame shows it only if taken then.
            Self.expectProgress(run, path, Self.onePiece + [Self.refreshing])
            #expect(run.timeline.contains { $0.text == "task request 2: not modified, the screen stays" }, "\(path)")
            let requests = server.log().filter { $0["event"] as? String == "request" && $0["path"] as? String == path }
            #expect(requests.count == 2, "\(path)")
            let second = requests.last?["headers"] as? [String: String] ?? [:]
            #expect(second["If-Modified-Since"] == modified, "\(path): \(second)")
            #expect(second["If-None-Match"] == (path == "/etag" ? "\"v1\"" : nil), "\(path): \(second)")
            #expect(server.count("notModified", path: path) == 1, "\(path)")
        }
    }

    @Test func compressedBodiesLoadWithIndeterminateProgressAndAnUnknownCodingIsNamed() throws {
        var many: [[String: String]] = []
        for index in 0..<400 { many.append(["title": "2.\(index).0 (\(index))", "detail": "Ready for Review"]) }
        let server = try LiveServer([
            "/gzip": ["json": many, "encoding": "gzip", "delayMs": 50, "chunks": [["delayMs": 300, "bytes": 400], ["delayMs": 300, "bytes": 400]]],
            "/deflate": ["json": Self.rows, "encoding": "deflate", "delayMs": 50],
            "/identity": ["json": Self.rows, "encoding": "identity", "delayMs": 50, "chunks": [["delayMs": 300, "bytes": 20]]],
            "/snappy": ["json": Self.rows, "encoding": "x-snappy", "delayMs": 50],
        ])
        defer { server.stop() }
        let gzip = try Self.run(server.url("/gzip"), [], ["allFour"], 1800, 100, 4000, "ASC")
        #expect(Self.end(gzip).phase == "loaded" && Self.end(gzip).words.first == "row: 2.0.0 (0)", "\(Self.end(gzip).words)")
        // The bar never shows: the compressed Content-Length says nothing of the decoded length.
        #expect(!gzip.depictionSegments["allFour"]!.map(\.name).contains("progressBar"), "\(gzip.depictionSegments["allFour"]!.map(\.name))")
        for frame in gzip.frames where !frame.dropped {
            #expect(!Self.elements(gzip, frame, "allFour").contains { $0.contains("%") || $0.contains(" of ") })
        }
        #expect(gzip.timeline.contains { $0.text.hasPrefix("task request 1: first byte, status 200, Content-Length ") && $0.text.hasSuffix(", Content-Encoding gzip") })
        Self.expectProgress(gzip, "/gzip", [Self.spinner])
        let deflateRun = try Self.run(server.url("/deflate"), [], ["allFour"], 1200, 100, 3000, "ASC")
        let deflate = Self.end(deflateRun)
        #expect(deflate.phase == "loaded" && deflate.words == Self.loadedWords, "\(deflate.words)")
        Self.expectProgress(deflateRun, "/deflate", [Self.spinner])
        let identity = try Self.run(server.url("/identity"), [], ["allFour"], 1200, 100, 3000, "ASC")
        #expect(identity.depictionSegments["allFour"]!.map(\.name) == ["spinner", "progressBar", "rows"] || identity.depictionSegments["allFour"]!.map(\.name) == ["progressBar", "rows"])
        // 0 of 105 bytes for 300 ms, then 20 (19%) and the other 85 at once.
        Self.expectProgress(identity, "/identity", [Self.spinner, Self.bar(0), Self.bar(19), Self.bar(100)], certain: [Self.spinner, Self.bar(0)])
        let snappyRun = try Self.run(server.url("/snappy"), [], ["allFour"], 1200, 100, 3000, "ASC")
        let snappy = Self.end(snappyRun)
        // An unknown coding: the decoded length is unknowable, so no bar.
        Self.expectProgress(snappyRun, "/snappy", [Self.spinner])
        #expect(snappy.phase == "failed")
        #expect(snappy.words == Self.failedWords("the server packed its answer in a way this app cannot read (x-snappy)"), "\(snappy.words)")
    }

    @Test func challengesAreAnsweredAtOnceInPlainWords() throws {
        let server = try LiveServer([
            "/basic": ["status": 401, "headers": ["WWW-Authenticate": "Basic realm=\"inbox\""], "json": ["message": ""], "delayMs": 50],
            "/bearer": ["status": 401, "headers": ["WWW-Authenticate": "Bearer realm=\"inbox\""], "body": "", "delayMs": 50],
            "/digest": ["status": 401, "headers": ["WWW-Authenticate": "Digest realm=\"inbox\", qop=\"auth\", nonce=\"abc\""], "body": "", "delayMs": 50],
            "/proxy": ["status": 407, "headers": ["Proxy-Authenticate": "Basic realm=\"proxy\""], "body": "", "delayMs": 50],
            "/unchallenged": ["status": 401, "body": "", "delayMs": 50],
        ])
        defer { server.stop() }
        let cases = [
            ("/basic", "text: ASC 401 · not signed in: a user name and password are needed"),
            ("/bearer", "text: ASC 401 · not signed in: a token is needed"),
            ("/digest", "text: ASC 401 · not signed in"),
            ("/unchallenged", "text: ASC 401 · not signed in"),
            ("/proxy", "text: ASC 407 · the proxy asks to sign in: a user name and password are needed"),
        ]
        for (path, words) in cases {
            // A 5 s timeout and a 1.5 s window: a hang until the timeout would end still loading.
            let run = try Self.run(server.url(path), [], ["allFour"], 1500, 100, 5000, "ASC")
            let result = Self.end(run)
            #expect(result.phase == "failed" && result.words == ["text: FAILED", words, "button: RETRY"], "\(path): \(result.words)")
            let load = try #require(run.loadTimings.first)
            #expect(load.lastByteMs - load.startMs < 1500, "\(path): \(load)")
            // Only /basic has a body (sent in one piece).
            Self.expectProgress(run, path, path == "/basic" ? Self.onePiece : [Self.spinner])
        }
    }

    @Test func tooManyRequestsAndUnavailableSayHowLongToWait() throws {
        let server = try LiveServer([
            "/429": ["status": 429, "headers": ["Retry-After": "30"], "json": ["message": "slow down"], "delayMs": 50],
            "/503": ["status": 503, "headers": ["Retry-After": "120"], "body": "", "delayMs": 50],
            "/503-date": ["status": 503, "headers": ["Retry-After": "Tue, 01 Dec 2026 10:05:00 GMT", "X-Date": "x"], "body": "", "delayMs": 50],
        ])
        defer { server.stop() }
        let cases = [
            ("/429", "text: ASC 429 · slow down · try again in 30 s"),
            ("/503", "text: ASC 503 · service unavailable · try again in 2 min"),
            ("/503-date", "text: ASC 503 · service unavailable · try again after 10:05 UTC"),
        ]
        for (path, words) in cases {
            let run = try Self.run(server.url(path), [], ["allFour"], 1200, 100, 3000, "ASC")
            let result = Self.end(run)
            #expect(result.phase == "failed" && result.words == ["text: FAILED", words, "button: RETRY"], "\(path): \(result.words)")
            Self.expectProgress(run, path, path == "/429" ? Self.onePiece : [Self.spinner])
        }
    }

    @Test func earlyHintsAreNotTheFirstByte() throws {
        let server = try LiveServer([
            "/hints": ["json": Self.rows, "informational": [["status": 103, "headers": ["Link": "</app.css>; rel=preload"], "delayMs": 50]], "delayMs": 500],
        ])
        defer { server.stop() }
        let run = try Self.run(server.url("/hints"), [], ["allFour"], 1500, 100, 3000, "ASC")
        #expect(Self.end(run).phase == "loaded")
        let load = try #require(run.loadTimings.first)
        let first = try #require(load.firstByteMs) - load.startMs
        // The 103 left after 50 ms, the 200 after 550 ms.
        #expect(first >= 550, "first byte after \(first) ms")
        #expect(!run.timeline.contains { $0.text.contains("status 103") })
        // The 103 is no answer: the spinner until the 200, not a bar from 50 ms.
        Self.expectProgress(run, "/hints", Self.onePiece)
        #expect(run.frames.filter { !$0.dropped && $0.scheduledMs <= 400 }.allSatisfy { Self.elements(run, $0, "allFour").contains("progressIndicator: Loading") })
    }

    @Test func otherAnswersHaveTheirOwnWords() throws {
        let server = try LiveServer([
            "/created": ["status": 201, "json": Self.rows, "delayMs": 50],
            "/partial": ["status": 206, "json": Self.rows, "delayMs": 50],
            "/nowhere": ["status": 301, "body": "", "delayMs": 50],
            "/blank": ["body": "", "headers": ["Content-Type": "application/json"], "delayMs": 50],
            "/huge": ["json": Self.rows, "contentLength": 70_000_000, "delayMs": 50],
            "/markup": ["status": 503, "body": "Service <b>down</b> for maintenance", "headers": ["Content-Type": "text/html"], "delayMs": 50],
        ])
        defer { server.stop() }
        // /huge: 0 of 70,000,000 bytes until the transfer is cancelled, no byte read.
        let cases: [(String, String, [String], [String])] = [
            ("/created", "loaded", Self.loadedWords, Self.onePiece),
            ("/partial", "failed", Self.failedWords("ASC 206 · the server sent only part of the answer"), Self.onePiece),
            ("/nowhere", "failed", Self.failedWords("ASC 301 · redirected without saying where to"), [Self.spinner]),
            ("/blank", "failed", Self.failedWords("the server's answer was empty"), [Self.spinner]),
            ("/markup", "failed", Self.failedWords("ASC 503 · Service down for maintenance"), Self.onePiece),
            ("/huge", "failed", Self.failedWords("the answer is too large (over 64 MB)"), [Self.spinner, Self.bar(0)]),
        ]
        for (path, phase, words, progress) in cases {
            let run = try Self.run(server.url(path), [], ["allFour"], 1200, 100, 3000, "ASC")
            let result = Self.end(run)
            #expect(result.phase == phase && result.words == words, "\(path): \(result.words)")
            Self.expectProgress(run, path, progress)
        }
    }

    @Test func anAnswerThatStopsMidwayIsIncompleteNotSilent() throws {
        let server = try LiveServer([
            "/stall": ["json": Self.rows, "delayMs": 50, "chunks": [["delayMs": 5000, "bytes": 5]]],
            "/silent": ["json": Self.rows, "delayMs": 5000],
        ])
        defer { server.stop() }
        let stallRun = try Self.run(server.url("/stall"), [], ["allFour"], 1500, 100, 800, "ASC")
        let stall = Self.end(stallRun)
        #expect(stall.phase == "failed" && stall.words == Self.failedWords("the answer began but did not finish within 800 ms"), "\(stall.words)")
        // The headers at 50 ms, no body byte before the timeout: 0% from then to 800 ms.
        Self.expectProgress(stallRun, "/stall", [Self.spinner, Self.bar(0)], certain: [Self.spinner, Self.bar(0)])
        let silentRun = try Self.run(server.url("/silent"), [], ["allFour"], 1500, 100, 800, "ASC")
        let silent = Self.end(silentRun)
        #expect(silent.phase == "failed" && silent.words == Self.failedWords("the server did not answer within 800 ms"), "\(silent.words)")
        Self.expectProgress(silentRun, "/silent", [Self.spinner])
    }

    @Test func aRedirectLoopIsNamedAndTheNoteNamesTheURLThatFailed() throws {
        let dead = try LiveServer([:])
        let deadURL = dead.url("/gone")
        dead.stop()
        let server = try LiveServer([
            "/loop": ["status": 302, "headers": ["Location": "/loop"], "body": ""],
            "/hop": ["status": 302, "headers": ["Location": deadURL.absoluteString], "body": "", "delayMs": 50],
        ])
        defer { server.stop() }
        let loop = try Self.run(server.url("/loop"), [], ["allFour"], 2500, 100, 4000, "ASC")
        #expect(Self.end(loop).phase == "failed" && Self.end(loop).words == Self.failedWords("the server redirected too many times (a redirect loop)"), "\(Self.end(loop).words)")
        let hop = try Self.run(server.url("/hop"), [], ["allFour"], 1500, 100, 3000, "ASC")
        #expect(Self.end(hop).words == Self.failedWords("could not connect to the server (connection refused)"), "\(Self.end(hop).words)")
        #expect(hop.notes == ["GET \(deadURL.absoluteString): could not connect to the server (connection refused)"], "\(hop.notes)")
        // A followed redirect is no answer of its own: the spinner throughout.
        Self.expectProgress(loop, "/loop", [Self.spinner])
        Self.expectProgress(hop, "/hop", [Self.spinner])
    }

    @Test func aFiveMegabyteBodyDoesNotStallTheRecorder() throws {
        var rows: [[String: String]] = []
        rows.reserveCapacity(46_496)
        for index in 0..<46_496 { rows.append(["title": "2.\(index % 100).\(index) (\(index))", "detail": "Ready for Review · build \(index) · waiting in the queue for App Review"]) }
        let size = try JSONSerialization.data(withJSONObject: rows).count
        #expect(size > 5_000_000, "\(size) bytes")
        let server = try LiveServer(["/large": ["json": rows, "delayMs": 300]])
        defer { server.stop() }
        // Reading 46,496 rows takes a debug build about 0.2 s on the session's queue; a 6 s window
        // leaves room for a loaded machine.
        let run = try Self.run(server.url("/large"), [], ["loadedOnly", "allFour"], 6000, 100, 10000, "ASC")
        let dropped = run.frames.filter(\.dropped).count
        let loaded = run.frames.filter { $0.phase == "loaded" }.count
        let load = try #require(run.loadTimings.first)
        print("5 MB body (\(size) bytes, \(rows.count) rows): \(run.frames.count) frames at 100 ms, \(dropped) dropped, \(loaded) loaded; last byte after \(load.lastByteMs - load.startMs) ms")
        // On a quiet machine none is dropped; under other builds' load a few may be.
        #expect(dropped <= 4, "\(dropped) of \(run.frames.count) frames dropped")
        #expect(Self.last(run).phase == "loaded" && loaded >= 5, "\(loaded) loaded frames")
    }

    @Test func aBodyOfOneByteEvery50MsDropsNoFrameAndItsBarOnlyRises() throws {
        let body = #"[{"title":"2.4.0 (118)"}]"#
        let server = try LiveServer([
            "/trickle": ["body": body, "headers": ["Content-Type": "application/json"], "delayMs": 50, "chunks": Array(repeating: ["delayMs": 50, "bytes": 1], count: body.utf8.count)],
        ])
        defer { server.stop() }
        let run = try Self.run(server.url("/trickle"), [], ["allFour"], 2500, 100, 5000, "ASC")
        var percents: [Int] = []
        for frame in run.frames where !frame.dropped {
            for label in Self.elements(run, frame, "allFour") where label.hasPrefix("progressIndicator: Loading, ") {
                percents.append(Int(label.dropFirst("progressIndicator: Loading, ".count).dropLast())!)
            }
        }
        let dropped = run.frames.filter(\.dropped).count
        print("1 byte every 50 ms (\(body.utf8.count) bytes): \(run.frames.count) frames at 100 ms, \(dropped) dropped, percentages \(percents)")
        #expect(dropped <= 4, "\(dropped) dropped")
        // Rising, never above 100, and 100 at most once, last: only when every byte is in.
        #expect(percents.count >= 5 && percents == percents.sorted() && percents.allSatisfy { $0 <= 100 }, "\(percents)")
        #expect(percents.filter { $0 == 100 }.count <= 1 && (percents.last == 100 || !percents.contains(100)), "\(percents)")
        #expect(Self.last(run).phase == "loaded")
    }

    @Test func bracketedIPv6HostsAreRefusedWhenThePlanIsRead() throws {
        for host in ["[::1]", "[::ffff:127.0.0.1]"] {
            let settings = LiveInboxSettings(source: InboxSource(url: URL(string: "http://\(host):8080/inbox")!))
            do {
                _ = try CapturePlan(name: "live", bench: .liveInbox, settings: settings, panels: ["allFour"], windowMs: 1000, frameIntervalMs: 100)
                Issue.record("\(host) was accepted")
            } catch {
                #expect(error.path == "$.source.url")
                #expect(error.message == "an IPv6 address in brackets (\(host):8080) cannot be fetched: URLSession on this toolchain fails such a request before it leaves the machine (swift-corelibs-foundation #5496); use 127.0.0.1 or a host name that resolves to the address")
            }
        }
        let workspace = try CommandRunner.workspace(plans: [])
        try Data(#"{"bench": "liveinbox", "source": {"url": "http://[::1]:8080/inbox"}, "windowMs": 200, "frameIntervalMs": 100}"#.utf8)
            .write(to: workspace.appendingPathComponent("captures/live.json"))
        let refused = try CommandRunner.run(["check", "captures/live.json"], in: workspace)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("captures/live.json: $.source.url: an IPv6 address in brackets ([::1]:8080) cannot be fetched"), "\(refused.stderr)")
    }

    @Test func aPlanWithoutPanelsLeavesOutTheOnAppearLane() throws {
        let server = try LiveServer(["/inbox": ["json": Self.rows, "delayMs": 50]])
        defer { server.stop() }
        let settings = LiveInboxSettings(source: InboxSource(url: server.url("/inbox"), timeoutMs: 3000))
        let plan = try CapturePlan(name: "live", bench: .liveInbox, settings: settings, windowMs: 800, frameIntervalMs: 100, scale: 1)
        #expect(plan.panels == ["loadedOnly", "allFour"])
        #expect(BenchDefinition.liveInbox.defaultPanelIDs == ["loadedOnly", "allFour"])
        let run = try plan.run(clock: .real)
        #expect(run.counters["task.requestsStarted"] == 1 && run.counters["onAppear.requestsStarted"] == nil, "\(run.counters)")
        #expect(server.count("request", path: "/inbox") == 1)
    }

    @Test func aLiveCheckComparesTheWordsOnScreen() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = #"{"bench": "liveinbox", "panels": ["allFour"], "source": {"url": "http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/inbox", "timeoutMs": 3000, "service": "ASC"}, "windowMs": 1000, "frameIntervalMs": 200, "scale": 1}"#
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/live.json"))
        // Both answers land at 500 ms, mid-way between frames: the same phases in every frame.
        let recorded = try LiveServer(["/inbox": ["status": 429, "headers": ["Retry-After": "30"], "json": ["message": "too many requests"], "delayMs": 500]])
        let record = try CommandRunner.run(["record", "captures/live.json"], in: workspace, environment: ["FILMSTRIP_LIVE_PORT": String(recorded.port)])
        recorded.stop()
        #expect(record.status == 1 || record.status == 0, "\(record.stdout)\(record.stderr)")
        let same = try LiveServer(["/inbox": ["status": 429, "headers": ["Retry-After": "30"], "json": ["message": "too many requests"], "delayMs": 500]])
        let matching = try CommandRunner.run(["check", "captures/live.json"], in: workspace, environment: ["FILMSTRIP_LIVE_PORT": String(same.port)])
        same.stop()
        #expect(!matching.stdout.contains("says"), "\(matching.stdout)")
        let other = try LiveServer(["/inbox": ["status": 500, "body": "<html><body><h1>500</h1></body></html>", "headers": ["Content-Type": "text/html"], "delayMs": 500]])
        defer { other.stop() }
        let check = try CommandRunner.run(["check", "captures/live.json"], in: workspace, environment: ["FILMSTRIP_LIVE_PORT": String(other.port)])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains(#"frame 3 (scheduled at 600 ms), panel allFour says "text: FAILED", "text: ASC 500 · server error", "button: RETRY", recorded "text: FAILED", "text: ASC 429 · too many requests · try again in 30 s", "button: RETRY""#), "\(check.stdout)")
        #expect(!check.stdout.contains("shows failed, recorded"), "the phases match: \(check.stdout)")
    }

    /// What `allFour` shows for ``rows`` (a `loaded` screen).
    static let loadedWords = ["row: 2.4.0 (118)", "text: Ready for Review", "row: 2.3.2 (117)", "text: In Review"]

    /// What `allFour` shows for a failure saying `words`.
    static func failedWords(_ words: String) -> [String] { ["text: FAILED", "text: \(words)", "button: RETRY"] }

    @Test func everySuccessStatusLoadsItsRowsAndAnObjectIsUnreadable() throws {
        var script: [String: Any] = ["/object": ["json": ["rows": Self.rows], "delayMs": 50]]
        for status in [200, 201, 202, 203, 226] { script["/\(status)"] = ["status": status, "json": Self.rows, "delayMs": 50] }
        let server = try LiveServer(script)
        defer { server.stop() }
        for status in [200, 201, 202, 203, 226] {
            let run = try Self.run(server.url("/\(status)"), [], ["allFour"], 1200, 100, 3000, "ASC")
            #expect(Self.end(run).phase == "loaded" && Self.end(run).words == Self.loadedWords, "\(status): \(Self.end(run).words)")
            #expect(run.timeline.contains { $0.text.hasPrefix("task request 1: first byte, status \(status),") }, "\(status): \(run.timeline.map(\.text))")
            Self.expectProgress(run, "/\(status)", Self.onePiece)
        }
        let objectRun = try Self.run(server.url("/object"), [], ["allFour"], 1200, 100, 3000, "ASC")
        Self.expectProgress(objectRun, "/object", Self.onePiece)
        let object = Self.end(objectRun)
        #expect(object.phase == "failed" && object.words == Self.failedWords("the server sent something unreadable"), "\(object.words)")
    }

    @Test func redirectsWithALocationAreFollowedButA300IsNot() throws {
        var script: [String: Any] = [
            "/rows": ["json": Self.rows],
            "/300": ["status": 300, "headers": ["Location": "/rows"], "body": "", "delayMs": 50],
        ]
        for status in [301, 302, 303, 307, 308] { script["/\(status)"] = ["status": status, "headers": ["Location": "/rows"], "body": "", "delayMs": 50] }
        let server = try LiveServer(script)
        defer { server.stop() }
        for (index, status) in [301, 302, 303, 307, 308].enumerated() {
            let run = try Self.run(server.url("/\(status)"), [], ["allFour"], 1200, 100, 3000, "ASC")
            let result = Self.end(run)
            #expect(result.phase == "loaded" && result.words == Self.loadedWords, "\(status): \(result.words)")
            // The redirect shows nothing of its own: the spinner, then /rows's one piece.
            Self.expectProgress(run, "/\(status)", Self.onePiece)
            #expect(server.count("request", path: "/rows") == index + 1, "\(status)")
        }
        let multipleRun = try Self.run(server.url("/300"), [], ["allFour"], 1200, 100, 3000, "ASC")
        Self.expectProgress(multipleRun, "/300", [Self.spinner])
        let multiple = Self.end(multipleRun)
        #expect(multiple.phase == "failed" && multiple.words == Self.failedWords("ASC 300 · redirected, not followed"), "\(multiple.words)")
        #expect(server.count("request", path: "/rows") == 5)
    }

    @Test func aNotModifiedKeepsAnEmptyScreenAndFailsWithNothingBefore() throws {
        let server = try LiveServer([
            "/first": ["status": 304, "headers": ["ETag": "\"v1\""], "delayMs": 50],
            "/empty": ["json": [Any](), "headers": ["ETag": "\"v1\""], "notModifiedIf": ["If-None-Match": "\"v1\""], "delayMs": 50],
        ])
        defer { server.stop() }
        let firstRun = try Self.run(server.url("/first"), [], ["allFour"], 1200, 100, 3000, "ASC")
        Self.expectProgress(firstRun, "/first", [Self.spinner])
        let first = Self.end(firstRun)
        #expect(first.phase == "failed" && first.words == Self.failedWords("ASC 304 · nothing changed, but nothing was loaded before"), "\(first.words)")
        let empty = try Self.run(server.url("/empty"), [LiveInboxEvent(atMs: 700, kind: .refresh)], ["allFour"], 1600, 100, 3000, "ASC")
        #expect(Self.end(empty).phase == "empty" && Self.end(empty).words == ["image: Empty tray", "text: 0 pending", "text: EMPTY STATE"], "\(Self.end(empty).words)")
        #expect(server.count("notModified", path: "/empty") == 1)
        Self.expectProgress(empty, "/empty", Self.onePiece + [Self.refreshing])
        #expect(empty.timeline.contains { $0.text == "task request 2: not modified, the screen stays" })
    }

    @Test func brotliAndZstdBodiesAreDecodedWithoutABar() throws {
        // Self.rows as JSON, compressed ahead of time (Python's brotli module, the zstd tool):
        // the standard library of the server's Python has neither coding.
        let server = try LiveServer([
            "/br": ["bodyBase64": "G2gAgJ0FdvtEJHqFlYWhviWDWoRlq6unrFWaYfNQnzpufQ3iErPXDU48xFSLAgnGmUYfOWSpP5iJZgc+4JpgO4oIC48mLdFtXccjma0fzAE=", "encoding": "br", "headers": ["Content-Type": "application/json"], "delayMs": 50],
            "/zstd": ["bodyBase64": "KLUv/QRoZQIAxANbeyJ0aXRsZSI6ICIyLjQuMCAoMTE4KSIsICJkZXRhaWxSZWFkeSBmb3IgUmV2aWV3In0sIDMuMjdJbl0FAFQVCJoBy9nqbjiYZI2LDK8=", "encoding": "zstd", "headers": ["Content-Type": "application/json"], "delayMs": 50],
        ])
        defer { server.stop() }
        for path in ["/br", "/zstd"] {
            let run = try Self.run(server.url(path), [], ["allFour"], 1200, 100, 3000, "ASC")
            #expect(Self.end(run).phase == "loaded" && Self.end(run).words == Self.loadedWords, "\(path): \(Self.end(run).words)")
            #expect(!run.depictionSegments["allFour"]!.map(\.name).contains("progressBar"), "\(path): \(run.depictionSegments["allFour"]!.map(\.name))")
            Self.expectProgress(run, path, [Self.spinner])
            let asked = server.log().first { $0["event"] as? String == "request" && $0["path"] as? String == path }?["headers"] as? [String: String]
            #expect(asked?["Accept-Encoding"] == "deflate, gzip, br, zstd", "\(path): \(String(describing: asked))")
        }
    }

    @Test func charsetsAreConvertedOrNamed() throws {
        let latin = #"[{"title": "Café (118)", "detail": "Ready for Review"}]"#
        let windows = #"[{"title": "€ 2.4.0 (118)", "detail": "Ready for Review"}]"#
        let plain = #"[{"title": "2.4.0 (118)", "detail": "Ready for Review"}]"#
        func bytes(_ text: String, _ encoding: String.Encoding) -> String { text.data(using: encoding)!.base64EncodedString() }
        let server = try LiveServer([
            "/utf-8": ["bodyBase64": bytes(latin, .utf8), "headers": ["Content-Type": "application/json; charset=utf-8"], "delayMs": 50],
            "/none": ["bodyBase64": bytes(latin, .utf8), "headers": ["Content-Type": "application/json"], "delayMs": 50],
            "/utf-16": ["bodyBase64": bytes(latin, .utf16LittleEndian), "headers": ["Content-Type": "application/json; charset=utf-16le"], "delayMs": 50],
            "/utf-32": ["bodyBase64": bytes(latin, .utf32BigEndian), "headers": ["Content-Type": "application/json"], "delayMs": 50],
            "/iso-8859-1": ["bodyBase64": bytes(latin, .isoLatin1), "headers": ["Content-Type": "application/json; charset=ISO-8859-1"], "delayMs": 50],
            "/windows-1252": ["bodyBase64": bytes(windows, .windowsCP1252), "headers": ["Content-Type": "application/json; charset=windows-1252"], "delayMs": 50],
            "/koi8-r": ["bodyBase64": bytes(plain, .utf8), "headers": ["Content-Type": "application/json; charset=koi8-r"], "delayMs": 50],
        ])
        defer { server.stop() }
        let cases: [(String, String, [String])] = [
            ("/utf-8", "loaded", ["row: Café (118)", "text: Ready for Review"]),
            ("/none", "loaded", ["row: Café (118)", "text: Ready for Review"]),
            ("/utf-16", "loaded", ["row: Café (118)", "text: Ready for Review"]),
            ("/utf-32", "loaded", ["row: Café (118)", "text: Ready for Review"]),
            ("/iso-8859-1", "loaded", ["row: Café (118)", "text: Ready for Review"]),
            ("/windows-1252", "loaded", ["row: € 2.4.0 (118)", "text: Ready for Review"]),
            ("/koi8-r", "failed", Self.failedWords("the server's answer is in a character set this app cannot read")),
        ]
        for (path, phase, words) in cases {
            let run = try Self.run(server.url(path), [], ["allFour"], 1200, 100, 3000, "ASC")
            let result = Self.end(run)
            #expect(result.phase == phase && result.words == words, "\(path): \(result.words)")
            // Progress counts the bytes as they came, before any conversion.
            Self.expectProgress(run, path, Self.onePiece)
        }
    }

    @Test func aHostThatDoesNotResolveIsNamed() throws {
        // `.invalid` never resolves (RFC 6761 §6.4): no server is needed, nor a network.
        let url = URL(string: "http://filmstrip.invalid/inbox")!
        let run = try Self.run(url, [], ["allFour"], 1500, 100, 3000, "ASC")
        #expect(Self.end(run).phase == "failed" && Self.end(run).words == Self.failedWords("could not find the server"), "\(Self.end(run).words)")
        #expect(run.notes.first?.hasPrefix("GET http://filmstrip.invalid/inbox: could not find the server") == true, "\(run.notes)")
        Self.expectProgress(run, "filmstrip.invalid", [Self.spinner])
    }
}

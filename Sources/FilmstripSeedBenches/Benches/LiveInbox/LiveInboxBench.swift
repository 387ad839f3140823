import FilmstripCore
import Foundation
import Synchronization

/// The inbox on a real network: each load is an HTTP GET of the plan's `source` with
/// `URLSession`, on the real clock (docs/LIVE-NETWORK.md).
///
/// The screen opens at 0 ms and each lane starts a load. Every load carries its lane's
/// generation; a reply of an older generation never becomes the screen (it is counted in
/// `lateReplies` and the lane's `lateResultsDropped`). Scripted events: `leave` (the `.task`
/// lane cancels its request — `URLSessionTask.cancel()`, the connection closes; the `onAppear`
/// lane's request runs on), `reopen` (each lane starts a new load) and `refresh` (rows on screen
/// stay, `stale`, while it runs; a failed refresh keeps them under the error).
///
/// Everything the bench does runs in one loop over its inputs — scripted events, transfer
/// reports, timeouts — on the recorder's executor, timed with the bench clock.
package final class LiveInboxBench: Bench {
    /// No phase carries a detail worth a caption.
    package func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
    /// The live inbox's state: both lanes' screens and work.
    package typealias Phase = LiveInboxPhase

    /// The two ways of starting the screen's work.
    package enum Lane: String, Sendable, CaseIterable {
        /// `.task { … }`: cancelled with the view.
        case task
        /// `.onAppear { Task { … } }`: not cancelled with the view.
        case onAppear
    }

    private enum Input: Sendable {
        case event(LiveInboxEvent)
        case transfer(request: Int, InboxTransfer.Report)
        case deadline(request: Int)
    }

    private struct Request {
        var id: Int
        var lane: Lane
        var generation: Int
        var startMs: Int
        var firstByteMs: Int?
        /// When the last body bytes arrived (the body is read into rows after, off this thread).
        var lastDataMs: Int?
        var transfer: InboxTransfer
    }

    /// What a lane's last full answer left for a conditional request: the validators to send
    /// (`If-None-Match` from its `ETag`, `If-Modified-Since` from its `Last-Modified`) and the
    /// screen a 304 keeps (RFC 9111 §4.3).
    private struct Validated {
        var conditions: [String: String]
        var screen: LiveInboxPhase.Screen
    }

    private let settings: LiveInboxSettings
    private let lanes: [Lane]
    private let state: Mutex<LiveInboxPhase>
    private let late = Mutex(0)
    private let timings = Mutex<[LoadTiming]>([])
    private let problems = Mutex<[String]>([])

    /// - Parameters:
    ///   - settings: the source and the events.
    ///   - onAppearLane: run the `onAppear` lane too (when the plan draws its panel).
    package init(settings: LiveInboxSettings, onAppearLane: Bool) {
        self.settings = settings
        self.lanes = onAppearLane ? [.task, .onAppear] : [.task]
        self.state = Mutex(Self.initial(onAppearLane: onAppearLane))
    }

    private static func initial(onAppearLane: Bool) -> LiveInboxPhase {
        let lane = LiveInboxPhase.Lane(screen: .loading(.init(startedAtMs: 0)))
        return LiveInboxPhase(task: lane, onAppear: onAppearLane ? lane : nil, away: false)
    }

    /// Every lane loading, from 0 ms, generation 0.
    package var initialPhase: LiveInboxPhase { Self.initial(onAppearLane: lanes.count > 1) }

    /// The state the loop last committed (the screens carry their own start times).
    package func phase(atMs timeMs: Int) -> LiveInboxPhase { state.withLock { $0 } }

    /// Per lane (`task.…`, `onAppear.…`): requestsStarted, requestsCancelled, requestsCompleted,
    /// lateResultsApplied, lateResultsDropped; and `lateReplies` in all.
    package var counters: [String: Int] {
        let phase = state.withLock { $0 }
        var result = ["lateReplies": late.withLock { $0 }]
        for lane in lanes {
            guard let work = (lane == .task ? phase.task : phase.onAppear)?.work else { continue }
            result["\(lane.rawValue).requestsStarted"] = work.started
            result["\(lane.rawValue).requestsCancelled"] = work.cancelled
            result["\(lane.rawValue).requestsCompleted"] = work.completed
            result["\(lane.rawValue).lateResultsApplied"] = work.lateApplied
            result["\(lane.rawValue).lateResultsDropped"] = work.lateDropped
        }
        return result
    }

    /// Each transport problem met, once, with the URL: a server that does not answer is named.
    package var notes: [String] { problems.withLock { $0 } }

    /// Every load that ended (not cancelled), in the order they ended: `task request 1
    /// (generation 1)`, with its first and last byte.
    package var loadTimings: [LoadTiming] { timings.withLock { $0 } }

    /// Opens the screen at the clock's now, starts each lane's load, then applies every scripted
    /// event, transfer report and timeout as it arrives, until the run's task is cancelled.
    package func run(clock: BenchClock, timeline: TimelineLog<LiveInboxPhase>) async {
        let (inputs, feed) = AsyncStream<Input>.makeStream()
        var session = Session(bench: self, timeline: timeline, feed: feed)
        await withTaskGroup(of: Void.self) { group in
            /// A timer for each load started, reporting its deadline unless the run ends first.
            func arm(_ loads: [(request: Int, deadlineMs: Int)]) {
                for load in loads {
                    group.addTask {
                        do { try await clock.sleepUntilMs(load.deadlineMs) } catch { return }
                        feed.yield(.deadline(request: load.request))
                    }
                }
            }
            group.addTask {
                for event in self.settings.events.enumerated().sorted(by: { ($0.element.atMs, $0.offset) < ($1.element.atMs, $1.offset) }).map(\.element) {
                    do { try await clock.sleepUntilMs(event.atMs) } catch { return }
                    feed.yield(.event(event))
                }
            }

            let opened = clock.nowMs()
            timeline.event("open: the screen appears", atMs: opened)
            for which in lanes { arm([session.start(which, refresh: false, opened)]) }
            session.commit(opened)

            for await input in inputs {
                let now = clock.nowMs()
                switch input {
                case .event(let event): arm(session.apply(event, now))
                case .transfer(let id, let report): session.receive(report, forRequest: id, now)
                case .deadline(let id): session.expire(id, now)
                }
                session.commit(now)
            }
            // The run is over: stop what is still in flight.
            for request in session.requests.values { request.transfer.cancel() }
            group.cancelAll()
        }
    }
}

extension LiveInboxBench {
    /// One run of the screen: its state, the loads in flight and what each lane's last full
    /// answer validated, changed by each input as it arrives.
    private struct Session {
        let bench: LiveInboxBench
        let timeline: TimelineLog<LiveInboxPhase>
        let feed: AsyncStream<Input>.Continuation
        let source: InboxSource
        let path: String
        var current: LiveInboxPhase
        var requests: [Int: Request] = [:]
        var validated: [Lane: Validated] = [:]
        var nextID = 1

        init(bench: LiveInboxBench, timeline: TimelineLog<LiveInboxPhase>, feed: AsyncStream<Input>.Continuation) {
            self.bench = bench
            self.timeline = timeline
            self.feed = feed
            source = bench.settings.source
            path = URLRedaction.redacted(source.url.path.isEmpty ? "/" : source.url.path)
            current = bench.initialPhase
        }

        func commit(_ now: Int) {
            let previous = bench.state.withLock { old -> LiveInboxPhase in
                defer { old = current }
                return old
            }
            if previous != current { timeline.enter(current, atMs: now) }
        }
        func lane(_ which: Lane) -> LiveInboxPhase.Lane {
            which == .task ? current.task : current.onAppear!
        }
        mutating func update(_ which: Lane, _ change: (inout LiveInboxPhase.Lane) -> Void) {
            if which == .task { change(&current.task) } else if current.onAppear != nil { change(&current.onAppear!) }
        }
        mutating func cancel(_ request: Request, why: String, _ now: Int) {
            request.transfer.cancel()
            requests[request.id] = nil
            update(request.lane) { $0.work.cancelled += 1 }
            timeline.event("\(request.lane.rawValue) request \(request.id): cancelled (\(why))", atMs: now)
        }

        /// Starts a load on lane `which` at `now` (a refresh keeps the rows on screen).
        /// - Returns: its request and the instant it times out, for a timer to report.
        mutating func start(_ which: Lane, refresh: Bool, _ now: Int) -> (request: Int, deadlineMs: Int) {
            if which == .task {
                // A new run of `.task` work replaces the one before it.
                for request in requests.values.sorted(by: { $0.id < $1.id }) where request.lane == .task {
                    cancel(request, why: "superseded", now)
                }
            }
            let id = nextID
            nextID += 1
            var generation = 0
            update(which) { lane in
                lane.generation += 1
                lane.work.started += 1
                generation = lane.generation
                let progress = LiveInboxPhase.Progress(startedAtMs: now)
                if refresh, let rows = lane.screen.rows {
                    lane.screen = .stale(rows, .refreshing(progress))
                } else {
                    lane.screen = .loading(progress)
                }
            }
            let conditions = validated[which]?.conditions ?? [:]
            let feed = self.feed
            let transfer = InboxTransfer(url: source.url, service: source.service, conditions: conditions, backstopSeconds: source.timeoutMs / 1000 + 5) { report in
                feed.yield(.transfer(request: id, report))
            }
            requests[id] = Request(id: id, lane: which, generation: generation, startMs: now, transfer: transfer)
            let conditional = conditions.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            timeline.event("\(which.rawValue) request \(id) (generation \(generation)): GET \(path)\(refresh ? ", a refresh" : "")\(conditional.isEmpty ? "" : ", \(conditional)")", atMs: now)
            transfer.start()
            return (id, now + source.timeoutMs)
        }

        mutating func progress(_ request: Request, _ change: (inout LiveInboxPhase.Progress) -> Void) {
            guard request.generation == lane(request.lane).generation else { return }
            update(request.lane) { lane in
                switch lane.screen {
                case .loading(var progress):
                    change(&progress)
                    lane.screen = .loading(progress)
                case .stale(let rows, .refreshing(var progress)):
                    change(&progress)
                    lane.screen = .stale(rows, .refreshing(progress))
                default: break
                }
            }
        }

        mutating func end(_ request: Request, _ ending: LiveInboxReply.Ending, screen read: LiveInboxPhase.Screen, url: URL, _ now: Int) {
            requests[request.id] = nil
            update(request.lane) { $0.work.completed += 1 }
            // An answer came by now at the latest, even when the transport reported no head
            // before it ended (a 3xx without Location comes only with the end).
            var firstByteMs = request.firstByteMs
            if case .answer = ending, firstByteMs == nil { firstByteMs = now }
            let timing = LoadTiming(
                label: "\(request.lane.rawValue) request \(request.id) (generation \(request.generation))",
                startMs: request.startMs, firstByteMs: firstByteMs, lastByteMs: request.lastDataMs ?? now)
            bench.timings.withLock { $0.append(timing) }
            let first = firstByteMs.map { "first byte after \(Quantity.ms($0 - request.startMs)), " } ?? "no answer, "
            let what: String
            switch ending {
            case .answer(let status, let headers, let body):
                let redirect = (300...399).contains(status) && status != 304 && headers["location"] == nil ? " without Location" : ""
                what = "status \(status)\(redirect), \(Quantity.grouped(body.count)) bytes"
            case .transport(let problem):
                what = problem.detail
                let note = "GET \(URLRedaction.redacted(url)): \(problem.detail)"
                bench.problems.withLock { if !$0.contains(note) { $0.append(note) } }
            }
            timeline.event("\(request.lane.rawValue) request \(request.id): \(first)ended after \(Quantity.ms(now - request.startMs)): \(what)", atMs: now)
            let shown = lane(request.lane)
            guard request.generation == shown.generation else {
                bench.late.withLock { $0 += 1 }
                update(request.lane) { $0.work.lateDropped += 1 }
                timeline.event("\(request.lane.rawValue) request \(request.id): late reply dropped (generation \(request.generation), the screen's is \(shown.generation))", atMs: now)
                return
            }
            var screen = read
            if case .answer(let status, let headers, _) = ending {
                if status == 304, let kept = validated[request.lane] {
                    // Nothing changed (RFC 9110 §15.4.5): what the last full answer showed stays.
                    screen = kept.screen
                    timeline.event("\(request.lane.rawValue) request \(request.id): not modified, the screen stays", atMs: now)
                } else if status == 304, case .stale(let rows, .refreshing) = shown.screen {
                    // A 304 to a request with no validators (RFC 9110 §15.4.5): nothing new, and
                    // nothing failed; the rows stay under a plain note until the next refresh.
                    screen = .stale(rows, .noted(LiveInboxReply.unaskedNotModified))
                    timeline.event("\(request.lane.rawValue) request \(request.id): not modified, though no validators were sent; the rows stay", atMs: now)
                } else if status != 304, (200...299).contains(status), screen.name == .loaded || screen.name == .empty {
                    var conditions: [String: String] = [:]
                    if let tag = headers["etag"] { conditions["If-None-Match"] = tag }
                    if let modified = headers["last-modified"] { conditions["If-Modified-Since"] = modified }
                    validated[request.lane] = conditions.isEmpty ? nil : Validated(conditions: conditions, screen: screen)
                }
            }
            if case .stale(let rows, .refreshing) = shown.screen, case .failed(let message) = screen {
                screen = .stale(rows, .failed(message))
            }
            let away = current.away
            update(request.lane) { lane in
                lane.screen = screen
                if away { lane.work.lateApplied += 1 }
            }
            if away {
                timeline.event("\(request.lane.rawValue) request \(request.id): reply applied after the screen was left", atMs: now)
            }
        }

        /// Applies a scripted event at `now`.
        /// - Returns: the loads it started, for their timers.
        mutating func apply(_ event: LiveInboxEvent, _ now: Int) -> [(request: Int, deadlineMs: Int)] {
            timeline.event("\(event.kind.rawValue)", atMs: now)
            switch event.kind {
            case .leave:
                current.away = true
                for request in requests.values.sorted(by: { $0.id < $1.id }) where request.lane == .task {
                    cancel(request, why: "the screen was left", now)
                }
                return []
            case .reopen:
                current.away = false
                return bench.lanes.map { start($0, refresh: false, now) }
            case .refresh:
                return bench.lanes.map { start($0, refresh: true, now) }
            }
        }

        /// Applies a transfer report of request `id` at `now`; one of a cancelled request is dropped.
        mutating func receive(_ report: InboxTransfer.Report, forRequest id: Int, _ now: Int) {
            guard var request = requests[id] else { return }  // cancelled: nothing more to show
            switch report {
            case .headers(let head):
                request.firstByteMs = now
                requests[id] = request
                let length = head.headers["content-length"].map { ", Content-Length \($0)" } ?? ""
                let coding = head.headers["content-encoding"].map { ", Content-Encoding \($0)" } ?? ""
                timeline.event("\(request.lane.rawValue) request \(id): first byte, status \(head.status)\(length)\(coding)", atMs: now)
                progress(request) { $0.expectedBytes = head.expectedBytes }
            case .bytes(let received):
                request.lastDataMs = now
                requests[id] = request
                progress(request) { $0.receivedBytes = received }
            case .ended(let ending?, let screen, let url):
                end(request, ending, screen: screen ?? LiveInboxReply.screen(for: ending, service: source.service), url: url, now)
            case .ended(nil, _, _):
                requests[id] = nil
                update(request.lane) { $0.work.cancelled += 1 }
            }
        }

        /// Ends request `id` at its deadline, `now`, unless it ended before.
        mutating func expire(_ id: Int, _ now: Int) {
            guard let request = requests[id] else { return }
            request.transfer.cancel()
            // Headers came but the body never finished: an incomplete answer, not silence.
            let problem: LiveInboxReply.TransportProblem =
                request.firstByteMs == nil ? .timedOut(afterMs: source.timeoutMs) : .incomplete(afterMs: source.timeoutMs)
            end(request, .transport(problem), screen: .failed(problem.message), url: source.url, now)
        }
    }
}

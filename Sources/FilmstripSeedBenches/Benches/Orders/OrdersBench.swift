import FilmstripCore
import Synchronization

/// The orders screen, driven by scripted events at exact instants.
///
/// It runs one loop over a queue of due items — scripted events, request replies and automatic
/// retries — each taken in (due time, sequence number) order and applied at its instant on the
/// injected clock (rules of time 2 and 3). The rules it follows:
/// - a tap on Try again or refresh while a request is in flight does nothing and is counted;
/// - retry goes back to loading, never straight to content;
/// - after `retryLimit` failures in a row automatic retries stop; the manual action stays;
///   automatic retries wait a fixed `retryDelayMs`;
/// - offline, no request starts and no retry is spent; on reconnect exactly one automatic retry
///   starts at that instant when the screen still needs its data: nothing or an error on screen,
///   or a request the lost connection interrupted (a refresh over rows restarts as a refresh;
///   rows already fresh when the connection dropped need no request);
/// - a reply to a request that was superseded (reopen, new search, lost connection) is ignored.
package final class OrdersBench: Bench {
    /// No notes: the bench meets nothing outside the process.
    package var notes: [String] { [] }
    /// No requests, so none timed.
    package var loadTimings: [LoadTiming] { [] }
    /// The bench's phase: ``OrdersPhase``.
    package typealias Phase = OrdersPhase

    private enum Item: Sendable {
        case script(OrdersEvent)
        case reply(requestID: Int, answer: OrdersEvent.Answer)
        case automaticRetry(token: Int)
    }

    private struct Queued {
        var dueMs: Int
        var sequence: Int
        var item: Item
    }

    private let events: [OrdersEvent]
    private let settings: OrdersSettings
    private let slowMotion: SlowMotion
    private let state: Mutex<OrdersPhase>
    private let ignored = Mutex(0)
    private let late = Mutex(0)

    /// A bench that will play `events` at their instants with `settings` (latency, retry limit and
    /// delay), every server latency stretched by `slowMotion` (the retry delay is not).
    package init(events: [OrdersEvent], settings: OrdersSettings, slowMotion: SlowMotion) {
        self.events = events
        self.settings = settings
        self.slowMotion = slowMotion
        self.state = Mutex(.initial(retryLimit: settings.retryLimit))
    }

    /// Nothing loaded, idle, online, no failures: ``OrdersPhase/initial(retryLimit:)``.
    package var initialPhase: OrdersPhase { .initial(retryLimit: settings.retryLimit) }

    /// The state as the last applied item left it; `timeMs` is not used (the state holds its own
    /// instants).
    package func phase(atMs timeMs: Int) -> OrdersPhase { state.withLock { $0 } }


    /// What the state holds beyond its name: the rows, the query, the last failure (status and
    /// message), the request in flight with its elapsed time at `timeMs`, and `offline`; e.g.
    /// `3 rows · error 503 HTTP 503 · request 3 (refresh), elapsed 100 ms`. Nil when it holds none.
    package func phaseDetail(of phase: OrdersPhase, atMs timeMs: Int) -> String? {
        var parts: [String] = []
        switch phase.content {
        case .rows(let rows): parts.append(Quantity.count(rows.count, "row"))
        case .noResults(let query): parts.append("query \"\(query)\"")
        case .emptyFirstUse, .none: break
        }
        if let error = phase.error { parts.append("error \(error.status) \(error.message)") }
        if let request = phase.inFlight {
            parts.append("request \(request.id) (\(request.reason.rawValue)), elapsed \(Quantity.ms(max(0, timeMs - request.startedAtMs)))")
        }
        if !phase.online { parts.append("offline") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `ignoredTaps`: taps ignored because a request was in flight. `lateReplies`: replies that
    /// arrived for a superseded request (a reopen, a new search, a lost connection) and were
    /// ignored; each is in the timeline at its arrival, naming its request.
    package var counters: [String: Int] { ["ignoredTaps": ignored.withLock { $0 }, "lateReplies": late.withLock { $0 }] }

    /// Applies the scripted events, replies and automatic retries in (due time, sequence) order
    /// on `clock`, logging each to `timeline` with every change of state. Returns when nothing is
    /// left to do or the task is cancelled.
    package func run(clock: BenchClock, timeline: TimelineLog<OrdersPhase>) async {
        var session = Session(bench: self, timeline: timeline)
        for event in events { session.schedule(.script(event), atMs: event.atMs) }
        do {
            while let next = session.takeNext() {
                try await clock.sleepUntilMs(next.dueMs)
                let now = clock.nowMs()
                switch next.item {
                case .script(let event): session.apply(event, now)
                case .reply(let id, let reply): session.receive(reply, forRequest: id, now)
                case .automaticRetry(let token): session.retryAutomatically(token: token, now)
                }
                session.commit(now)
            }
        } catch {
            return  // cancelled: the run is over.
        }
    }

    private static func describe(_ answer: OrdersEvent.Answer) -> String {
        switch answer {
        case .rows(let rows): "\(rows.count) orders"
        case .empty: "no orders"
        case .noResults: "no results"
        case .error(let status, let message): "\(status) \(message)"
        }
    }
}

extension OrdersBench {
    /// One run of the script: the state the items change, and the queue of what is due.
    private struct Session {
        let bench: OrdersBench
        let timeline: TimelineLog<OrdersPhase>
        var queue: [Queued] = []
        var sequence = 0
        var nextRequestID = 0
        var retryToken = 0
        var answer = OrdersEvent.Answer.rows(OrdersEvent.sampleOrders)
        var latencyMs: Int
        var current: OrdersPhase
        var sent: [Int: OrdersPhase.Request] = [:]
        /// The orders of the last successful reply: what a cached reopen shows at once.
        var cache: [ManifestRow]?

        init(bench: OrdersBench, timeline: TimelineLog<OrdersPhase>) {
            self.bench = bench
            self.timeline = timeline
            latencyMs = bench.settings.latencyMs
            current = bench.initialPhase
        }

        mutating func schedule(_ item: Item, atMs due: Int) {
            queue.append(Queued(dueMs: due, sequence: sequence, item: item))
            sequence += 1
        }

        /// The item due first, in (due time, sequence) order, taken from the queue; nil when it is empty.
        mutating func takeNext() -> Queued? {
            guard let index = queue.indices.min(by: { (queue[$0].dueMs, queue[$0].sequence) < (queue[$1].dueMs, queue[$1].sequence) }) else {
                return nil
            }
            return queue.remove(at: index)
        }

        func commit(_ now: Int) {
            let previous = bench.state.withLock { old -> OrdersPhase in
                defer { old = current }
                return old
            }
            if previous != current { timeline.enter(current, atMs: now) }
        }
        func log(_ text: String, _ now: Int) { timeline.event(text, atMs: now) }
        mutating func cancelAutomaticRetry() {
            current.retry.nextAutomaticAtMs = nil
            retryToken += 1
        }
        mutating func startRequest(_ asked: OrdersPhase.Request.Reason, _ now: Int) {
            cancelAutomaticRetry()
            // A retry over content already on screen is a refresh: the content stays.
            let reason: OrdersPhase.Request.Reason = (asked == .manualRetry || asked == .automaticRetry) && current.hasRows ? .refresh : asked
            guard current.online else {
                current.activity = .pausedOffline
                log("no request: the device is offline", now)
                return
            }
            nextRequestID += 1
            let request = OrdersPhase.Request(id: nextRequestID, reason: reason, startedAtMs: now)
            current.activity = .fetching(request)
            sent[request.id] = request
            if reason != .refresh, !current.hasRows || reason == .search { current.content = .none }
            // The last failure stays in the state until a reply replaces it; panels decide what to draw.
            let delay = bench.slowMotion.apply(toMs: latencyMs)
            log("request \(request.id) (\(reason.rawValue)) sent; the server answers in \(delay) ms", now)
            schedule(.reply(requestID: request.id, answer: answer), atMs: now + delay)
        }
        mutating func supersede(_ why: String, _ now: Int) {
            if let request = current.inFlight {
                log("request \(request.id) superseded: \(why); its reply will be ignored", now)
                current.activity = .idle
            }
        }
        /// Whether a tap acts: not while a request is in flight (the tap is counted and logged).
        func tapActs(_ name: String, _ now: Int) -> Bool {
            if let request = current.inFlight {
                bench.ignored.withLock { $0 += 1 }
                log("\(name) ignored: request \(request.id) is in flight", now)
                return false
            }
            return true
        }

        /// Applies a scripted event at `now`.
        mutating func apply(_ event: OrdersEvent, _ now: Int) {
            switch event.kind {
            case .reopen:
                supersede("the screen reopened", now)
                log("screen reopened", now)
                current.content = .none
                current.error = nil
                current.query = nil
                current.retry.failures = 0
                startRequest(.firstLoad, now)
            case .reopenCached:
                supersede("the screen reopened", now)
                current.error = nil
                current.query = nil
                current.retry.failures = 0
                if let cache {
                    log("screen reopened on \(cache.count) cached orders; revalidating", now)
                    current.content = .rows(cache)
                    startRequest(.refresh, now)
                } else {
                    log("screen reopened with nothing cached", now)
                    current.content = .none
                    startRequest(.firstLoad, now)
                }
            case .tapTryAgain:
                if tapActs("tap Try again", now) {
                    log("tap Try again", now)
                    startRequest(.manualRetry, now)
                }
            case .tapRefresh:
                if tapActs("pull to refresh", now) {
                    log("pull to refresh", now)
                    startRequest(current.hasRows ? .refresh : .manualRetry, now)
                }
            case .serverAnswers(let next, let latency):
                answer = next
                if let latency { latencyMs = latency }
                log("the server will answer \(OrdersBench.describe(next)) after \(bench.slowMotion.apply(toMs: latencyMs)) ms", now)
            case .networkOffline:
                guard current.online else { break }
                current.online = false
                log("network offline", now)
                // Work the lost connection interrupts (a refresh over rows included) waits
                // for it: the pattern retries by itself on reconnect.
                let interrupted = current.inFlight != nil
                supersede("the connection was lost", now)
                cancelAutomaticRetry()
                if interrupted || !current.hasRows || current.error != nil { current.activity = .pausedOffline }
            case .networkOnline:
                guard !current.online else { break }
                current.online = true
                log("network online", now)
                let needsData = current.activity == .pausedOffline || !current.hasRows || current.error != nil
                current.activity = .idle
                if needsData {
                    log("automatic retry on reconnect", now)
                    startRequest(.automaticRetry, now)
                }
            case .search(let query):
                supersede("a new search", now)
                current.query = query
                log("search for \"\(query)\"", now)
                startRequest(.search, now)
            case .clearSearch:
                supersede("the search was cleared", now)
                current.query = nil
                log("search cleared", now)
                startRequest(.search, now)
            case .createFirstItem:
                log("first order created", now)
                current.content = .rows([ManifestRow(title: "Order #1001", detail: "just created")])
            }
        }

        /// Applies the reply to request `id` at `now`; a reply to a superseded request is counted and ignored.
        mutating func receive(_ reply: OrdersEvent.Answer, forRequest id: Int, _ now: Int) {
            guard let request = current.inFlight, request.id == id else {
                bench.late.withLock { $0 += 1 }
                let belonged = sent[id].map { " (\($0.reason.rawValue), sent at \($0.startedAtMs) ms)" } ?? ""
                log("late reply to request \(id)\(belonged) ignored: the request was superseded", now)
                return
            }
            current.activity = .idle
            switch reply {
            case .rows(let rows):
                current.content = .rows(rows)
                cache = rows
                current.error = nil
                current.retry.failures = 0
                log("request \(id): \(rows.count) orders", now)
            case .empty:
                current.content = current.query == nil ? .emptyFirstUse : .noResults(query: current.query!)
                current.error = nil
                current.retry.failures = 0
                log("request \(id): no orders", now)
            case .noResults:
                current.content = .noResults(query: current.query ?? "")
                current.error = nil
                current.retry.failures = 0
                log("request \(id): no results", now)
            case .error(let status, let message):
                current.error = OrdersPhase.Failure(status: status, message: message)
                current.retry.failures += 1
                log("request \(id) failed: \(status) \(message) (\(current.retry.failures) in a row)", now)
                if current.retry.failures < bench.settings.retryLimit {
                    retryToken += 1
                    let due = now + bench.settings.retryDelayMs
                    current.retry.nextAutomaticAtMs = due
                    schedule(.automaticRetry(token: retryToken), atMs: due)
                } else {
                    current.retry.nextAutomaticAtMs = nil
                    log("automatic retries stopped after \(current.retry.failures) failures in a row; Try again stays", now)
                }
            }
        }

        /// Starts the automatic retry `token` at `now` unless it was cancelled, a request is in flight, or the device is offline.
        mutating func retryAutomatically(token: Int, _ now: Int) {
            guard token == retryToken, current.inFlight == nil, current.online else { return }
            log("automatic retry", now)
            startRequest(.automaticRetry, now)
        }
    }
}

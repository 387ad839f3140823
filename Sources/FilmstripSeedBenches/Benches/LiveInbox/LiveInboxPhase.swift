import FilmstripCore

/// The live inbox's state at an instant: what each start style's screen shows, and the work it did.
///
/// The `.task` lane is the screen both seed panels draw (`loadedOnly`, `allFour`); the phase's
/// ``name`` is its screen's. The `.onAppear { Task { … } }` lane exists when a plan draws the
/// `onAppear` panel: the same screen, fetching the same URL, started the other way.
package struct LiveInboxPhase: BenchPhase, Hashable {
    /// The phase names, in report order: the inbox's four and the fifth, `stale`.
    package enum Name: String, CaseIterable, Sendable {
        /// The inbox's four phases, then `stale`: rows kept while a refresh runs or after it failed.
        case loading, empty, failed, loaded, stale
    }

    /// How far a response body has come: bytes received, and the bytes the server announced in
    /// `Content-Length` (nil when it announced none: progress is indeterminate).
    package struct Progress: Hashable, Sendable {
        /// When the request started, ms since the start of the run.
        package var startedAtMs: Int
        /// Body bytes received so far.
        package var receivedBytes: Int
        /// `Content-Length`, when the headers have arrived and carried one.
        package var expectedBytes: Int?

        /// Progress of a request started at `startedAtMs`.
        package init(startedAtMs: Int, receivedBytes: Int = 0, expectedBytes: Int? = nil) {
            self.startedAtMs = startedAtMs
            self.receivedBytes = receivedBytes
            self.expectedBytes = expectedBytes
        }

        /// Whole percent of the decoded body received (0...100), on one basis: decoded bytes
        /// against the decoded length, which is `Content-Length` only when the content coding
        /// is identity. It reads 100 only when every announced byte is in; nil (indeterminate)
        /// when the total is unknown, zero, or turned out wrong (more bytes than announced).
        package var percent: Int? {
            guard let expectedBytes, expectedBytes > 0, receivedBytes <= expectedBytes else { return nil }
            return receivedBytes * 100 / expectedBytes
        }
    }

    /// What a refresh over rows is doing.
    package enum Refresh: Hashable, Sendable {
        /// The refresh is in flight.
        case refreshing(Progress)
        /// The refresh failed with this message; the rows stay under it.
        case failed(String)
        /// The refresh was answered with nothing new that it did not ask for (a 304 Not Modified
        /// to a request that sent no validators): the rows stay, under this plain note.
        case noted(String)
    }

    /// What one screen shows.
    package enum Screen: Hashable, Sendable {
        /// A load is in flight, nothing to show yet.
        case loading(Progress)
        /// The server answered with an empty list.
        case empty
        /// The load failed with this message.
        case failed(String)
        /// The server answered with rows.
        case loaded([ManifestRow])
        /// Rows from an earlier load, kept while a refresh runs or after it failed.
        case stale([ManifestRow], Refresh)

        /// The phase name this screen is.
        package var name: Name {
            switch self {
            case .loading: .loading
            case .empty: .empty
            case .failed: .failed
            case .loaded: .loaded
            case .stale: .stale
            }
        }

        /// The rows on screen, if any.
        package var rows: [ManifestRow]? {
            switch self {
            case .loaded(let rows), .stale(let rows, _): rows
            default: nil
            }
        }
    }

    /// The work one lane has done, counted by request.
    package struct Work: Hashable, Sendable {
        /// Requests started.
        package var started = 0
        /// Requests cancelled (`URLSessionTask.cancel()`) before they ended.
        package var cancelled = 0
        /// Requests that ended with an answer or an error (timeouts included).
        package var completed = 0
        /// Replies applied after the screen was left.
        package var lateApplied = 0
        /// Replies of an older generation, dropped.
        package var lateDropped = 0

        /// No work yet.
        package init() {}
    }

    /// One way of starting the screen's work, with what its screen shows.
    package struct Lane: Hashable, Sendable {
        /// What the screen shows.
        package var screen: Screen
        /// The generation of the newest load; a reply of an older one never becomes the screen.
        package var generation: Int
        /// The lane's counts.
        package var work: Work

        /// A lane showing `screen`, at `generation`, with `work` counted so far.
        package init(screen: Screen, generation: Int = 0, work: Work = Work()) {
            self.screen = screen
            self.generation = generation
            self.work = work
        }
    }

    /// The `.task`-style lane: leaving the screen cancels its request.
    package var task: Lane
    /// The `onAppear { Task { … } }`-style lane, when the plan draws it: its requests run on.
    package var onAppear: Lane?
    /// True between a `leave` and the next `reopen`: the screen is not shown.
    package var away: Bool

    /// The state of both lanes; `onAppear` nil when the plan does not draw it.
    package init(task: Lane, onAppear: Lane?, away: Bool) {
        self.task = task
        self.onAppear = onAppear
        self.away = away
    }

    /// Which named phase this is: the `.task` lane's screen.
    package var name: Name { task.screen.name }

    /// Hashes a summary, never the rows: each lane's generation, screen name, row count,
    /// progress and work. Equal phases have equal summaries, and a recorder that keys every
    /// sample by its phase costs the same for 46,000 rows as for three (equality compares the
    /// rows, and two samples of one committed state share their storage, so it is quick too).
    package func hash(into hasher: inout Hasher) {
        for lane in [task, onAppear] {
            guard let lane else {
                hasher.combine(0)
                continue
            }
            hasher.combine(lane.generation)
            hasher.combine(lane.work)
            hasher.combine(lane.screen.name)
            hasher.combine(lane.screen.rows?.count ?? -1)
            switch lane.screen {
            case .loading(let progress), .stale(_, .refreshing(let progress)): hasher.combine(progress)
            case .failed(let message), .stale(_, .failed(let message)), .stale(_, .noted(let message)): hasher.combine(message)
            default: break
            }
        }
        hasher.combine(away)
    }
}

extension LiveInboxPhase: LanedPhase {
    /// `onAppear` for the panel of that name (it draws the `onAppear` lane); nil for the panels
    /// that draw the `.task` lane, whose phase is the run's.
    package func lane(ofPanel panel: String) -> String? {
        panel == LiveInboxBench.Lane.onAppear.rawValue ? LiveInboxBench.Lane.onAppear.rawValue : nil
    }

    /// The phase name of `lane`'s screen; nil for a lane the plan does not draw.
    package func phaseName(inLane lane: String) -> String? {
        lane == LiveInboxBench.Lane.onAppear.rawValue ? onAppear?.screen.name.rawValue : task.screen.name.rawValue
    }
}

import FilmstripCore
/// One scripted step of a plan: a fetch that stays in flight for `latencyMs`, then replies.
///
/// The bench enters loading when the beat starts; after the latency (stretched by slow motion)
/// the reply lands, and the reply's phase stays on screen for `holdMs` before the next beat
/// starts. A `.loading` reply never lands: the fetch is simply in flight for the whole latency,
/// like a pinned loading plan.
public struct Beat: Hashable, Sendable {
    /// What the fetch answers.
    package enum Reply: Hashable, Sendable {
        /// No answer within the beat: loading for the whole latency.
        case loading
        /// A successful answer with nothing in it.
        case empty
        /// A failure with the message the server gave.
        case failed(message: String)
        /// A successful answer with rows.
        case loaded(rows: [ManifestRow])

        /// The reply's name in plans and reports: the name of the phase it leads to.
        package var name: String {
            switch self {
            case .loading: InboxPhase.Name.loading.rawValue
            case .empty: InboxPhase.Name.empty.rawValue
            case .failed: InboxPhase.Name.failed.rawValue
            case .loaded: InboxPhase.Name.loaded.rawValue
            }
        }

        /// Every reply name, in order.
        package static let names = InboxPhase.names
    }

    /// What starts the beat's fetch.
    package enum Trigger: String, Hashable, Sendable, CaseIterable {
        /// The screen opens (or reopens): content is cleared and the first load starts.
        case open
        /// The person taps the retry action after a failure.
        case retry
        /// The person pulls to refresh: the content stays on screen while the fetch runs.
        case refresh
    }

    /// What starts the fetch (default `.open`).
    package var trigger: Trigger
    /// The reply.
    package var reply: Reply
    /// Scripted latency in ms before slow motion (≥ 0).
    package var latencyMs: Int
    /// How long the reply's phase is held before the next beat, in ms (≥ 0; not stretched by slow motion).
    package var holdMs: Int

    /// A beat started by `trigger`, answering `reply` after `latencyMs` ms (before slow motion),
    /// then holding the reply's phase for `holdMs` ms. Plans are validated for ranges; this
    /// initialiser stores the values as given.
    package init(trigger: Trigger = .open, reply: Reply, latencyMs: Int, holdMs: Int = 0) {
        self.trigger = trigger
        self.reply = reply
        self.latencyMs = latencyMs
        self.holdMs = holdMs
    }
}

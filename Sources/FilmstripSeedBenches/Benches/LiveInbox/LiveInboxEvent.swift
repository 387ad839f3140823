/// A timed event of a live inbox plan: `{"atMs": 600, "event": "leave"}`.
package struct LiveInboxEvent: Hashable, Sendable {
    /// What happens.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The person leaves the screen: `.task` work is cancelled; `onAppear` work runs on.
        case leave
        /// The person comes back: each lane starts a new load (a new generation).
        case reopen
        /// The person pulls to refresh: rows on screen stay, marked stale, while it runs.
        case refresh
    }

    /// When, in ms since the start of the run.
    package var atMs: Int
    /// What happens.
    package var kind: Kind

    /// An event `kind` at `atMs` ms.
    package init(atMs: Int, kind: Kind) {
        self.atMs = atMs
        self.kind = kind
    }
}

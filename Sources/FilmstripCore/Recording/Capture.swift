/// What the recorder saw: the bench's timeline and one sample per requested instant.
struct Capture<Phase: Sendable>: Sendable {
    /// One requested instant and what was on screen then.
    struct Sample: Sendable {
        /// The instant the sample was scheduled for, in ms.
        var scheduledMs: Int
        /// The instant it was taken, in ms (equal to `scheduledMs` on the virtual clock).
        var tMs: Int
        /// The phase on screen; nil when the sample was dropped (real clock, too late).
        var phase: Phase?
    }

    var records: [TimelineLog<Phase>.Record]
    var samples: [Sample]
}

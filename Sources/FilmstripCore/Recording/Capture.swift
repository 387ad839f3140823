/// What the recorder saw: the bench's timeline and one sample per requested instant.
struct Capture<Phase: Sendable>: Sendable {
    var records: [TimelineLog<Phase>.Record]
    /// One sample per instant of the recorder's ``SampleInstants``, in order.
    var samples: SampleStore<Phase>
    /// Per lane stopped for work without end (a hosted bench with lanes), its sentence:
    /// `lane eager was stopped at 100 ms: work without end at 100 ms: …`.
    var stoppedLanes: [String: String] = [:]
}

/// What the recorder saw: the bench's timeline and one sample per requested instant.
struct Capture<Phase: Sendable>: Sendable {
    var records: [TimelineLog<Phase>.Record]
    /// One sample per instant of the recorder's ``SampleInstants``, in order.
    var samples: SampleStore<Phase>
}

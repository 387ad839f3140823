/// A screen model that moves through phases as its async work runs (DESIGN.md, "bench").
///
/// The recorder starts ``run(clock:timeline:)`` once, as a task on an executor it drains, and
/// reads ``phase(atMs:)`` whenever the bench is idle at a frame instant. A bench reads time only
/// through the ``BenchClock`` it is given (rule of time 8), logs every event and every phase it
/// enters to the timeline, and returns when its task is cancelled.
public protocol Bench: AnyObject, Sendable {
    /// The bench's model state.
    associatedtype Phase: Sendable
    /// The phase shown before any work runs (at 0 ms).
    var initialPhase: Phase { get }
    /// Runs the script until it ends or the task is cancelled.
    func run(clock: BenchClock, timeline: TimelineLog<Phase>) async
    /// The phase on screen at `timeMs` (ms since the start), given the work done so far.
    func phase(atMs timeMs: Int) -> Phase
    /// The phase's name in plans and reports ("loading", "empty", …).
    func phaseName(of phase: Phase) -> String
    /// Counts the bench keeps for the report (e.g. `ignoredTaps`); read after the run.
    var counters: [String: Int] { get }
    /// The phase's payload in words, for captions and alt text: a failure message, the elapsed
    /// time of a load at `timeMs` (ms since the start), a row count; nil when it has none.
    func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String?
}

extension Bench {
    public var counters: [String: Int] { [:] }
    public func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
}

/// A screen model that moves through phases as its async work runs (docs/ARCHITECTURE.md, "bench").
///
/// The recorder starts ``run(clock:timeline:)`` once, as a task on an executor it drains, and
/// reads ``phase(atMs:)`` whenever the bench is idle at a frame instant. A bench reads time only
/// through the ``BenchClock`` it is given (rule of time 8), logs every event and every phase it
/// enters to the timeline, and returns when its task is cancelled. Every member is required: a
/// member spelled with another label does not compile, where a default would silently win.
///
/// A bench is registered with the rest of the product through a ``BenchDefinition``, which
/// names it, lists its panels and styles, and builds it from a validated ``CapturePlan``.
///
/// ```swift
/// final class ProfileBench: Bench {
///     private let shown = Mutex(ProfilePhase.loading)
///     var initialPhase: ProfilePhase { .loading }
///     func phase(atMs timeMs: Int) -> ProfilePhase { shown.withLock { $0 } }
///     var counters: [String: Int] { [:] }
///     func phaseDetail(of phase: ProfilePhase, atMs timeMs: Int) -> String? { nil }
///     var notes: [String] { [] }
///     var loadTimings: [LoadTiming] { [] }
///     func run(clock: BenchClock, timeline: TimelineLog<ProfilePhase>) async {
///         do {
///             try await clock.sleep(forMs: 600)          // the fetch's latency
///             shown.withLock { $0 = .loaded("Ada") }
///             timeline.enter(.loaded("Ada"), atMs: clock.nowMs())
///         } catch { return }                             // cancelled: the run is over
///     }
/// }
/// ```
public protocol Bench: AnyObject, Sendable {
    /// The bench's model state.
    associatedtype Phase: BenchPhase
    /// The phase shown before any work runs (at 0 ms).
    var initialPhase: Phase { get }
    /// Runs the script until it ends or the task is cancelled.
    func run(clock: BenchClock, timeline: TimelineLog<Phase>) async
    /// The phase on screen at `timeMs` (ms since the start), given the work done so far.
    func phase(atMs timeMs: Int) -> Phase
    /// Counts the bench keeps for the report (e.g. `ignoredTaps`); read after the run.
    var counters: [String: Int] { get }
    /// The phase's payload in words, for captions and alt text: a failure message, the elapsed
    /// time of a load at `timeMs` (ms since the start), a row count; nil when it has none.
    func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String?
    /// Sentences a person running the plan should read, printed under its table: what the bench
    /// met outside the process (`http://127.0.0.1:8080/inbox: could not connect to the server`);
    /// read after the run; `[]` when it has none.
    var notes: [String] { get }
    /// Every request that ended, timed (``LoadTiming``), in the order they ended; read after the
    /// run; `[]` for a bench that makes no requests.
    var loadTimings: [LoadTiming] { get }
}

/// A bench's phase value: its cases carry the data a panel draws (`loading(elapsedMs:)`,
/// `failed(message)`), and ``name`` says which named phase it is.
///
/// The names come from one `CaseIterable` type, so they are written once: their order is the
/// order reports list phases in.
///
/// ```swift
/// enum ProfilePhase: BenchPhase {
///     enum Name: String, CaseIterable, Sendable { case loading, loaded }
///     case loading
///     case loaded(String)
///     var name: Name { switch self { case .loading: .loading; case .loaded: .loaded } }
/// }
/// ```
public protocol BenchPhase: Sendable {
    /// The phase names, in report order; the raw value is the name used in plans and reports.
    associatedtype Name: RawRepresentable, CaseIterable, Sendable where Name.RawValue == String
    /// Which named phase this value is.
    var name: Name { get }
}

extension BenchPhase {
    /// Every phase name of this phase type, in report order.
    public static var names: [String] { Name.allCases.map(\.rawValue) }
}

import Synchronization

/// A bench the recorder hosts the main actor for, and asks to read its state after every step of
/// the clock (``ModelBench``).
protocol HostsMainActor: AnyObject, Sendable {
    /// Reads the model's phase at `timeMs`, on the recorder's thread while no job runs, and logs
    /// it to the timeline when it changed.
    func observe(atMs timeMs: Int)
    /// Every request the model sent so far.
    var exchanges: [HTTPExchange] { get }
}

/// A team's own `@MainActor` model run as a bench: made with the bench's clock and scripted
/// transport, driven by the plan's events, its state read as a phase after every step of the
/// clock (`BenchDefinition.model(…)`).
final class ModelBench<Model: AnyObject & Sendable, Phase: BenchPhase & Equatable>: Bench, HostsMainActor {
    /// No counters kept (reports show `{}`).
    var counters: [String: Int] { [:] }
    /// No phase carries a detail worth a caption.
    func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
    /// No notes: the bench meets nothing outside the process.
    var notes: [String] { [] }
    let initialPhase: Phase
    private let settings: ModelSettings
    private let make: @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Model
    private let phaseOf: @MainActor @Sendable (Model) -> Phase
    private let perform: @MainActor @Sendable (Model, ModelEvent) -> Void
    private struct State {
        var model: Model?
        var shown: Phase
        var timeline: TimelineLog<Phase>?
        var transport: ScriptedTransport?
    }
    private let state: Mutex<State>

    init(
        initialPhase: Phase, settings: ModelSettings,
        make: @escaping @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Model,
        phase: @escaping @MainActor @Sendable (Model) -> Phase,
        perform: @escaping @MainActor @Sendable (Model, ModelEvent) -> Void
    ) {
        self.initialPhase = initialPhase
        self.settings = settings
        self.make = make
        self.phaseOf = phase
        self.perform = perform
        self.state = Mutex(State(shown: initialPhase))
    }

    func phase(atMs timeMs: Int) -> Phase { state.withLock { $0.shown } }

    var exchanges: [HTTPExchange] { state.withLock { $0.transport?.exchanges ?? [] } }

    var loadTimings: [LoadTiming] { exchanges.map(\.loadTiming) }

    func run(clock: BenchClock, timeline: TimelineLog<Phase>) async {
        let transport = ScriptedTransport.forRun(script: settings.http, clock: clock)
        HostedURLProtocol.answer(with: [transport])
        let make = self.make
        let model = await MainActor.run { ModelLaneTag.$current.withValue(0) { make(clock.clock, transport) } }
        state.withLock { $0.model = model; $0.timeline = timeline; $0.transport = transport }
        observe(atMs: clock.nowMs())
        do {
            for event in settings.events {
                try await clock.sleepUntilMs(event.atMs)
                timeline.event(event.description, atMs: clock.nowMs())
                let perform = self.perform
                await MainActor.run { ModelLaneTag.$current.withValue(0) { perform(model, event) } }
            }
        } catch {
            return  // cancelled: the run is over.
        }
    }

    func observe(atMs timeMs: Int) {
        guard let model = state.withLock({ $0.model }) else { return }
        let phaseOf = self.phaseOf
        let now = HostedTime.asModelCode { MainActor.assumeIsolated { phaseOf(model) } }
        let changed = state.withLock { state -> TimelineLog<Phase>? in
            guard state.shown != now else { return nil }
            state.shown = now
            return state.timeline
        }
        changed?.enter(now, atMs: timeMs)
    }
}

import Synchronization

/// Several lanes of models run side by side on one clock and one plan (``ModelLane``): each its
/// own model instance and scripted transport, read after every step of the clock.
final class LanedModelBench<Phase: BenchPhase & Equatable>: Bench, HostsMainActor {
    /// No phase carries a detail worth a caption.
    func phaseDetail(of phase: ModelLanes<Phase>, atMs timeMs: Int) -> String? { nil }
    /// No notes: the bench meets nothing outside the process.
    var notes: [String] { [] }
    let initialPhase: ModelLanes<Phase>
    private let lanes: [ModelLane<Phase>]
    private let settings: ModelSettings
    private struct State {
        var drivers: [ModelLane<Phase>.Driver] = []
        var transports: [ScriptedTransport] = []
        var shown: ModelLanes<Phase>
        var timeline: TimelineLog<ModelLanes<Phase>>?
    }
    private let state: Mutex<State>

    init(lanes: [ModelLane<Phase>], initialPhase: Phase, settings: ModelSettings) {
        let initial = ModelLanes(ids: lanes.map(\.id), phases: lanes.map { _ in initialPhase })
        self.initialPhase = initial
        self.lanes = lanes
        self.settings = settings
        self.state = Mutex(State(shown: initial))
    }

    func phase(atMs timeMs: Int) -> ModelLanes<Phase> { state.withLock { $0.shown } }

    /// Every lane's requests, each label led by its lane (`naive: GET …`).
    var exchanges: [HTTPExchange] {
        state.withLock { state in
            zip(lanes, state.transports).flatMap { lane, http in http.exchanges.map { var e = $0; e.url = "\(lane.id): \(e.url)"; return e } }
        }
    }

    var loadTimings: [LoadTiming] {
        state.withLock { state in
            zip(lanes, state.transports).flatMap { lane, http in
                http.exchanges.map { exchange in var timing = exchange.loadTiming; timing.label = "\(lane.id): \(timing.label)"; return timing }
            }
        }
    }

    /// `requests.<lane>`: how many requests each lane sent.
    var counters: [String: Int] {
        state.withLock { state in
            Dictionary(uniqueKeysWithValues: zip(lanes, state.transports).map { ("requests.\($0.id)", $1.exchanges.count) })
        }
    }

    func run(clock: BenchClock, timeline: TimelineLog<ModelLanes<Phase>>) async {
        let transports = lanes.map { _ in ScriptedTransport.forRun(script: settings.http, clock: clock) }
        let lanes = self.lanes
        HostedURLProtocol.answer(with: transports)
        HostedTime.active.withLock { $0 }?.nameLanes(lanes.map(\.id))
        let drivers = await MainActor.run {
            zip(lanes, transports).enumerated().map { index, lane in
                ModelLaneTag.$current.withValue(Int32(index)) { lane.0.start(clock.clock, lane.1) }
            }
        }
        state.withLock { $0.drivers = drivers; $0.transports = transports; $0.timeline = timeline }
        observe(atMs: clock.nowMs())
        do {
            for event in settings.events {
                try await clock.sleepUntilMs(event.atMs)
                timeline.event(event.description, atMs: clock.nowMs())
                await MainActor.run {
                    for (index, driver) in drivers.enumerated() {
                        ModelLaneTag.$current.withValue(Int32(index)) { driver.perform(event) }
                    }
                }
            }
        } catch {
            return  // cancelled: the run is over.
        }
    }

    func observe(atMs timeMs: Int) {
        let drivers = state.withLock { $0.drivers }
        guard !drivers.isEmpty else { return }
        let now = ModelLanes(ids: lanes.map(\.id), phases: HostedTime.asModelCode { MainActor.assumeIsolated { drivers.map { $0.phase() } } })
        let (changed, before) = state.withLock { state -> (TimelineLog<ModelLanes<Phase>>?, ModelLanes<Phase>) in
            let before = state.shown
            guard before != now else { return (nil, before) }
            state.shown = now
            return (state.timeline, before)
        }
        guard let changed else { return }
        // The first lane's changes are the run's phases; every other lane's are events naming it.
        for (index, id) in now.ids.enumerated().dropFirst() where now.phases[index] != before.phases[index] {
            changed.event("\(id): \(now.phases[index].name.rawValue)", atMs: timeMs)
        }
        changed.enter(now, atMs: timeMs)
    }
}

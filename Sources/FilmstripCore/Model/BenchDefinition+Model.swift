extension BenchDefinition {
    /// A bench made of a team's own `@MainActor` model, written without filmstrip: how to make
    /// it, which phase its state is, and what each plan event calls on it.
    ///
    /// The model gets the bench's clock as `any Clock<Duration>` and a ``ScriptedTransport``
    /// answering the plan's `http` script (pass `transport.send` where the model takes
    /// `(URLRequest) async throws -> (Data, HTTPURLResponse)`). The recorder hosts the main actor
    /// (docs/OWN-CODE.md), reads `phase(model)` after every step of the clock and logs each
    /// change at its exact instant, and puts every request into `report.json`'s loads.
    ///
    /// ```swift
    /// static let profile = BenchDefinition.model(
    ///     name: "profile", summary: "the profile screen's own model",
    ///     phaseStyle: { (name: ProfilePhase.Name) in … }, depictions: […], panels: [PanelEntry(ProfilePanel())],
    ///     defaultExpectations: .everyPhase(ProfilePhase.names), initialPhase: .loading,
    ///     make: { clock, http in ProfileModel(clock: clock, transport: http.send) },
    ///     phase: { ProfilePhase($0.state) },
    ///     perform: { model, event in
    ///         switch event.action {
    ///         case .type(_, let text): model.name = text
    ///         case .tap: model.retry()
    ///         case .appear: model.appear()
    ///         case .disappear: model.disappear()
    ///         }
    ///     })
    /// ```
    ///
    /// Plans give `script` (``ModelEvent``s) and `http` (``HTTPScript``); the mode is pinned
    /// (the script runs once).
    public static func model<Model: AnyObject & Sendable, Phase: BenchPhase & Equatable>(
        name: String,
        summary: String,
        phaseStyle: @escaping @Sendable (Phase.Name) -> PhaseStyle,
        depictions: [DepictionStyle],
        panels: [PanelEntry<Phase, ModelSettings>],
        defaultExpectations: CapturePlan.Expectations,
        initialPhase: Phase,
        make: @escaping @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Model,
        phase: @escaping @MainActor @Sendable (Model) -> Phase,
        perform: @escaping @MainActor @Sendable (Model, ModelEvent) -> Void
    ) -> BenchDefinition {
        BenchDefinition(
            name: name, summary: summary, phases: phaseStyle, panels: panels,
            run: .init(
                modes: [.pinned], members: ["script", "http"],
                settings: { root, _ throws(PlanError) in try ModelSettings(root) },
                bench: { _, settings in
                    ModelBench(initialPhase: initialPhase, settings: settings, make: make, phase: phase, perform: perform)
                },
                scriptLengthMs: { settings, _ in settings.events.map(\.atMs).max() ?? 0 }),
            analysis: .init(depictions: depictions, expect: defaultExpectations))
    }
}

extension BenchDefinition {
    /// A model bench with a lane per panel: each ``ModelLane`` is its own model instance (the
    /// debounced model beside the naive one, `.task` beside `onAppear`), driven by the same plan
    /// events and answered by the same `http` script on the same clock, with its own request log.
    ///
    /// Each panel's loader analysis (visible time, flashes, held-back and blank time) comes from
    /// its own lane, so no lane is credited with content another lane held back. Each lane is
    /// judged on its own: its phase dwell, coverage and dominance (the plan's `expect`, or its
    /// entry in `expect.lanes`) and verdict, and `report.json`'s `lanes` object; the run fails
    /// when any lane does, naming it. The frames' phase is the first lane's, the other lanes'
    /// changes are timeline events (`naive: results`); `counters` give each lane's request count
    /// (`requests.naive`), and `report.json`'s loads name the lane (`naive: GET …`).
    public static func modelLanes<Phase: BenchPhase & Equatable>(
        name: String,
        summary: String,
        phaseStyle: @escaping @Sendable (Phase.Name) -> PhaseStyle,
        depictions: [DepictionStyle],
        lanes: [ModelLane<Phase>],
        defaultExpectations: CapturePlan.Expectations,
        initialPhase: Phase
    ) -> BenchDefinition {
        var definition = BenchDefinition(
            name: name, summary: summary, phases: phaseStyle,
            panels: lanes.map { lane in PanelEntry<ModelLanes<Phase>, ModelSettings>(LanePanel(panel: lane.panel)) },
            run: .init(
                modes: [.pinned], members: ["script", "http"],
                settings: { root, _ throws(PlanError) in try ModelSettings(root) },
                bench: { _, settings in LanedModelBench(lanes: lanes, initialPhase: initialPhase, settings: settings) },
                scriptLengthMs: { settings, _ in settings.events.map(\.atMs).max() ?? 0 }),
            analysis: .init(depictions: depictions, expect: defaultExpectations))
        definition.laneIDs = lanes.map(\.id)
        return definition
    }
}

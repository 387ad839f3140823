/// One lane of a model bench: an instance of a model with its own state and request log, drawn
/// by its own panel (whose identifier is the lane's), driven by the plan's events.
///
/// ```swift
/// ModelLane("eager", panel: ResultsPanel(id: "eager", …),
///           make: { _, http in EagerQueryModel(transport: http.send) },
///           phase: { .shown($0.state) },
///           perform: { model, event in if case .type(_, let text) = event.action { model.query = text } })
/// ```
public struct ModelLane<Phase: BenchPhase & Equatable>: Sendable {
    /// The lane's identifier: its panel's.
    package let id: String
    let panel: any Panel<Phase>
    let start: @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Driver

    /// A started lane: how to read its phase and how to hand it an event.
    struct Driver {
        let phase: @MainActor () -> Phase
        let perform: @MainActor (ModelEvent) -> Void
    }

    /// A lane drawn by `panel`: `make` builds its model (given the bench's clock and the lane's own
    /// scripted transport), `phase` names its state, `perform` hands it a plan event.
    public init<Model: AnyObject & Sendable>(
        panel: some Panel<Phase>,
        make: @escaping @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Model,
        phase: @escaping @MainActor @Sendable (Model) -> Phase,
        perform: @escaping @MainActor @Sendable (Model, ModelEvent) -> Void
    ) {
        self.id = panel.id
        self.panel = panel
        self.start = { clock, http in
            let model = make(clock, http)
            return Driver(phase: { phase(model) }, perform: { perform(model, $0) })
        }
    }
}

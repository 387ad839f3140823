extension BenchDefinition {
    /// A bench of a team's own list-screen model drawn by a stock ``ListScreenPanel``: the model's
    /// state is mapped to a ``ListScreen``'s slots in one closure, and the phase, the depictions,
    /// their timelines and the colours all follow from the slots (no phase enum, no panel code).
    ///
    /// ```swift
    /// static let orders = BenchDefinition.listScreen(
    ///     name: "orders", summary: "the orders screen's own model",
    ///     make: { clock, http in OrdersModel(clock: clock, transport: http.send, network: http.network) },
    ///     screen: { ListScreen(rows: $0.orders.map { ListRow($0.title, detail: $0.status) }, loading: $0.isLoading ? .skeleton : nil, failure: $0.error) },
    ///     perform: { model, event in if case .tap = event.action { model.retry() } })
    /// ```
    ///
    /// Like ``model(name:summary:phaseStyle:depictions:panels:defaultExpectations:initialPhase:make:phase:perform:)``:
    /// plans give `script` and `http`, the slots are read after every step of the clock, and the
    /// screen starts `blank`.
    /// - Parameters:
    ///   - panel: the panel (its id, caption and tint); default `ListScreenPanel()`, id `screen`.
    ///   - defaultExpectations: what a plan without `expect` must show; default: `loaded` in a frame.
    ///   - make: builds the model from the bench's clock and scripted transport.
    ///   - screen: the slots the model's state fills, read on the main actor.
    ///   - perform: what each plan event calls on the model.
    public static func listScreen<Model: AnyObject & Sendable>(
        name: String,
        summary: String,
        panel: ListScreenPanel = ListScreenPanel(),
        defaultExpectations: CapturePlan.Expectations = .init(minFrames: [ListScreen.Name.loaded.rawValue: 1]),
        make: @escaping @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Model,
        screen: @escaping @MainActor @Sendable (Model) -> ListScreen,
        perform: @escaping @MainActor @Sendable (Model, ModelEvent) -> Void
    ) -> BenchDefinition {
        .model(
            name: name, summary: summary, phaseStyle: ListScreen.style, depictions: ListScreen.depictions,
            panels: [PanelEntry<ListScreen, ModelSettings>(panel)], defaultExpectations: defaultExpectations,
            initialPhase: ListScreen(), make: make, phase: screen, perform: perform)
    }
}

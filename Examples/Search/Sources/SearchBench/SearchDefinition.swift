import Filmstrip
import SearchModels

/// What the glue asks of a search model; both models have it already.
@MainActor public protocol SearchScreenModel: AnyObject, Sendable {
    /// The text field.
    var query: String { get set }
    /// What the screen shows.
    var state: SearchState { get }
    /// The Try again button.
    func retry()
}

extension SearchModel: SearchScreenModel {}
extension NaiveSearchModel: SearchScreenModel {}

extension BenchDefinition {
    /// ``SearchModel``, the app's own model, recorded unchanged: plans type into `query`, tap `retry`.
    public static let search = searchScreen("search", "the search screen's own model: 300 ms debounce, loader after 200 ms, cancellation", lanes: [.debounced])

    /// ``NaiveSearchModel``: a search per keystroke, the spinner at once, nothing cancelled.
    public static let naiveSearch = searchScreen("naivesearch", "the naive search model: a search per keystroke, spinner at once, no cancellation", lanes: [.naive])

    /// Both models side by side on one script, a lane each: their own state, requests and loader.
    public static let searchLanes = searchScreen("searchlanes", "the debounced model beside the naive one, a lane each", lanes: [.debounced, .naive])

    private static func searchScreen(_ name: String, _ summary: String, lanes: [ModelLane<SearchPhase>]) -> BenchDefinition {
        .modelLanes(
            name: name, summary: summary, phaseStyle: SearchPanel.style, depictions: SearchPanel.depictions, lanes: lanes,
            defaultExpectations: .init(minFrames: ["results": 1]), initialPhase: .shown(.idle))
    }
}

extension ModelLane<SearchPhase> {
    static let debounced = lane(SearchPanel(id: "debounced", title: "DEBOUNCED", tint: Palette.mint)) { clock, http in
        SearchModel(clock: clock, transport: http.send)
    }
    static let naive = lane(SearchPanel(id: "naive", title: "NAIVE", tint: Palette.rose)) { _, http in
        NaiveSearchModel(transport: http.send)
    }

    private static func lane<Model: SearchScreenModel>(
        _ panel: SearchPanel, make: @escaping @MainActor @Sendable (any Clock<Duration>, ScriptedTransport) -> Model
    ) -> ModelLane<SearchPhase> {
        ModelLane(panel: panel, make: make, phase: { .shown($0.state) }, perform: { model, event in
            switch event.action {
            case .type(_, let text): model.query = text
            case .tap: model.retry()
            case .appear, .disappear: break
            }
        })
    }
}

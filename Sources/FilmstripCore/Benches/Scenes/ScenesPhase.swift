/// A finished load: when it started and when its data was ready, in ms since the start of the run.
public struct LoadSpan: Hashable, Sendable {
    public var startMs: Int
    public var readyMs: Int

    public init(startMs: Int, readyMs: Int) {
        self.startMs = startMs
        self.readyMs = readyMs
    }
}

/// The scenes bench's model state (seed 004's `viewState`): the list of scenes a screen fetches
/// when it opens.
///
/// The phases that follow a first load or a retry remember that load (``LoadSpan``), so a panel
/// can apply its loader policy as a pure function of event times: the content may still be held
/// back behind a loader that must stay its minimum time.
public enum ScenesPhase: Hashable, Sendable {
    /// A first load or a retry is in flight, since `startedAtMs`; no content on screen.
    case loading(startedAtMs: Int)
    /// A refresh is in flight over content already on screen.
    case refreshing([ManifestRow], startedAtMs: Int)
    /// The scenes are here; `load` is the first load or retry that brought them (nil after a refresh).
    case loaded([ManifestRow], load: LoadSpan?)
    /// The fetch succeeded with no scenes.
    case empty(load: LoadSpan?)
    /// The fetch failed with this message.
    case failed(String, load: LoadSpan?)

    /// The phase's name in plans and reports.
    public var name: String {
        switch self {
        case .loading: "loading"
        case .refreshing: "refreshing"
        case .loaded: "loaded"
        case .empty: "empty"
        case .failed: "failed"
        }
    }

    /// Every phase name, in report order.
    public static let names = ["loading", "refreshing", "loaded", "empty", "failed"]

    /// The load that ended in this phase, if the phase follows one.
    public var settledLoad: LoadSpan? {
        switch self {
        case .loaded(_, let load), .empty(let load), .failed(_, let load): load
        case .loading, .refreshing: nil
        }
    }

    /// The scenes shown by default when a plan's loaded reply gives none.
    public static let sampleScenes: [ManifestRow] = [
        ManifestRow(title: "Beach at dusk", detail: "warm · 4 variants"),
        ManifestRow(title: "Marble studio", detail: "neutral · 6 variants"),
        ManifestRow(title: "Autumn forest", detail: "soft light · 3 variants"),
    ]
}

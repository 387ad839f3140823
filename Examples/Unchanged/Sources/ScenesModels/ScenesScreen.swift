/// The scenes screen as its view holds it: the view model, fetched in `.task`, and the loader's
/// delayed appearance (one second, as the design team asked), started when the loader appears.
@MainActor
public final class ScenesScreen {
    /// The view model.
    public let viewModel = ScenesViewModel()
    /// The loader's `delayAppearance(bySeconds: 1)`.
    public let loaderAppearance: DelayedAppearance
    private var fetching: Task<Void, Never>?

    /// A screen whose loader delay waits with `loaderTimer`.
    public init(loaderTimer: DelayedAppearance.Timer) {
        loaderAppearance = DelayedAppearance(seconds: 1, timer: loaderTimer)
    }

    /// The screen appeared: the loader's delay starts and `.task` fetches the scenes.
    public func appear() {
        loaderAppearance.onAppear()
        fetching = Task { await viewModel.fetchScenes() }
    }

    /// The screen disappeared: `.task` is cancelled.
    public func disappear() {
        fetching?.cancel()
        loaderAppearance.onDisappear()
    }

    /// Try again on the error view: the loader appears again and the fetch runs again.
    public func retry() {
        appear()
    }
}

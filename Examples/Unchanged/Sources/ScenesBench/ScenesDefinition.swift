import Filmstrip
import ScenesModels

extension BenchDefinition {
    /// The scenes screen as written, its loader delayed by `Task.sleep`: plans send `appear`, tap `retry`.
    public static let studioScenes = scenesScreen("studioscenes", "the scenes screen as written: URLSession.shared, loader after a 1 s Task.sleep", timer: .taskSleep)

    /// The same screen, its loader delayed by `DispatchQueue.main.asyncAfter`.
    public static let studioScenesAsyncAfter = scenesScreen("studioscenesasyncafter", "the scenes screen with its loader delayed by DispatchQueue.main.asyncAfter", timer: .asyncAfter)

    /// The same screen, its loader delayed by a `Timer` on the run loop, which no run turns:
    /// filmstrip refuses it by name on either clock.
    public static let studioScenesTimer = scenesScreen("studioscenestimer", "the scenes screen with its loader delayed by Timer.scheduledTimer", timer: .scheduledTimer)

    private static func scenesScreen(_ name: String, _ summary: String, timer: DelayedAppearance.Timer) -> BenchDefinition {
        .listScreen(
            name: name, summary: summary, make: { _, _ in ScenesScreen(loaderTimer: timer) },
            screen: { screen in
                switch screen.viewModel.viewState {
                case .loading: ListScreen(loading: screen.loaderAppearance.shouldDisplay ? .spinner : .hidden)
                case .fetched(let scenes):
                    ListScreen(rows: scenes.map { ListRow($0.name, detail: $0.category) }, empty: .firstUse(title: "No scenes yet", message: "New scenes appear here.", action: "Refresh"))
                case .error: ListScreen(failure: "Couldn't load the scenes.")
                }
            },
            perform: { screen, event in
                switch event.action {
                case .appear: screen.appear()
                case .disappear: screen.disappear()
                case .tap: screen.retry()
                case .type: break
                }
            })
    }
}

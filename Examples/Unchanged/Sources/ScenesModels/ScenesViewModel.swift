import Foundation
import Observation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scenes screen's view model, as an app team writes it: `fetchScenes()` loads the list with
/// `URLSession.shared` when the screen appears (`.task { await viewModel.fetchScenes() }`).
@MainActor @Observable
public final class ScenesViewModel {
    /// What the screen shows.
    public enum ViewState: Equatable, Sendable {
        /// The list is being fetched.
        case loading
        /// The list arrived.
        case fetched([Scene])
        /// The fetch failed; the screen offers Try again.
        case error
    }

    /// What the screen shows now.
    public private(set) var viewState: ViewState = .loading

    private let url: URL

    /// A model that fetches the scenes from `url`.
    public init(url: URL = URL(string: "https://api.example.com/scenes")!) {
        self.url = url
    }

    /// Fetches the scene list; `.loading` until the answer, then `.fetched` or `.error`.
    public func fetchScenes() async {
        viewState = .loading
        do {
            let (data, response) = try await URLSession.shared.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                viewState = .error
                return
            }
            viewState = .fetched(try JSONDecoder().decode([Scene].self, from: data))
        } catch {
            viewState = .error
        }
    }
}

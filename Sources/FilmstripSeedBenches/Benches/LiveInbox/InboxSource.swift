import Foundation

/// Where the live inbox fetches from: the plan's `source`.
package struct InboxSource: Hashable, Sendable {
    /// The URL to GET (http or https).
    package var url: URL
    /// The whole request — headers and body — must end within this many ms (1...600,000),
    /// measured on the bench's clock; after it, the request is cancelled and the screen fails.
    package var timeoutMs: Int
    /// The name shown before a status in a failure (`ASC` in `ASC 409 · version already exists`).
    package var service: String

    /// A source: `url`, `timeoutMs` (1...600,000) and the `service` name shown before a status.
    package init(url: URL, timeoutMs: Int = 5000, service: String = "HTTP") {
        self.url = url
        self.timeoutMs = timeoutMs
        self.service = service
    }
}

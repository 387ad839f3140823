import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the models fetch: `URLSession.shared.data(for:)` in the app, anything with this shape elsewhere.
public typealias SearchTransport = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

enum SearchRequest {
    static func make(_ query: String, base: URL) -> URLRequest {
        var components = URLComponents(url: base.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        return URLRequest(url: components.url!)
    }

    /// The rows of a reply: one per line; a status other than 200 is a failure.
    static func rows(_ data: Data, _ response: HTTPURLResponse) throws -> [String] {
        guard response.statusCode == 200 else { throw SearchFailure(status: response.statusCode) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// A reply that was not a 200.
struct SearchFailure: Error, CustomStringConvertible {
    let status: Int
    var description: String { "HTTP \(status)" }
}

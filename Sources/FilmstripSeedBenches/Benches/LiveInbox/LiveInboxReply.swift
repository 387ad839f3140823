import FilmstripCore
import Foundation

/// How a finished request becomes a screen (seed 000, challenge 1): a 2xx JSON list with rows is
/// `loaded(rows)`, an empty one `empty`; any other status is `failed` with the status and the
/// body's message (`ASC 409 · version already exists`); a transport error is `failed` in plain
/// words; a 2xx body that is not a list of rows is `failed` ("the server sent something
/// unreadable"). Pure: no I/O, no clock.
package enum LiveInboxReply {
    /// What the request ended with.
    package enum Ending: Hashable, Sendable {
        /// A complete answer: the status and the body.
        case answer(status: Int, body: Data)
        /// No complete answer: what went wrong on the way.
        case transport(TransportProblem)
    }

    /// A request that got no complete answer, in the words a person reads.
    package enum TransportProblem: Hashable, Sendable {
        /// Nothing listens at the address (connection refused).
        case refused
        /// No complete answer within the plan's `timeoutMs`.
        case timedOut(afterMs: Int)
        /// The connection closed or reset before the body was complete.
        case cutShort
        /// The host name did not resolve.
        case unknownHost
        /// Anything else, with the system's words.
        case other(String)

        /// The sentence a failed screen shows.
        package var message: String {
            switch self {
            case .refused: "could not connect to the server (connection refused)"
            case .timedOut(let ms): "the server did not answer within \(Quantity.ms(ms))"
            case .cutShort: "the connection closed before the reply was complete"
            case .unknownHost: "could not find the server"
            case .other(let words): "the request failed: \(words)"
            }
        }
    }

    /// The sentence for an unreadable 2xx body.
    package static let unreadable = "the server sent something unreadable"

    /// The screen a request's ending leads to.
    /// - Parameter service: the name shown before a status (`ASC` in `ASC 409 · …`).
    package static func screen(for ending: Ending, service: String) -> LiveInboxPhase.Screen {
        switch ending {
        case .transport(let problem):
            return .failed(problem.message)
        case .answer(let status, let body) where (200...299).contains(status):
            guard let rows = rows(in: body) else { return .failed(unreadable) }
            return rows.isEmpty ? .empty : .loaded(rows)
        case .answer(let status, let body):
            return .failed("\(service) \(status) · \(message(in: body) ?? phrase(status))")
        }
    }

    /// The rows of a body `[{"title": "2.4.0 (118)", "detail": "Ready for Review"}, …]`; nil
    /// when it is not such a list.
    package static func rows(in body: Data) -> [ManifestRow]? {
        guard let list = try? JSONSerialization.jsonObject(with: body) as? [Any] else { return nil }
        var rows: [ManifestRow] = []
        for item in list {
            guard let object = item as? [String: Any], let title = object["title"] as? String else { return nil }
            let detail = object["detail"]
            guard detail == nil || detail is String else { return nil }
            rows.append(ManifestRow(title: title, detail: detail as? String ?? ""))
        }
        return rows
    }

    /// The server's words in an error body: `{"message": "…"}` (or `"error"`), or a short
    /// one-line text body; nil otherwise.
    package static func message(in body: Data) -> String? {
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["message", "error"] {
                if let text = object[key] as? String, !text.isEmpty { return text }
            }
            return nil
        }
        guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty, text.count <= 120, !text.contains("\n"), !text.hasPrefix("<")
        else { return nil }
        return text
    }

    /// A status in words, when the body says nothing: `404` → `not found`.
    package static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "bad request"
        case 401: "not signed in"
        case 403: "not allowed"
        case 404: "not found"
        case 408: "request timed out"
        case 409: "conflict"
        case 410: "gone"
        case 422: "not accepted"
        case 429: "too many requests"
        case 500: "server error"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timed out"
        case 300...399: "redirected"
        case 400...499: "request refused"
        default: "server error"
        }
    }
}

/// A plan's scripted HTTP server: for each method and path, the answers it gives, served in turn
/// (the last one repeats), on the bench's clock (``ScriptedTransport``).
///
/// In a plan (`"http"`, read by ``init(json:path:)``):
///
/// ```json
/// "http": [
///   {"method": "GET", "path": "/profile/*", "answers": [
///     {"status": 200, "headersAfterMs": 120, "body": "Ada"},
///     {"status": 200, "headersAfterMs": 80, "chunks": [{"afterMs": 50, "text": "Gra"}, {"afterMs": 400, "text": "ce"}]},
///     {"failure": "timedOut", "afterMs": 5000}
///   ]}
/// ]
/// ```
public struct HTTPScript: Hashable, Sendable {
    /// One method and path (or path prefix) and its answers.
    public struct Route: Hashable, Sendable {
        /// The request method, e.g. `GET`.
        package var method: String
        /// The URL path it answers, e.g. `/profile`; one ending in `*` answers every path that
        /// starts with what comes before it.
        package var path: String
        /// The answers, served in turn; the last repeats.
        package var answers: [Answer]

        /// A route; `answers` must not be empty.
        public init(method: String, path: String, answers: [Answer]) {
            precondition(!answers.isEmpty, "a route needs at least one answer")
            self.method = method
            self.path = path
            self.answers = answers
        }

        /// True when this route answers `method` on `path`.
        func matches(method: String, path: String) -> Bool {
            guard method.uppercased() == self.method.uppercased() else { return false }
            if self.path.hasSuffix("*") { return path.hasPrefix(String(self.path.dropLast())) }
            return path == self.path
        }
    }

    /// One answer: a status, headers and a body in chunks, each after a delay; or a failure.
    public struct Answer: Hashable, Sendable {
        /// A body's piece: arrives `afterMs` after the piece before it (after the headers for the first).
        public struct Chunk: Hashable, Sendable {
            /// Delay after the previous piece (or the headers), in ms.
            package var afterMs: Int
            /// The bytes, as UTF-8 text.
            public var text: String

            /// A piece of `text` arriving `afterMs` ms after the one before it.
            package init(afterMs: Int, text: String) {
                self.afterMs = afterMs
                self.text = text
            }
        }

        /// A transport failure instead of (or in the middle of) an answer.
        public enum Failure: Hashable, Sendable {
            /// The connection is refused at once (`URLError.cannotConnectToHost`).
            case refused
            /// No answer; the request fails after `afterMs` ms (`URLError.timedOut`).
            case timedOut(afterMs: Int)
            /// The headers and chunks arrive, then the connection drops (`URLError.networkConnectionLost`).
            case cutShort
            /// No answer, ever: the request waits until its task is cancelled.
            case neverAnswers
        }

        /// The HTTP status code.
        package var status: Int
        /// The response headers.
        package var headers: [String: String]
        /// Delay from the request being sent to the headers (the first byte), in ms.
        package var headersAfterMs: Int
        /// The body, in pieces.
        package var chunks: [Chunk]
        /// A failure, or nil for a whole answer.
        package var failure: Failure?

        /// An answer of `status` whose `body` arrives whole with the headers, `afterMs` ms after
        /// the request; or, with `chunks`, in those pieces after the headers.
        public init(status: Int = 200, headers: [String: String] = [:], afterMs: Int, body: String = "", chunks: [Chunk]? = nil, failure: Failure? = nil) {
            self.status = status
            self.headers = headers
            self.headersAfterMs = afterMs
            self.chunks = chunks ?? (body.isEmpty ? [] : [Chunk(afterMs: 0, text: body)])
            self.failure = failure
        }
    }

    /// The routes, first match wins.
    package var routes: [Route]
    /// The device's connectivity changes, in time order (``NetworkChange``); online before the first.
    package var network: [NetworkChange] = []

    /// A script of `routes`; a request no route matches is answered `404` at once.
    public init(routes: [Route]) {
        self.routes = routes
    }
}

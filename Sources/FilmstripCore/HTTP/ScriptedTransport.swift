import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLRequest and HTTPURLResponse are part of Foundation
import FoundationNetworking
#endif
import Synchronization

/// An HTTP transport answered from an ``HTTPScript`` on the bench's clock, and its log of every
/// request (``exchanges``).
///
/// Give a model ``send(_:)`` where it takes `(URLRequest) async throws -> (Data, HTTPURLResponse)`
/// — the injectable transport of an API client — instead of `URLSession.shared.data(for:)`. On the
/// virtual clock every delay of the script is exact; on the real clock the same script is served
/// with real sleeps (times measured), or, when `FILMSTRIP_SCRIPTED_SERVER` names the scripted
/// server serving the plan (``forRun(script:clock:environment:)``), each request goes to that
/// server through `URLSession` (docs/OWN-CODE.md, "The same plan on the real clock").
///
/// ```swift
/// let http = ScriptedTransport(script: plan.http, clock: clock)
/// let model = ProfileModel(clock: clock.clock, transport: http.send)
/// ```
///
/// Cancelling the task that awaits ``send(_:)`` ends the request at that instant with
/// `CancellationError`, and its exchange records `cancelledAtMs`.
public final class ScriptedTransport: Sendable {
    private struct State {
        var served: [Int: Int] = [:]
        var exchanges: [HTTPExchange] = []
    }

    let script: HTTPScript
    let clock: BenchClock
    /// The scripted server every request goes to, or nil when the script answers in process.
    package let server: URL?
    private let state = Mutex(State())

    /// The environment variable naming the scripted server a real-clock run sends to:
    /// `http://127.0.0.1:PORT` (`Tests/LiveServer/scripted_server.py --plan PLAN.json`).
    package static let serverVariable = "FILMSTRIP_SCRIPTED_SERVER"

    /// A transport serving `script` on `clock`; with `server` (the real clock only), one that
    /// sends every request to that server instead, keeping the request's path and query.
    package init(script: HTTPScript, clock: BenchClock, server: URL? = nil) {
        self.script = script
        self.clock = clock
        self.server = server
    }

    /// The transport of a model bench's run: on the real clock (`ContinuousClock`), when
    /// `environment` has ``serverVariable``, one that sends to that server; otherwise one that
    /// answers from `script` (always on the virtual clock, which stays exact and offline).
    package static func forRun(script: HTTPScript, clock: BenchClock, environment: [String: String] = ProcessInfo.processInfo.environment) -> ScriptedTransport {
        let server = clock.clock is ContinuousClock ? environment[serverVariable].flatMap { URL(string: $0) } : nil
        return ScriptedTransport(script: script, clock: clock, server: server)
    }

    /// Every request so far, in the order they were sent.
    package var exchanges: [HTTPExchange] { state.withLock { $0.exchanges } }

    /// Sends `request` to the script: waits the answer's delays on the bench's clock and returns
    /// its body (every chunk) and response.
    /// - Throws: `URLError` for a scripted failure (`.cannotConnectToHost`, `.timedOut`,
    ///   `.networkConnectionLost`); `CancellationError` when the task is cancelled.
    @Sendable public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = request.url ?? URL(string: "about:blank")!
        let method = request.httpMethod ?? "GET"
        let sent = clock.nowMs()
        if !script.isOnline(atMs: sent) { throw offline(method: method, url: url, sentMs: sent) }
        let (index, answer) = state.withLock { state -> (Int, HTTPScript.Answer) in
            state.exchanges.append(HTTPExchange(method: method, url: url.absoluteString, sentMs: sent))
            let index = state.exchanges.count - 1
            guard let route = script.routes.firstIndex(where: { $0.matches(method: method, path: url.path) }) else {
                return (index, HTTPScript.Answer(status: 404, afterMs: 0))
            }
            let turn = state.served[route, default: 0]
            state.served[route] = turn + 1
            let answers = script.routes[route].answers
            return (index, answers[min(turn, answers.count - 1)])
        }
        let clock = self.clock
        let remote = server.map { server in
            ScriptedServerRequest { [self] status in
                let now = clock.nowMs()
                state.withLock { $0.exchanges[index].firstByteMs = now; $0.exchanges[index].status = status }
            }
        }
        return try await withTaskCancellationHandler {
            if let server, let remote { return try await forward(request, to: server, through: remote, index: index) }
            return try await serve(answer, url: url, index: index, sent: sent)
        } onCancel: {
            let now = clock.nowMs()
            state.withLock { state in
                if state.exchanges[index].lastByteMs == nil { state.exchanges[index].cancelledAtMs = now }
            }
            remote?.cancel()
        }
    }

    /// Logs a request sent while the script has the device offline (``HTTPScript/NetworkChange``):
    /// it fails at once, takes no turn of its route's answers, and its exchange says `offline`.
    private func offline(method: String, url: URL, sentMs: Int) -> URLError {
        var exchange = HTTPExchange(method: method, url: url.absoluteString, sentMs: sentMs)
        exchange.failure = "offline"
        exchange.lastByteMs = sentMs
        state.withLock { $0.exchanges.append(exchange) }
        return URLError(.notConnectedToInternet)
    }

    /// Sends `request` to `server` (its scheme, host and port; the request's path and query) and
    /// logs the last byte or the failure on the bench's clock; the response keeps the request's URL.
    private func forward(_ request: URLRequest, to server: URL, through remote: ScriptedServerRequest, index: Int) async throws -> (Data, HTTPURLResponse) {
        let url = request.url ?? URL(string: "about:blank")!
        var routed = request
        var parts = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        parts.path = url.path
        parts.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        routed.url = parts.url
        do {
            let (body, response) = try await remote.send(routed)
            let now = clock.nowMs()
            state.withLock { $0.exchanges[index].lastByteMs = now }
            let headers = response.allHeaderFields.reduce(into: [String: String]()) { $0["\($1.key)"] = "\($1.value)" }
            return (body, HTTPURLResponse(url: url, statusCode: response.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)!)
        } catch let error as URLError {
            let now = clock.nowMs()
            state.withLock { state in
                // FoundationNetworking ends a body shorter than its Content-Length with URLError(.unknown).
                let midBody = error.code == .unknown && state.exchanges[index].firstByteMs != nil
                state.exchanges[index].failure = midBody ? "cut short" : Self.words(for: error.code)
                state.exchanges[index].lastByteMs = now
            }
            throw error
        }
    }

    /// A server's failure in the words of the scripted ones: a server that closes without an
    /// answer (`refused`, `timedOut`, `neverAnswers` on the real clock) or mid-body reads as `cut short`.
    private static func words(for code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "refused"
        case .timedOut: "timed out"
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: "cut short"
        default: "failed (URLError \(code.rawValue))"
        }
    }

    private func serve(_ answer: HTTPScript.Answer, url: URL, index: Int, sent: Int) async throws -> (Data, HTTPURLResponse) {
        func update(_ change: (inout HTTPExchange) -> Void) { state.withLock { change(&$0.exchanges[index]) } }
        func fail(_ code: URLError.Code, _ words: String) -> URLError {
            update { $0.failure = words; $0.lastByteMs = clock.nowMs() }
            return URLError(code)
        }
        switch answer.failure {
        case .refused: throw fail(.cannotConnectToHost, "refused")
        case .timedOut(let afterMs):
            try await clock.sleepUntilMs(sent + afterMs)
            throw fail(.timedOut, "timed out")
        case .neverAnswers:
            // Until cancelled: ten days past the start, beyond any recording window.
            try await clock.sleepUntilMs(sent + 864_000_000)
            throw fail(.timedOut, "never answered")
        case .cutShort, nil: break
        }
        try await clock.sleepUntilMs(sent + answer.headersAfterMs)
        let headersAt = clock.nowMs()
        update { $0.firstByteMs = headersAt; $0.status = answer.status }
        var body = Data()
        var at = headersAt
        for chunk in answer.chunks {
            at += chunk.afterMs
            try await clock.sleepUntilMs(at)
            body.append(contentsOf: Array(chunk.text.utf8))
        }
        if answer.failure == .cutShort { throw fail(.networkConnectionLost, "cut short") }
        update { $0.lastByteMs = clock.nowMs() }
        let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)!
        return (body, response)
    }
}

import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLSession is part of Foundation
import FoundationNetworking
#endif
import Synchronization

/// One request a ``ScriptedTransport`` sends to the scripted server on the real clock
/// (`Tests/LiveServer/scripted_server.py --plan`), through its own ephemeral `URLSession`: tells
/// when the headers arrive, gathers the body, and can be cancelled from any thread.
final class ScriptedServerRequest: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var body = Data()
        var response: HTTPURLResponse?
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        var task: URLSessionTask?
        var cancelled = false
    }

    private let state = Mutex(State())
    private let headersArrived: @Sendable (Int) -> Void

    /// A request that calls `headersArrived` with the status when the headers come in.
    init(headersArrived: @escaping @Sendable (Int) -> Void) {
        self.headersArrived = headersArrived
    }

    /// The request sent to the server as it was given; the body and response once the last byte
    /// arrived. Throws the session's `URLError`, or `CancellationError` after ``cancel()``.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
            let task = session.dataTask(with: request)
            let cancelled = state.withLock { state in
                state.continuation = continuation
                state.task = task
                return state.cancelled
            }
            task.resume()
            if cancelled { task.cancel() }
            session.finishTasksAndInvalidate()
        }
    }

    /// Cancels the request (before or while it is in flight).
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        state.withLock { $0.response = http }
        headersArrived(http?.statusCode ?? 0)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result) = state.withLock { state -> (CheckedContinuation<(Data, HTTPURLResponse), any Error>?, Result<(Data, HTTPURLResponse), any Error>) in
            let continuation = state.continuation
            state.continuation = nil
            if state.cancelled { return (continuation, .failure(CancellationError())) }
            if let error { return (continuation, .failure(error)) }
            guard let response = state.response else { return (continuation, .failure(URLError(.badServerResponse))) }
            return (continuation, .success((state.body, response)))
        }
        continuation?.resume(with: result)
    }
}

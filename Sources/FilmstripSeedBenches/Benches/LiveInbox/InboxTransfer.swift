import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLSession is part of Foundation
    import FoundationNetworking
#endif

/// One HTTP GET with Foundation's `URLSession` (FoundationNetworking on Linux), reporting the
/// headers, every piece of the body and the end to `report`, on the session's own queue.
///
/// Each transfer has its own ephemeral session, so it has its own connection: ``cancel()``
/// cancels the `URLSessionTask`, which closes that connection, and the server sees it closed.
/// The session's own timeout is only a backstop; the bench enforces the plan's `timeoutMs` on its
/// clock and cancels the transfer itself.
final class InboxTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What the transfer reports, in order: headers, bytes (zero or more times), then its end.
    enum Report: Sendable {
        /// The status line and headers arrived: the first byte. `expectedBytes` is `Content-Length`.
        case headers(status: Int, expectedBytes: Int?)
        /// Body bytes received so far, in total.
        case bytes(received: Int)
        /// The transfer ended with this; nil when it was cancelled.
        case ended(LiveInboxReply.Ending?)
    }

    private let url: URL
    private let backstopSeconds: Int
    private let report: @Sendable (Report) -> Void
    // Guarded by `lock`: the delegate queue writes, `cancel()` reads from the bench's thread.
    private let lock = NSLock()
    private var body = Data()
    private var status = 0
    private var task: URLSessionDataTask?

    /// - Parameters:
    ///   - url: what to GET.
    ///   - backstopSeconds: URLSession's own idle timeout, in whole seconds (≥ 1).
    ///   - report: called with each report, from the session's delegate queue.
    init(url: URL, backstopSeconds: Int, report: @escaping @Sendable (Report) -> Void) {
        self.url = url
        self.backstopSeconds = max(1, backstopSeconds)
        self.report = report
    }

    /// Starts the request.
    func start() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(backstopSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(backstopSeconds)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        lock.withLock { self.task = task }
        task.resume()
    }

    /// Cancels the request (`URLSessionTask.cancel()`); it then reports `.ended(nil)`.
    func cancel() {
        lock.withLock { task }?.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.withLock { self.status = status }
        let length = response.expectedContentLength
        report(.headers(status: status, expectedBytes: length >= 0 ? Int(length) : nil))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let received = lock.withLock { () -> Int in
            body.append(data)
            return body.count
        }
        report(.bytes(received: received))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        defer { session.finishTasksAndInvalidate() }
        guard let error else {
            let (status, body) = lock.withLock { (self.status, self.body) }
            report(.ended(.answer(status: status, body: body)))
            return
        }
        let code = (error as? URLError)?.code
        switch code {
        case .cancelled?: report(.ended(nil))
        case .cannotConnectToHost?: report(.ended(.transport(.refused)))
        case .timedOut?: report(.ended(.transport(.timedOut(afterMs: backstopSeconds * 1000))))
        case .networkConnectionLost?: report(.ended(.transport(.cutShort)))
        case .cannotFindHost?, .dnsLookupFailed?: report(.ended(.transport(.unknownHost)))
        default:
            // libcurl's errors mostly come through FoundationNetworking as URLError.unknown with
            // curl's words: read them.
            report(.ended(.transport(Self.problem(fromCurlWords: error.localizedDescription, timeoutMs: backstopSeconds * 1000))))
        }
    }

    /// The transport problem libcurl's message names (`Failed to connect … Couldn't connect to
    /// server`, `transfer closed with 11 bytes remaining to read`, …).
    static func problem(fromCurlWords words: String, timeoutMs: Int) -> LiveInboxReply.TransportProblem {
        let lower = words.lowercased()
        if lower.contains("couldn't connect") || lower.contains("connection refused") { return .refused }
        if lower.contains("timed out") { return .timedOut(afterMs: timeoutMs) }
        if lower.contains("resolve host") { return .unknownHost }
        if lower.contains("transfer closed") || lower.contains("connection reset") || lower.contains("recv failure") || lower.contains("empty reply") {
            return .cutShort
        }
        return .other(words)
    }
}

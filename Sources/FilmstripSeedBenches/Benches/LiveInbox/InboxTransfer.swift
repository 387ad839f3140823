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
/// clock and cancels the transfer itself. The finished body is read into a screen here, on the
/// session's queue, so a large body never holds up the recorder's thread.
final class InboxTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The final answer's status line and headers (never a 1xx interim answer).
    struct Head: Sendable {
        /// The status.
        var status: Int
        /// The decoded body's length: `Content-Length` when the content coding is identity;
        /// nil when there is none, or the coding makes the decoded length unknowable.
        var expectedBytes: Int?
        /// The headers, names lowercased.
        var headers: [String: String]
    }

    /// What the transfer reports, in order: headers, bytes (zero or more times), then its end.
    enum Report: Sendable {
        /// The final status line and headers arrived: the first byte.
        case headers(Head)
        /// Decoded body bytes received so far, in total.
        case bytes(received: Int)
        /// The transfer ended with this (nil when cancelled), the screen it reads as, and the URL
        /// it last asked (the one that failed, after redirects).
        case ended(LiveInboxReply.Ending?, screen: LiveInboxPhase.Screen?, url: URL)
    }

    /// How many redirects a transfer follows before it is a redirect loop.
    static let redirectLimit = 16
    /// The largest body a transfer reads (64 MiB); a larger one, or one announced larger in
    /// `Content-Length`, is cancelled and fails as too large.
    static let bodyLimit = 64 * 1_048_576

    private let url: URL
    private let service: String
    private let conditions: [String: String]
    private let backstopSeconds: Int
    private let report: @Sendable (Report) -> Void
    // Guarded by `lock`: the delegate queue writes, `cancel()` reads from the bench's thread.
    private let lock = NSLock()
    private var body = Data()
    private var head: Head?
    private var task: URLSessionDataTask?
    private var currentURL: URL
    private var redirects = 0
    private var cancelledByBench = false
    private var tooLarge = false
    /// A 401/407 whose challenge this transfer declined, to deliver as the answer.
    private var challenged: HTTPURLResponse?

    /// - Parameters:
    ///   - url: what to GET.
    ///   - service: the name shown before a status on a failed screen.
    ///   - conditions: request headers of a conditional GET (`If-None-Match`, `If-Modified-Since`).
    ///   - backstopSeconds: URLSession's own idle timeout, in whole seconds (≥ 1).
    ///   - report: called with each report, from the session's delegate queue.
    init(url: URL, service: String, conditions: [String: String] = [:], backstopSeconds: Int, report: @escaping @Sendable (Report) -> Void) {
        self.url = url
        self.service = service
        self.conditions = conditions
        self.currentURL = url
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
        for (name, value) in conditions.sorted(by: { $0.key < $1.key }) { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        lock.withLock { self.task = task }
        task.resume()
    }

    /// Cancels the request (`URLSessionTask.cancel()`); it then reports `.ended(nil, …)`.
    func cancel() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            cancelledByBench = true
            return self.task
        }
        task?.cancel()
    }

    /// The head of `response`: status, lowercased headers, and the decoded length when knowable.
    static func head(of response: URLResponse) -> Head {
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        let length = response.expectedContentLength
        let coding = (headers["content-encoding"] ?? "identity").trimmingCharacters(in: .whitespaces).lowercased()
        let knowable = coding == "identity" || coding.isEmpty
        return Head(status: http?.statusCode ?? 0, expectedBytes: length >= 0 && knowable ? Int(length) : nil, headers: headers)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let head = Self.head(of: response)
        // An interim answer (103 Early Hints) is not the answer: its first byte is not the first byte.
        guard !(100...199).contains(head.status) else { return completionHandler(.allow) }
        lock.withLock { self.head = head }
        report(.headers(head))
        if let length = head.headers["content-length"].flatMap({ Int($0) }), length > Self.bodyLimit {
            lock.withLock { tooLarge = true }
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let received = lock.withLock { () -> Int? in
            guard !tooLarge else { return nil }
            guard body.count + data.count <= Self.bodyLimit else {
                tooLarge = true
                return nil
            }
            body.append(data)
            return body.count
        }
        guard let received else { return dataTask.cancel() }
        report(.bytes(received: received))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let follow = lock.withLock { () -> Bool in
            redirects += 1
            if let next = request.url { currentURL = next }
            return redirects <= Self.redirectLimit
        }
        if follow { return completionHandler(request) }
        completionHandler(nil)
        finish(.transport(.redirectLoop), session: session)
        task.cancel()
    }

    /// Declines every authentication challenge (FoundationNetworking raises one for a 401 with
    /// `WWW-Authenticate: Basic`, and without a credential its default handling never ends the
    /// task: swift-corelibs-foundation #5456, fixed by #5457 after Swift 6.3.1). The bench has
    /// no credentials; declining cancels the task, and the 401 that arrived is delivered as the
    /// answer when it ends.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            lock.withLock { challenged = response }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    private var finished = false

    /// Reports the end once, with the screen it reads as (read here, off the bench's thread).
    private func finish(_ ending: LiveInboxReply.Ending?, session: URLSession) {
        let (first, failed) = lock.withLock { () -> (Bool, URL) in
            defer { finished = true }
            return (!finished, currentURL)
        }
        guard first else { return }
        session.finishTasksAndInvalidate()
        report(.ended(ending, screen: ending.map { LiveInboxReply.screen(for: $0, service: service) }, url: failed))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (head, body, challenged, ours, large) = lock.withLock { (self.head, self.body, self.challenged, cancelledByBench, tooLarge) }
        if large, !ours { return finish(.transport(.tooLarge(limitBytes: Self.bodyLimit)), session: session) }
        guard let error else {
            let final = head ?? task.response.map(Self.head(of:)) ?? Head(status: 0, expectedBytes: nil, headers: [:])
            return finish(.answer(status: final.status, headers: final.headers, body: body), session: session)
        }
        // libcurl refuses a coding it cannot decode ("Unrecognized content encoding type"):
        // the answer came, and its coding is what the screen names.
        if let head, !ours, LiveInboxReply.unknownCoding(head.headers) != nil {
            return finish(.answer(status: head.status, headers: head.headers, body: Data()), session: session)
        }
        if let challenged, !ours {
            let final = Self.head(of: challenged)
            return finish(.answer(status: final.status, headers: final.headers, body: body), session: session)
        }
        let code = (error as? URLError)?.code
        let words = error.localizedDescription
        switch code {
        case .cancelled? where ours: finish(nil, session: session)
        case .cannotConnectToHost?: finish(.transport(.refused), session: session)
        case .timedOut?: finish(.transport(head == nil ? .timedOut(afterMs: backstopSeconds * 1000) : .incomplete(afterMs: backstopSeconds * 1000)), session: session)
        case .networkConnectionLost?: finish(.transport(.cutShort), session: session)
        case .cannotFindHost?, .dnsLookupFailed?: finish(.transport(.unknownHost), session: session)
        case .httpTooManyRedirects?, .redirectToNonExistentLocation?: finish(.transport(.redirectLoop), session: session)
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?, .serverCertificateNotYetValid?,
            .serverCertificateHasUnknownRoot?, .clientCertificateRejected?, .clientCertificateRequired?:
            finish(.transport(.tls(words)), session: session)
        default:
            // libcurl's errors mostly come through FoundationNetworking as URLError.unknown with
            // curl's words: read them.
            finish(.transport(Self.problem(fromCurlWords: words, timeoutMs: backstopSeconds * 1000)), session: session)
        }
    }

    /// The transport problem libcurl's message names (`Failed to connect … Couldn't connect to
    /// server`, `transfer closed with 11 bytes remaining to read`, an SSL error, …). Answers that
    /// are not HTTP come as libcurl's `Received HTTP/0.9 when not allowed` (no status line),
    /// `Unsupported HTTP version in response` (a status line it cannot read),
    /// `Unsupported response code in HTTP response` (a status below 100), `Header without colon`,
    /// `… in chunked-encoding` (broken chunk sizes), and FoundationNetworking's
    /// `Failed writing header` (a header line not ended by CRLF: Tests/LiveServer answers each,
    /// docs/LIVE-NETWORK.md lists them). A header block over libcurl's 100 KiB comes only as
    /// `Out of memory`, which a real lack of memory also says: it stays `.other`.
    static func problem(fromCurlWords words: String, timeoutMs: Int) -> LiveInboxReply.TransportProblem {
        let lower = words.lowercased()
        if lower.contains("couldn't connect") || lower.contains("connection refused") { return .refused }
        if lower.contains("timed out") { return .timedOut(afterMs: timeoutMs) }
        if lower.contains("resolve host") { return .unknownHost }
        if lower.contains("transfer closed") || lower.contains("connection reset") || lower.contains("recv failure") || lower.contains("empty reply") {
            return .cutShort
        }
        if lower.contains("ssl") || lower.contains("tls") || lower.contains("certificate") { return .tls(words) }
        let notHTTP = ["http/0.9", "unsupported http version", "unsupported response code", "header without colon", "chunked-encoding", "weird server reply", "failed writing header"]
        if notHTTP.contains(where: lower.contains) { return .malformed(words) }
        if lower.contains("content unencoding") || lower.contains("content decoding") { return .damagedCoding(words) }
        if lower.contains("redirect") { return .redirectLoop }
        return .other(words)
    }
}

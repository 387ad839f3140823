import CHostedRun
import Foundation
#if canImport(FoundationNetworking)  // no other branch: on Darwin URLProtocol is part of Foundation
import FoundationNetworking
#endif
import Synchronization

/// Answers a hosted model's own `URLSession` requests — `URLSession.shared.data(for:)`, or a
/// session it makes from a configuration of its own — from the plan's `http` script, while a
/// model bench runs (docs/OWN-CODE.md, "Your code as it is").
///
/// Registered with `URLProtocol.registerClass` for the length of every hosted run, it takes the
/// `http` and `https` requests of a run whose bench has handed it transports (``answer(with:)``),
/// one per lane, and sends each through the lane's ``ScriptedTransport``: the same answers,
/// instants (sent, first byte, last byte, cancelled) and request log as a model given
/// `transport.send`. On the virtual clock FoundationNetworking's own work runs on the run's thread
/// (``HostedTime`` takes its Dispatch blocks), so every instant is exact; on the real clock it
/// runs on FoundationNetworking's threads, with real sleeps or the scripted server.
final class HostedURLProtocol: URLProtocol {
    /// The lanes' transports of the run being hosted; empty when no bench answers requests.
    private static let transports = Mutex<[ScriptedTransport]>([])
    private static let registered: Bool = URLProtocol.registerClass(HostedURLProtocol.self)
    /// FoundationNetworking's libcurl calls redirected, once per process (`Sources/CHostedRun`).
    private static let networkHooked: Int32 = fs_hosted_hook_network()

    private let answering = Mutex<Task<Void, Never>?>(nil)

    /// Starts a hosted run: requests are answered once a bench hands its transports over.
    static func begin() {
        _ = registered
        // The shared session is made here, outside the run: a session made while the run captures
        // is one of the model's own configuration, which the run refuses (fs_hosted_hook_network).
        _ = URLSession.shared
        _ = networkHooked
        transports.withLock { $0 = [] }
    }

    /// Ends a hosted run: requests go to the network again.
    static func end() { transports.withLock { $0 = [] } }

    /// Answers the run's requests with `lanes` (indexed by ``ModelLaneTag``; the first answers
    /// code whose lane cannot be told).
    static func answer(with lanes: [ScriptedTransport]) { transports.withLock { $0 = lanes } }

    override static func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return transports.withLock { !$0.isEmpty }
    }

    override static func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let tag = Int(HostedTime.laneTag())
        guard let transport = Self.transports.withLock({ $0.indices.contains(tag) ? $0[tag] : $0.first }) else {
            client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
            return
        }
        let request = self.request
        let loading = Loading(protocol: self)
        let task = Task {
            do {
                let (body, response) = try await transport.send(request)
                guard !Task.isCancelled else { return }
                loading.finish(response: response, body: body)
            } catch {
                guard !Task.isCancelled else { return }  // stopLoading: the session reports the cancellation
                loading.fail(error)
            }
        }
        answering.withLock { $0 = task }
    }

    /// The protocol instance as the answering task reaches it.
    private struct Loading: @unchecked Sendable {
        // Sendable by use: FoundationNetworking keeps the instance alive until it finishes or is
        // stopped, and the task calls its client once, after which it touches nothing.
        let `protocol`: HostedURLProtocol

        func finish(response: HTTPURLResponse, body: Data) {
            let client = `protocol`.client
            client?.urlProtocol(`protocol`, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(`protocol`, didLoad: body)
            client?.urlProtocolDidFinishLoading(`protocol`)
        }

        func fail(_ error: any Error) { `protocol`.client?.urlProtocol(`protocol`, didFailWithError: error) }
    }

    override func stopLoading() {
        answering.withLock { $0 }?.cancel()
    }
}

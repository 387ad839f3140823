/// One request a model sent through a ``ScriptedTransport``, timed on the bench's clock: what
/// `report.json` and the timeline show for it.
public struct HTTPExchange: Hashable, Sendable {
    /// The method, e.g. `GET`.
    package var method: String
    /// The whole URL.
    package var url: String
    /// When it was sent, ms since the start of the run.
    package var sentMs: Int
    /// When its headers (the first byte) arrived, ms; nil when none did.
    package var firstByteMs: Int?
    /// When its last byte arrived or it failed, ms; nil while in flight or when cancelled first.
    package var lastByteMs: Int?
    /// The status, once the headers arrived.
    package var status: Int?
    /// When the task that sent it was cancelled, ms; nil when it was not.
    package var cancelledAtMs: Int?
    /// The transport failure, in words (`timed out`), or nil.
    package var failure: String?

    /// `GET /profile/7 sent 300 ms, 200 at 420 ms, last byte 420 ms`, or `… cancelled at 301 ms`.
    package var summary: String {
        var parts = ["\(method) \(url) sent \(sentMs) ms"]
        if let status, let firstByteMs { parts.append("\(status) at \(firstByteMs) ms") }
        if let failure { parts.append(failure) }
        if let lastByteMs, cancelledAtMs == nil { parts.append("last byte \(lastByteMs) ms") }
        if let cancelledAtMs { parts.append("cancelled at \(cancelledAtMs) ms") }
        return parts.joined(separator: ", ")
    }

    /// The exchange as a ``LoadTiming`` for `report.json` (a cancelled one ends at its cancel instant).
    package var loadTiming: LoadTiming {
        LoadTiming(label: summary, startMs: sentMs, firstByteMs: firstByteMs, lastByteMs: cancelledAtMs ?? lastByteMs ?? sentMs)
    }
}

import FilmstripCore
import Foundation

/// The live inbox's own part of a plan: `source` and the timed `script`.
package struct LiveInboxSettings: BenchSettings {
    /// Where to fetch from.
    package var source: InboxSource
    /// Events at instants, in file order for equal instants (may be empty: open and load once).
    package var events: [LiveInboxEvent]

    /// Settings that fetch `source` and play `events`.
    package init(source: InboxSource, events: [LiveInboxEvent] = []) {
        self.source = source
        self.events = events
    }

    /// Reads `source` and `script` from a plan's root object.
    /// - Throws: ``PlanError`` naming the JSON path.
    static func read(_ root: JSONObjectReader) throws(PlanError) -> LiveInboxSettings {
        guard let value = root.members["source"] else {
            throw PlanError(path: "$.source", message: "required member is missing; expected {\"url\": \"http://127.0.0.1:PORT/inbox\", \"timeoutMs\": 2000}")
        }
        let reader = try JSONObjectReader(value, path: "$.source", allowed: ["url", "timeoutMs", "service"])
        guard let text = try reader.string("url") else {
            throw PlanError(path: reader.path("url"), message: "required member is missing; expected an http:// or https:// URL")
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw PlanError(path: reader.path("url"), message: "expected an http:// or https:// URL with a host, found \(URLRedaction.unparsable(text))")
        }
        try refuseBracketedHost(url, path: reader.path("url"))
        let timeoutMs = try reader.integer("timeoutMs", in: 1...600_000, unit: "ms") ?? 5000
        let service = try reader.string("service") ?? "HTTP"
        var events: [LiveInboxEvent] = []
        for (index, item) in (try root.array("script") ?? []).enumerated() {
            let event = try JSONObjectReader(item, path: "$.script[\(index)]", allowed: ["atMs", "event"])
            guard let atMs = try event.integer("atMs", in: 0...86_400_000, unit: "ms") else {
                throw PlanError(path: event.path("atMs"), message: "required member is missing; expected the event's instant in ms")
            }
            let names = LiveInboxEvent.Kind.allCases.map(\.rawValue)
            guard let name = try event.string("event"), let kind = LiveInboxEvent.Kind(rawValue: name) else {
                throw PlanError(path: event.path("event"), message: "expected one of: \(names.joined(separator: ", "))")
            }
            events.append(LiveInboxEvent(atMs: atMs, kind: kind))
        }
        return LiveInboxSettings(source: InboxSource(url: url, timeoutMs: timeoutMs, service: service), events: events)
    }

    /// Refuses a URL whose host is a bracketed IPv6 literal (`http://[::1]:8080/`):
    /// FoundationNetworking on Swift 6.3.1 fails every such request in a few ms without
    /// reaching the server ("NSURLErrorDomain error -1000", swift-corelibs-foundation #5496).
    static func refuseBracketedHost(_ url: URL, path: String) throws(PlanError) {
        let rest = url.absoluteString.components(separatedBy: "://").dropFirst().first ?? ""
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = String(authority.split(separator: "@").last ?? authority)
        guard host.hasPrefix("[") else { return }
        throw PlanError(
            path: path,
            message: "an IPv6 address in brackets (\(URLRedaction.redacted(host))) cannot be fetched: URLSession on this toolchain fails such a request before it leaves the machine (swift-corelibs-foundation #5496); use 127.0.0.1 or a host name that resolves to the address")
    }

    /// The limits a plan file meets, for settings built in code.
    func validate() throws(PlanError) {
        try Self.refuseBracketedHost(source.url, path: "$.source.url")
        guard (1...600_000).contains(source.timeoutMs) else {
            throw PlanError(path: "$.source.timeoutMs", message: "expected an integer from 1 to 600000 ms, found \(source.timeoutMs)")
        }
        for (index, event) in events.enumerated() where !(0...86_400_000).contains(event.atMs) {
            throw PlanError(path: "$.script[\(index)].atMs", message: "expected an integer from 0 to 86400000 ms, found \(event.atMs)")
        }
    }
}

import FilmstripCore
import Foundation

/// How a finished request becomes a screen, one row of
/// docs/LIVE-NETWORK.md per status class: a 2xx JSON list with rows is `loaded(rows)`, an empty
/// one — or a 204/205 — `empty` (a 206 whose `Content-Range` covers the whole representation is
/// read as the whole answer); a 304 keeps what is on screen (the bench applies it); any other
/// status is `failed` with the status and the body's message in plain words
/// (`ASC 409 · version already exists`), a 429 or 503 with its `Retry-After` as a wait; a
/// transport error is `failed` in plain words. Pure: no I/O, no clock.
package enum LiveInboxReply {
    /// What the request ended with.
    package enum Ending: Hashable, Sendable {
        /// A complete answer: the status, the headers (names lowercased) and the decoded body.
        case answer(status: Int, headers: [String: String] = [:], body: Data)
        /// No complete answer: what went wrong on the way.
        case transport(TransportProblem)
    }

    /// A request that got no complete answer, in the words a person reads.
    package enum TransportProblem: Hashable, Sendable {
        /// Nothing listens at the address (connection refused).
        case refused
        /// No answer at all (not even the status line) within the plan's `timeoutMs`.
        case timedOut(afterMs: Int)
        /// The status line and headers came, but the body did not finish within `timeoutMs`.
        case incomplete(afterMs: Int)
        /// The connection closed or reset before the body was complete.
        case cutShort
        /// The host name did not resolve.
        case unknownHost
        /// The TLS handshake or certificate check failed; the library's words.
        case tls(String)
        /// The server redirected more times than the client follows.
        case redirectLoop
        /// The body is (or was announced as) larger than the bench reads, in bytes.
        case tooLarge(limitBytes: Int)
        /// The bytes that came are not HTTP/1.1 (RFC 9112): a status line, header line or chunk
        /// framing the client cannot parse; the library's words.
        case malformed(String)
        /// The body's content coding (gzip, deflate, …) is damaged and cannot be decoded
        /// (RFC 9110 §8.4.1); the library's words.
        case damagedCoding(String)
        /// Anything else, with the library's words (kept for the notes, never on screen).
        case other(String)

        /// The sentence a failed screen shows: plain words, no library codes.
        package var message: String {
            switch self {
            case .refused: "could not connect to the server (connection refused)"
            case .timedOut(let ms): "the server did not answer within \(Quantity.ms(ms))"
            case .incomplete(let ms): "the answer began but did not finish within \(Quantity.ms(ms))"
            case .cutShort: "the connection closed before the reply was complete"
            case .unknownHost: "could not find the server"
            case .tls: "could not make a secure connection to the server"
            case .redirectLoop: "the server redirected too many times (a redirect loop)"
            case .tooLarge(let limit): "the answer is too large (over \(limit / 1_048_576) MB)"
            case .malformed: "the server's answer is not valid HTTP"
            case .damagedCoding: "the server's compressed answer is damaged"
            case .other: "the request could not be completed"
            }
        }

        /// The words for the report and transcript: the message, then the library's own text
        /// when it gave any.
        package var detail: String {
            switch self {
            case .tls(let words), .malformed(let words), .damagedCoding(let words), .other(let words): "\(message) (\(words))"
            default: message
            }
        }
    }

    /// The note under rows kept by a refresh answered 304 Not Modified when it sent no
    /// validators (the last full answer had no `ETag` or `Last-Modified`).
    package static let unaskedNotModified = "no newer inbox: the server says nothing changed"
    /// The sentence for an unreadable 2xx body.
    package static let unreadable = "the server sent something unreadable"
    /// The sentence for a 2xx whose body is empty.
    package static let emptyBody = "the server's answer was empty"
    /// The content codings the transport decodes (RFC 9110 §8.4.1; libcurl's list).
    package static let knownCodings: Set<String> = ["identity", "gzip", "x-gzip", "deflate", "br", "zstd"]

    /// The screen a request's ending leads to. A 304 is not mapped here (it keeps the screen:
    /// the bench applies it); on its own it reads as a failure naming it.
    /// - Parameter service: the name shown before a status (`ASC` in `ASC 409 · …`).
    package static func screen(for ending: Ending, service: String) -> LiveInboxPhase.Screen {
        switch ending {
        case .transport(let problem):
            return .failed(problem.message)
        case .answer(let status, let headers, let body):
            if let coding = unknownCoding(headers) {
                return .failed("the server packed its answer in a way this app cannot read (\(coding))")
            }
            switch status {
            case 204, 205:
                return .empty
            case 206 where !coversWholeRepresentation(headers["content-range"]):
                return .failed("\(service) 206 · the server sent only part of the answer")
            case 200...299:
                if body.isEmpty { return .failed(emptyBody) }
                guard let text = utf8(body, contentType: headers["content-type"]) else {
                    return .failed("the server's answer is in a character set this app cannot read")
                }
                guard let rows = rows(in: text) else { return .failed(unreadable) }
                return rows.isEmpty ? .empty : .loaded(rows)
            case 304:
                return .failed("\(service) 304 · nothing changed, but nothing was loaded before")
            case 300...399:
                let words = headers["location"] == nil ? "redirected without saying where to" : "redirected, not followed"
                return .failed("\(service) \(status) · \(words)")
            case 100...199:
                return .failed("\(service) \(status) · the server sent no final answer")
            default:
                var words = message(in: body) ?? phrase(status, challenge: headers[status == 407 ? "proxy-authenticate" : "www-authenticate"])
                if status == 429 || status == 503, let wait = retryAfter(headers["retry-after"], date: headers["date"]) {
                    words += " · \(wait)"
                }
                return .failed("\(service) \(status) · \(words)")
            }
        }
    }

    /// Whether a 206's `Content-Range` covers the whole representation (RFC 9110 §14.4,
    /// §15.3.7): `bytes 0-(N−1)/N`, so the part is the whole answer. False when it is absent,
    /// unreadable, a part, or of an unknown length (`bytes 0-99/*`).
    static func coversWholeRepresentation(_ contentRange: String?) -> Bool {
        guard let value = contentRange?.trimmingCharacters(in: .whitespaces), value.lowercased().hasPrefix("bytes ") else { return false }
        let spec = value.dropFirst("bytes ".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let complete = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return false }
        let range = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard range.count == 2, let first = Int(range[0].trimmingCharacters(in: .whitespaces)), let last = Int(range[1].trimmingCharacters(in: .whitespaces)) else { return false }
        return first == 0 && last >= first && last == complete - 1
    }

    /// The coding named in `Content-Encoding` that the transport cannot have decoded, if any.
    static func unknownCoding(_ headers: [String: String]) -> String? {
        guard let value = headers["content-encoding"] else { return nil }
        let codings = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        return codings.first { !knownCodings.contains($0) }
    }

    /// The body as UTF-8 for the JSON reader: as it is for UTF-8 (or no charset, or UTF-16/32,
    /// which the reader detects), converted from ISO-8859-1 / windows-1252; nil for another.
    static func utf8(_ body: Data, contentType: String?) -> Data? {
        guard let contentType, let range = contentType.lowercased().range(of: "charset=") else { return body }
        let charset = contentType.lowercased()[range.upperBound...].prefix { $0 != ";" }.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        switch charset {
        case "utf-8", "utf8", "us-ascii", "utf-16", "utf-16le", "utf-16be", "utf-32", "": return body
        case "iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252":
            return String(data: body, encoding: charset.hasPrefix("windows") || charset == "cp1252" ? .windowsCP1252 : .isoLatin1).map { Data($0.utf8) }
        default: return nil
        }
    }

    /// The rows of a body `[{"title": "2.4.0 (118)", "detail": "Ready for Review"}, …]`; nil
    /// when it is not such a list (an item without a string `title`, or with a `detail` that is
    /// not a string). Read with `JSONDecoder` straight into rows: `JSONSerialization`'s tree of
    /// dictionaries took 137 MB for a 5.2 MB body of 46,496 rows (docs/LIVE-NETWORK.md, "Large and
    /// slow bodies"); the decoder reads UTF-8, -16 and -32 alike, with or without a byte order mark.
    package static func rows(in body: Data) -> [ManifestRow]? {
        (try? JSONDecoder().decode([WireRow].self, from: body))?.map { ManifestRow(title: $0.title, detail: $0.detail) }
    }

    /// One item of a list of rows as the server sends it; other members are ignored.
    private struct WireRow: Decodable {
        let title: String
        let detail: String

        enum CodingKeys: String, CodingKey { case title, detail }

        init(from decoder: any Decoder) throws {
            let item = try decoder.container(keyedBy: CodingKeys.self)
            title = try item.decode(String.self, forKey: .title)
            // Absent is no detail; present, it must be a string (`null` is not one).
            detail = item.contains(.detail) ? try item.decode(String.self, forKey: .detail) : ""
        }
    }

    /// The server's words in an error body: `{"message": "…"}` (or `"error"`), or a short
    /// one-line text body with any markup stripped (`Service <b>down</b>` → `Service down`);
    /// nil otherwise (an HTML page, a long or multi-line text).
    package static func message(in body: Data) -> String? {
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["message", "error"] {
                if let text = object[key] as? String, !text.isEmpty { return plain(text) }
            }
            return nil
        }
        guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty, text.count <= 120, !text.contains("\n"), !text.hasPrefix("<")
        else { return nil }
        let words = plain(text)
        return words.isEmpty ? nil : words
    }

    /// `text` without markup: tags removed, the common entities decoded, runs of spaces as one.
    static func plain(_ text: String) -> String {
        var result = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true } else if character == ">", inTag { inTag = false } else if !inTag { result.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `Retry-After` (RFC 9110 §10.2.3) as a wait in words: `try again in 30 s`,
    /// `try again in 2 min`, `try again in 3 h`; an HTTP-date is measured from the answer's
    /// `Date` (or given as the time when there is none: `try again after 10:00 UTC`). nil when
    /// absent or unreadable.
    package static func retryAfter(_ value: String?, date: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return "try again in \(wait(seconds))" }
        guard let when = httpDate(value) else { return nil }
        if let date, let now = httpDate(date) { return "try again in \(wait(max(0, Int(when.timeIntervalSince(now).rounded(.up)))))" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        return "try again after \(formatter.string(from: when)) UTC"
    }

    private static func wait(_ seconds: Int) -> String {
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\((seconds + 59) / 60) min" }
        return "\((seconds + 3599) / 3600) h"
    }

    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// A status in words, when the body says nothing: `404` → `not found`; a 401/407 names the
    /// challenge's scheme (`not signed in: the server asks for a password` for Basic).
    package static func phrase(_ status: Int, challenge: String? = nil) -> String {
        let scheme = challenge?.split(separator: " ").first?.lowercased()
        switch status {
        case 401, 407:
            let who = status == 401 ? "not signed in" : "the proxy asks to sign in"
            switch scheme {
            case "basic"?: return "\(who): a user name and password are needed"
            case "bearer"?: return "\(who): a token is needed"
            default: return who
            }
        case 400: return "bad request"
        case 403: return "not allowed"
        case 404: return "not found"
        case 408: return "request timed out"
        case 409: return "conflict"
        case 410: return "gone"
        case 413: return "the request was too large"
        case 422: return "not accepted"
        case 429: return "too many requests"
        case 500: return "server error"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timed out"
        case 300...399: return "redirected"
        case 400...499: return "request refused"
        default: return "server error"
        }
    }
}

import Foundation
import Synchronization

/// The one way filmstrip prints a URL: credentials never reach the terminal, a JUnit report, a
/// JSON document, `report.json` or a page. A URL built from a plan's variables
/// (`http://user:${FILMSTRIP_PASS}@host/inbox?token=${FILMSTRIP_TOKEN}`) is printed as
/// `http://host/inbox?token=…`.
///
/// - The user information (`user:password@`) is removed.
/// - Every query value is elided to `…`, its name kept (`?page=…&token=…`); a query item without
///   a name (`?abc123`) becomes `…`.
/// - A fragment (`#access_token=…`) is elided the same way.
///
/// - Every value a plan variable put into the plan (``noteSecret(_:name:)``) is replaced by the
///   variable's name, `${FILMSTRIP_NAME}`, wherever it lands: in the host, the port, a path
///   segment (`/api/${FILMSTRIP_SOME_TOKEN}/rows`) or anywhere else in the text.
///
/// Scheme, host, port and path are otherwise kept as written. A bench that prints a URL, or a
/// part of one, calls ``redacted(_:)-(URL)`` or ``redacted(_:)-(String)``; the command line passes
/// every line it prints through ``redactingURLs(in:)`` as well, so a URL a message quotes is
/// redacted too. Text that should be a URL and cannot be parsed is quoted by
/// ``unparsable(_:)``: its scheme and host at most.
package enum URLRedaction {
    /// The values plan variables put into plans in this process, longest first, with their names.
    private static let secrets = Mutex<[(value: String, name: String)]>([])

    /// Notes that `value`, the value of the plan variable `name`, went into a plan: from now on no
    /// redacted text holds it (nor its percent-decoded form). An empty value is ignored.
    package static func noteSecret(_ value: String, name: String) {
        let forms = Set([value, value.removingPercentEncoding ?? value]).filter { !$0.isEmpty }
        guard !forms.isEmpty else { return }
        secrets.withLock { list in
            for form in forms where !list.contains(where: { $0.value == form }) { list.append((form, name)) }
            list.sort { ($0.value.count, $0.value) > ($1.value.count, $1.value) }
        }
    }

    /// `text` with every noted variable value replaced by `${NAME}`.
    private static func withoutSecrets(_ text: String) -> String {
        let list = secrets.withLock { $0 }
        var result = text
        for secret in list where result.contains(secret.value) {
            result = result.replacingOccurrences(of: secret.value, with: "${\(secret.name)}")
        }
        return result
    }

    /// What an error may quote of `text`, a URL that cannot be parsed: its scheme and host at
    /// most (`http://example.com/…`; `http://…` when the host is not a host name; `…` without a
    /// scheme); never the user information, a path, a query or a variable's value.
    package static func unparsable(_ text: String) -> String {
        guard let separator = text.range(of: "://"),
            text[..<separator.lowerBound].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
            !text[..<separator.lowerBound].isEmpty
        else { return "…" }
        let rest = text[separator.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host = authority.prefix { $0 != ":" }
        let scheme = String(text[..<separator.upperBound])
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) }) else { return withoutSecrets(scheme) + "…" }
        return withoutSecrets(scheme + host) + "/…"
    }

    /// `url` redacted, e.g. `http://u:p@127.0.0.1:8080/inbox?token=s3cret` →
    /// `http://127.0.0.1:8080/inbox?token=…`.
    package static func redacted(_ url: URL) -> String {
        redacted(url.absoluteString)
    }

    /// The URL text `text` (`scheme://authority/path?query#fragment`) redacted; text without
    /// `://` (a path, say) only loses the noted variable values.
    package static func redacted(_ text: String) -> String {
        guard let separator = text.range(of: "://") else { return withoutSecrets(text) }
        let scheme = text[..<separator.upperBound]
        var rest = text[separator.upperBound...]
        // The authority ends at the first '/', '?' or '#'; its user information at its last '@'.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        }
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var result = String(scheme)
        if let question = rest.firstIndex(of: "?") {
            result += rest[...question]
            result += elided(rest[rest.index(after: question)...])
        } else {
            result += rest
        }
        if let fragment { result += "#" + elided(fragment) }
        return withoutSecrets(result)
    }

    /// `text` with every URL in it (a scheme of letters, digits, `+`, `-` or `.` followed by
    /// `://`, up to the next space, quote, `<`, `>` or the end; trailing `.`, `,`, `:`, `;` and
    /// `)` are left outside it) replaced by ``redacted(_:)-(String)``, and every noted variable
    /// value elsewhere in it replaced by its name. Text without `://` and without such a value
    /// is returned as it is.
    package static func redactingURLs(in text: String) -> String {
        guard text.contains("://") else { return withoutSecrets(text) }
        let characters = Array(text)
        var result = ""
        var index = 0
        func isSchemeCharacter(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "+" || c == "-" || c == ".") }
        func endsURL(_ c: Character) -> Bool { c.isWhitespace || c == "\"" || c == "'" || c == "<" || c == ">" || c == "`" }
        while index < characters.count {
            // A scheme starts at a letter not preceded by a scheme character.
            if characters[index].isASCII, characters[index].isLetter, index == 0 || !isSchemeCharacter(characters[index - 1]) {
                var end = index
                while end < characters.count, isSchemeCharacter(characters[end]) { end += 1 }
                if end + 2 < characters.count, characters[end] == ":", characters[end + 1] == "/", characters[end + 2] == "/" {
                    var stop = end + 3
                    while stop < characters.count, !endsURL(characters[stop]) { stop += 1 }
                    var trimmed = stop
                    while trimmed > end + 3, ".,:;)".contains(characters[trimmed - 1]) { trimmed -= 1 }
                    result += redacted(String(characters[index..<trimmed]))
                    result += String(characters[trimmed..<stop])
                    index = stop
                    continue
                }
                result += String(characters[index..<end])
                index = end
                continue
            }
            result.append(characters[index])
            index += 1
        }
        return withoutSecrets(result)
    }

    /// Query or fragment items with their values elided: `a=1&b=2` → `a=…&b=…`.
    private static func elided(_ items: Substring) -> String {
        guard !items.isEmpty else { return "" }
        return items.split(separator: "&", omittingEmptySubsequences: false).map { item in
            if item.isEmpty { return "" }
            guard let equals = item.firstIndex(of: "=") else { return "…" }
            return item[...equals] + (item[item.index(after: equals)...].isEmpty ? "" : "…")
        }.joined(separator: "&")
    }
}

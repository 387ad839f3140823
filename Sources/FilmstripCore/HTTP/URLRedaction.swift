import Foundation

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
/// Scheme, host, port and path are kept as written. A bench that prints a URL calls
/// ``redacted(_:)-(URL)``; the command line passes every line it prints through
/// ``redactingURLs(in:)`` as well, so a URL a message quotes is redacted too.
package enum URLRedaction {
    /// `url` redacted, e.g. `http://u:p@127.0.0.1:8080/inbox?token=s3cret` →
    /// `http://127.0.0.1:8080/inbox?token=…`.
    package static func redacted(_ url: URL) -> String {
        redacted(url.absoluteString)
    }

    /// The URL text `text` (`scheme://authority/path?query#fragment`) redacted; text without
    /// `://` is returned unchanged.
    package static func redacted(_ text: String) -> String {
        guard let separator = text.range(of: "://") else { return text }
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
        return result
    }

    /// `text` with every URL in it (a scheme of letters, digits, `+`, `-` or `.` followed by
    /// `://`, up to the next space, quote, `<`, `>` or the end; trailing `.`, `,`, `:`, `;` and
    /// `)` are left outside it) replaced by ``redacted(_:)-(String)``. Text without `://` is
    /// returned as it is, at the cost of one search.
    package static func redactingURLs(in text: String) -> String {
        guard text.contains("://") else { return text }
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
        return result
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

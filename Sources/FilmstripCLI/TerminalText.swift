/// Text made safe for a terminal: every string that reaches standard output or standard error
/// goes through ``escaped(_:)`` in ``Terminal``, so plan names, summaries, messages, file names
/// and paths can never move the cursor, clear the screen, retitle the window or reorder the
/// text a person reads.
///
/// Escaped: every control character (C0, DEL and C1: `\n`, `\r`, `\t` by those names, the
/// others as `\u{1B}`), the bidirectional marks, embeddings, overrides and isolates (U+061C,
/// U+200E, U+200F, U+202A…U+202E, U+2066…U+2069) and the line and paragraph separators
/// (U+2028, U+2029), as `\u{202E}`. Everything else, including a backslash, is printed as is.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

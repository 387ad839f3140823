/// A PNG that could not be written or read; `message` is libpng's own text
/// (for example `"Not a PNG file"` or `"IDAT: CRC error"`).
package struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libpng's message, or the shim's when the failure was found before libpng ran.
    package let message: String

    /// An error carrying libpng's (or the shim's) message.
    package init(message: String) {
        self.message = message
    }

    /// `PNG: <message>`.
    package var description: String { "PNG: \(message)" }

    /// The text of a NUL-terminated C message buffer.
    static func text(of message: [CChar]) -> String {
        String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

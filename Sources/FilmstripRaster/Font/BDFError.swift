/// A BDF file that cannot be read: the 1-based line, and what was expected there.
public struct BDFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number in the BDF text (0 when the problem is the file as a whole).
    package let line: Int
    /// What was expected, and what was found.
    package let message: String

    /// An error at the 1-based `line` of the BDF text (0 for the file as a whole), with what was
    /// expected there.
    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line <n>: <message>`, or the message alone when ``line`` is 0.
    public var description: String {
        line > 0 ? "line \(line): \(message)" : message
    }
}

/// A run that had to be stopped: work without end, or a bench that did not finish when asked.
public struct RunError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the bench, the instant and the last event logged (the source).
    package let message: String

    /// An error with its message, which names the bench, the instant and the last event logged.
    package init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// A rule a bench checks every panel against, at every instant, from the phase and the
/// panel's depiction (never from frames): e.g. the orders bench's "a refresh keeps the content on
/// screen". Plans ask for it with `expect.followRules`.
public struct BenchRule: Hashable, Sendable {
    /// The rule's identifier in reports (`"refreshKeepsContent"`).
    package var id: String
    /// The rule in one sentence, for reports and contact sheets.
    package var sentence: String

    /// A rule from its identifier in reports (lower camel case) and its sentence.
    public init(_ id: String, sentence: String) {
        self.id = id
        self.sentence = sentence
    }
}

extension BenchDefinition {
    /// What analysis and reports judge a bench's runs by: every depiction its panels can show
    /// (its colour, and whether it is a loader, a blank or content), the rules with their
    /// sentences and the depictions that break them, and what a plan without `expect` must
    /// show. One of the groups ``BenchDefinition`` is made of.
    ///
    /// ```swift
    /// analysis: .init(
    ///     depictions: [DepictionStyle("spinner", color: Color(hex: 0xF5B841), role: .loader),
    ///                  DepictionStyle("name", color: Color(hex: 0x3DDC97))],
    ///     rules: [BenchRule("named", sentence: "A loaded profile shows the name.")],
    ///     brokenRules: { phase, depiction, _ in phase == .loaded && depiction.id != "name" ? ["named"] : [] })
    /// ```
    public struct Criteria<Phase: BenchPhase, Settings: BenchSettings>: Sendable {
        let depictions: [DepictionStyle]
        let expectations: CapturePlan.Expectations
        let rules: [BenchRule]
        let brokenRules: (@Sendable (Phase, Depiction, Settings) -> [String])?

        /// - Parameters:
        ///   - depictions: every depiction the panels can report, with its style.
        ///   - rules: rules every panel is checked against, with their sentences; default none.
        ///   - expect: what a plan without `expect` must show; default: every phase in at
        ///     least one frame (``CapturePlan/Expectations/everyPhase(_:maxSharePercent:)``).
        ///   - brokenRules: the identifiers of the rules a depiction breaks in a phase; default:
        ///     none.
        public init(
            depictions: [DepictionStyle],
            rules: [BenchRule] = [],
            expect: CapturePlan.Expectations? = nil,
            brokenRules: (@Sendable (Phase, Depiction, Settings) -> [String])? = nil
        ) {
            self.depictions = depictions
            self.expectations = expect ?? .everyPhase(Phase.names)
            self.rules = rules
            self.brokenRules = brokenRules
        }
    }
}

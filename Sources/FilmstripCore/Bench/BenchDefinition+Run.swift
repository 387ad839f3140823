extension BenchDefinition {
    /// How a bench reads its part of a plan and runs: the plan members it reads, how they are
    /// decoded and checked, the modes and clocks it supports, how a fresh bench is built, and
    /// what the lint may know of its script. One of the groups ``BenchDefinition`` is made of.
    ///
    /// ```swift
    /// run: .init(
    ///     modes: [.pinned],
    ///     settings: { root, _ throws(PlanError) in try ProfileSettings(root) },
    ///     bench: { plan, settings in ProfileBench(settings, slowMotion: plan.slowMotion) })
    /// ```
    public struct Run<B: Bench, Settings: BenchSettings>: Sendable {
        let members: [String]
        let modes: [CapturePlan.Mode]
        let clocks: [ClockKind]
        let settings: @Sendable (JSONObjectReader, CapturePlan.Context) throws(PlanError) -> Settings
        let validate: @Sendable (Settings, CapturePlan) throws(PlanError) -> Void
        let bench: @Sendable (CapturePlan, Settings) -> B
        let scriptLengthMs: @Sendable (Settings, CapturePlan) -> Int
        let longestStep: @Sendable (Settings, CapturePlan) -> String?
        let zeroLengthCause: @Sendable (Settings, CapturePlan, String) -> String?

        /// - Parameters:
        ///   - modes: the modes plans may use, the default first; default `[.cycle, .pinned]`.
        ///   - members: the top-level plan members `settings` reads; default `["script"]`. Any
        ///     other member a plan gives, besides the bench-neutral ones, is refused.
        ///   - settings: decodes the bench's members from the plan's root object; throw
        ///     ``PlanError`` with the JSON path (the reader's `path(_:)`) and what was expected.
        ///   - validate: checks the settings against the whole plan (the same check runs for
        ///     plans read from JSON and plans built in code); default: none.
        ///   - bench: builds a fresh bench for one run of the plan.
        ///   - scriptLengthMs: how long one pass of the plan's script lasts, in ms, for the
        ///     lint's look-ahead; default 0 (the lint looks twice the window ahead).
        ///   - longestStep: a note naming the longest step of the script for lint advice, e.g.
        ///     `beat 1, loading, 12,000 ms`; default none.
        ///   - zeroLengthCause: why a phase the script reaches is on screen for 0 ms each time,
        ///     for lint advice (`beat 2 has holdMs 0 (the default), …`); default none.
        ///   - clocks: the clocks the bench runs on, the default first; default
        ///     `[.virtual, .real]`. A run on another clock throws ``RunError`` before the bench
        ///     is built.
        public init(
            modes: [CapturePlan.Mode] = [.cycle, .pinned],
            members: [String] = ["script"],
            settings: @escaping @Sendable (JSONObjectReader, CapturePlan.Context) throws(PlanError) -> Settings,
            validate: @escaping @Sendable (Settings, CapturePlan) throws(PlanError) -> Void = { _, _ in },
            bench: @escaping @Sendable (CapturePlan, Settings) -> B,
            scriptLengthMs: @escaping @Sendable (Settings, CapturePlan) -> Int = { _, _ in 0 },
            longestStep: @escaping @Sendable (Settings, CapturePlan) -> String? = { _, _ in nil },
            zeroLengthCause: @escaping @Sendable (Settings, CapturePlan, String) -> String? = { _, _, _ in nil },
            clocks: [ClockKind] = [.virtual, .real]
        ) {
            precondition(!modes.isEmpty, "a bench needs at least one mode")
            precondition(!clocks.isEmpty, "a bench needs at least one clock")
            self.members = members
            self.modes = modes
            self.clocks = clocks
            self.settings = settings
            self.validate = validate
            self.bench = bench
            self.scriptLengthMs = scriptLengthMs
            self.longestStep = longestStep
            self.zeroLengthCause = zeroLengthCause
        }
    }
}

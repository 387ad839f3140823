/// Everything the product knows about one bench, in one value: its name, phases and their
/// styles, its panels, the depictions they can show, its rules, the plan members it reads, its
/// defaults and how to run it. Analysis, reports and the command layer read this value and
/// never name a bench, a phase or a depiction themselves.
///
/// A definition is a value of closures, like swift-snapshot-testing's `Snapshotting`: write a
/// static for each bench, in the bench's own folder, and register it with the command line
/// (`FilmstripCLI.main(benches: [.profile])`) or pass it to ``CapturePlan/init(json:name:benches:)``.
/// It is made of a few groups: the bench's name and summary, its phases' styles, its panels,
/// how it runs (``Run``) and what its runs are judged by (``Criteria``).
///
/// ```swift
/// extension BenchDefinition {
///     static let profile = BenchDefinition(
///         name: "profile",
///         summary: "a profile screen that loads a name",
///         phases: { (name: ProfilePhase.Name) in
///             name == .loading ? PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
///                              : PhaseStyle(color: Color(hex: 0x3DDC97)) },
///         panels: [PanelEntry(ProfilePanel())],
///         run: .init(settings: { reader, _ throws(PlanError) in try ProfileSettings(reader) },
///                    bench: { _, settings in ProfileBench(settings) }),
///         analysis: .init(depictions: [DepictionStyle("spinner", color: Color(hex: 0xF5B841), role: .loader),
///                                      DepictionStyle("name", color: Color(hex: 0x3DDC97))]))
/// }
/// ```
public struct BenchDefinition: Sendable, CustomStringConvertible {
    /// The bench's name in plans (`"bench": "profile"`) and reports.
    package let name: String
    /// One line on what the bench is, with its source.
    package let summary: String
    /// Every phase name, in report order (from the phase type's `Name.allCases`).
    package let phaseNames: [String]
    /// Every depiction any of the bench's panels can show, with its style.
    package let depictions: [DepictionStyle]
    /// The panel identifiers plans may name, in default left-to-right order.
    package let panelIDs: [String]
    /// The panels of a plan that names none: ``panelIDs`` without those registered
    /// ``PanelEntry/onlyWhenNamed()``.
    package let defaultPanelIDs: [String]
    /// The rules every panel is checked against (empty for benches without rules).
    package let rules: [BenchRule]
    /// The top-level plan members the bench reads itself (e.g. `script`, `settings`), besides
    /// the bench-neutral ones.
    package let members: [String]
    /// The modes a plan may use; the first is the default.
    package let modes: [CapturePlan.Mode]
    /// The expectations of a plan that gives none.
    package let defaultExpectations: CapturePlan.Expectations
    /// The clocks the bench runs on; the first is the default when a command names none
    /// (``ClockSupport``). A bench that talks to a real server runs on `[.real]` only.
    package let clocks: [ClockKind]
    /// The panels that draw a lane of their own (``BenchDefinition/modelLanes(name:summary:phaseStyle:depictions:lanes:defaultExpectations:initialPhase:)``),
    /// each judged on its own lane's phases; empty for a bench without lanes.
    package internal(set) var laneIDs: [String] = []

    let phaseStyles: [String: PhaseStyle]
    let decode: @Sendable (JSONObjectReader, CapturePlan.Context) throws(PlanError) -> any BenchSettings
    let validate: @Sendable (CapturePlan) throws(PlanError) -> Void
    let runner: @Sendable (CapturePlan, ClockKind, Int?, Bool) throws(RunError) -> RecordedRun
    let scriptLength: @Sendable (CapturePlan) -> Int
    let longestStep: @Sendable (CapturePlan) -> String?
    let zeroLengthCause: @Sendable (CapturePlan, String) -> String?

    /// Defines a bench.
    ///
    /// - Parameters:
    ///   - name: the name plans use; lowercase letters and digits.
    ///   - summary: one line on what the bench shows and what it is for.
    ///   - phases: the style of each phase name (called once per `Phase.Name` case).
    ///   - panels: the panels plans may name, in default order.
    ///   - run: the plan members the bench reads, its modes and clocks, and how it runs.
    ///   - analysis: its depictions, rules and default expectations.
    public init<B: Bench, Settings: BenchSettings>(
        name: String,
        summary: String,
        phases: @escaping @Sendable (B.Phase.Name) -> PhaseStyle,
        panels: [PanelEntry<B.Phase, Settings>],
        run: Run<B, Settings>,
        analysis: Criteria<B.Phase, Settings>
    ) {
        self.clocks = run.clocks
        self.name = name
        self.summary = summary
        self.phaseNames = B.Phase.names
        self.phaseStyles = Dictionary(uniqueKeysWithValues: B.Phase.Name.allCases.map { ($0.rawValue, phases($0)) })
        self.depictions = analysis.depictions
        self.panelIDs = panels.map(\.id)
        self.defaultPanelIDs = panels.filter { !$0.isOnlyWhenNamed }.map(\.id)
        self.rules = analysis.rules
        self.modes = run.modes
        self.members = run.members
        self.defaultExpectations = analysis.expectations
        self.decode = { reader, context throws(PlanError) in try run.settings(reader, context) }
        self.validate = { plan throws(PlanError) in try run.validate(plan.settings(as: Settings.self), plan) }
        // A panel id given twice is a registration problem (BenchRegistration), said before any run.
        let entries = Dictionary(panels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.runner = { plan, clock, untilMs, sampleFrames throws(RunError) in
            try ClockSupport.require(clock, of: plan.bench.name, supported: run.clocks)
            let typed = plan.settings(as: Settings.self)
            let built = plan.panels.map { entries[$0]!.make(typed) }
            let rules = analysis.brokenRules.map { broken in
                { @Sendable (phase: B.Phase, depiction: Depiction) in broken(phase, depiction, typed) }
            }
            return try RunAssembler(bench: run.bench(plan, typed), panels: built, plan: plan, rules: rules)
                .run(clock: clock, untilMs: untilMs, sampleFrames: sampleFrames)
        }
        self.scriptLength = { plan in run.scriptLengthMs(plan.settings(as: Settings.self), plan) }
        self.longestStep = { plan in run.longestStep(plan.settings(as: Settings.self), plan) }
        self.zeroLengthCause = { plan, phase in run.zeroLengthCause(plan.settings(as: Settings.self), plan, phase) }
    }

    /// The style of phase `name`; ``PhaseStyle/unknown`` for a name the bench lacks.
    package func style(ofPhase name: String) -> PhaseStyle {
        phaseStyles[name] ?? .unknown
    }

    /// The style of depiction `id`, or nil for one the bench does not list.
    package func style(ofDepiction id: String) -> DepictionStyle? {
        depictions.first { $0.id == id }
    }

    /// The sentence of rule `id`, or the identifier itself for one the bench lacks.
    package func sentence(ofRule id: String) -> String {
        rules.first { $0.id == id }?.sentence ?? id
    }

    /// The phase names during which work is in flight (``PhaseStyle/isInFlight``).
    package var inFlightPhases: Set<String> {
        Set(phaseNames.filter { style(ofPhase: $0).isInFlight })
    }

    /// The bench's name.
    public var description: String { name }
}

/// One panel a bench offers to plans: its identifier and how to build it from the plan's
/// bench settings (a panel may read them, e.g. a loader policy a plan overrides).
///
/// ```swift
/// PanelEntry<ProfilePhase, ProfileSettings>(ProfileSpinnerPanel())           // fixed
/// PanelEntry<ProfilePhase, ProfileSettings>("careful") { CarefulPanel(delayMs: $0.delayMs) }
/// ```
public struct PanelEntry<Phase: BenchPhase, Settings: BenchSettings>: Sendable {
    /// The identifier plans use (`"allFour"`); the built panel's ``Panel/id`` is the same.
    package let id: String
    /// True when a plan without `panels` leaves it out: it is drawn only when a plan names it
    /// (``onlyWhenNamed()``).
    package private(set) var isOnlyWhenNamed = false
    let make: @Sendable (Settings) -> any Panel<Phase>

    /// A panel built from the plan's settings; `make` must return a panel whose `id` is `id`.
    package init(_ id: String, make: @escaping @Sendable (Settings) -> any Panel<Phase>) {
        self.id = id
        self.make = make
    }

    /// A panel that does not depend on the plan.
    public init(_ panel: some Panel<Phase>) {
        let fixed: any Panel<Phase> = panel
        self.id = panel.id
        self.make = { _ in fixed }
    }

    /// The same entry, drawn only when a plan names it in `panels`; a plan without `panels`
    /// gets the bench's other panels (``BenchDefinition/defaultPanelIDs``). For a panel that
    /// adds work of its own (the live inbox's `onAppear` lane doubles the requests).
    public func onlyWhenNamed() -> PanelEntry {
        var entry = self
        entry.isOnlyWhenNamed = true
        return entry
    }
}

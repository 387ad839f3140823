import FilmstripCore
import FilmstripRaster
import Testing

/// A bench that states only what it must — name, summary, phases, panels, how to read its
/// settings and build a bench, and its depictions — gets the documented defaults.
@Suite struct BenchDefinitionDefaultsTests {
    static let minimal = BenchDefinition(
        name: "minimal",
        summary: "states only what it must",
        phases: { (_: SpinningBench.Phase.Name) in PhaseStyle(color: .white) },
        panels: [PanelEntry<SpinningBench.Phase, SpinningBench.Settings>(SpinningBench.Drawing())],
        run: .init(settings: { _, _ in SpinningBench.Settings() }, bench: { _, _ in SpinningBench() }),
        analysis: .init(depictions: [DepictionStyle("nothing", color: .white)]))

    @Test func aBenchThatStatesOnlyWhatItMustGetsTheDocumentedDefaults() {
        let definition = Self.minimal
        #expect(definition.members == ["script"])
        #expect(definition.modes == [.cycle, .pinned])
        #expect(definition.clocks == [.virtual, .real])
        #expect(definition.rules.isEmpty)
        #expect(definition.panelIDs == ["only"])
        #expect(definition.defaultPanelIDs == ["only"])
        // Every phase in at least one frame, no share limit.
        #expect(definition.defaultExpectations == CapturePlan.Expectations(minFrames: ["spinning": 1]))
        #expect(definition.defaultExpectations == .everyPhase(["spinning"]))
    }

    @Test func statedValuesReplaceTheDefaults() {
        let definition = BenchDefinition(
            name: "stated", summary: "states every group",
            phases: { (_: SpinningBench.Phase.Name) in PhaseStyle(color: .white, isInFlight: true) },
            panels: [PanelEntry<SpinningBench.Phase, SpinningBench.Settings>(SpinningBench.Drawing())],
            run: .init(
                modes: [.pinned], members: ["script", "http"], settings: { _, _ in SpinningBench.Settings() },
                bench: { _, _ in SpinningBench() }, clocks: [.real]),
            analysis: .init(
                depictions: [DepictionStyle("nothing", color: .white, role: .loader)],
                rules: [BenchRule("quiet", sentence: "Nothing is said.")], expect: CapturePlan.Expectations(followRules: ["only"])))
        #expect(definition.members == ["script", "http"])
        #expect(definition.modes == [.pinned])
        #expect(definition.clocks == [.real])
        #expect(definition.sentence(ofRule: "quiet") == "Nothing is said.")
        #expect(definition.defaultExpectations == CapturePlan.Expectations(followRules: ["only"]))
        #expect(definition.inFlightPhases == ["spinning"])
        #expect(definition.style(ofDepiction: "nothing")?.role == .loader)
    }
}

import FilmstripCore
import FilmstripRaster

/// The inbox bench's own part of a plan: the beats of its `script`.
package struct InboxSettings: BenchSettings {
    /// The beats, in order; each starts a fetch when the screen opens.
    package var script: [Beat]

    /// Settings holding the plan's beats (`$.script`), in order.
    package init(script: [Beat]) {
        self.script = script
    }
}

extension BenchDefinition {
    /// The four-state inbox: `LoadedOnlyPanel` (the control, rose) beside
    /// `AllFourPanel` (mint), driven by beats (`{"reply": "failed", "latencyMs": 791, "holdMs": 2000}`)
    /// in a cycle or pinned. Phases: loading, empty, failed, loaded. By default a plan must show
    /// every phase in a frame, and loading may take at most 50% of frames and of time.
    public static let inbox = BenchDefinition(
        name: "inbox",
        summary: "an inbox that loads, comes back empty, fails or lists rows: a panel that draws only rows beside one that draws all four",
        phases: { (name: InboxPhase.Name) -> PhaseStyle in
            switch name {
            case .loading: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
            case .empty: PhaseStyle(color: Color(hex: 0x5AB0F0))
            case .failed: PhaseStyle(color: Color(hex: 0xF0555A))
            case .loaded: PhaseStyle(color: Color(hex: 0x3DDC97))
            }
        },
        panels: [PanelEntry<InboxPhase, InboxSettings>(LoadedOnlyPanel()), PanelEntry(AllFourPanel())],
        run: .init(
            settings: { root, _ throws(PlanError) in
                InboxSettings(script: try Beat.script(root, vocabulary: Beat.Vocabulary(
                    bench: "inbox", triggers: [.open], defaultRows: ManifestRow.samples,
                    defaultFailure: "ASC 409 · version already exists")))
            },
            validate: { settings, plan throws(PlanError) in try Beat.validate(settings.script, plan: plan, triggers: [.open]) },
            bench: { plan, settings in InboxBench(script: settings.script, mode: plan.mode, slowMotion: plan.slowMotion) },
            scriptLengthMs: { settings, plan in Beat.length(settings.script, slowMotion: plan.slowMotion) },
            longestStep: { settings, plan in Beat.longest(settings.script, slowMotion: plan.slowMotion) },
            zeroLengthCause: { settings, plan, phase in Beat.zeroHoldCause(settings.script, phase: phase, frameIntervalMs: plan.frameIntervalMs) }),
        analysis: .init(
            depictions: [
                DepictionStyle(Depiction.dash.id, color: Color(hex: 0x6B7280)),
                DepictionStyle(Depiction.spinner.id, color: Color(hex: 0xF5B841), role: .loader),
                DepictionStyle(Depiction.emptyMessage.id, color: Color(hex: 0x5AB0F0)),
                DepictionStyle(Depiction.errorRetry.id, color: Color(hex: 0xF0555A)),
                DepictionStyle(Depiction.rows.id, color: Color(hex: 0x3DDC97)),
            ],
            expect: .everyPhase(InboxPhase.names, maxSharePercent: [InboxPhase.Name.loading.rawValue: 50])))
}

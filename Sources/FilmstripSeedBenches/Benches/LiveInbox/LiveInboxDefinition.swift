import FilmstripCore
import FilmstripRaster

extension LiveInboxSettings {
    /// The candidate panels count their lane's requests in a footer when the script leaves or
    /// reopens the screen.
    var showsWork: Bool { events.contains { $0.kind == .leave || $0.kind == .reopen } }
}

extension BenchDefinition {
    /// The inbox on a real network: every load is an
    /// HTTP GET of the plan's `source` with `URLSession`, so it runs on the real clock only.
    /// Panels: `loadedOnly` (the control, rose, still knowing only `.loaded`), `allFour` (the
    /// candidate, mint: five phases, byte-count progress) — both on the `.task`-style lane — and
    /// `onAppear` (amber: the same candidate on the `onAppear { Task { … } }`-style lane, drawn
    /// only when a plan names it). Phases: loading, empty, failed, loaded, stale. Always pinned:
    /// the screen opens at 0 ms; `script` holds timed `leave`, `reopen` and `refresh` events.
    public static let liveInbox = BenchDefinition(
        name: "liveinbox",
        summary: "the inbox against a real HTTP server on the real clock: errors, rows kept on refresh, cancelled requests, progress",
        phases: { (name: LiveInboxPhase.Name) -> PhaseStyle in
            switch name {
            case .loading: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
            case .empty: PhaseStyle(color: Color(hex: 0x5AB0F0))
            case .failed: PhaseStyle(color: Color(hex: 0xF0555A))
            case .loaded: PhaseStyle(color: Color(hex: 0x3DDC97))
            case .stale: PhaseStyle(color: Color(hex: 0x7DD3FC))
            }
        },
        panels: [
            PanelEntry<LiveInboxPhase, LiveInboxSettings>(LiveLoadedOnlyPanel()),
            PanelEntry("allFour") { settings in
                LiveScreenPanel(id: "allFour", title: settings.showsWork ? "ALL FIVE · .task" : "ALL FIVE", tint: Palette.mint, lane: .task, showsWork: settings.showsWork)
            },
            PanelEntry("onAppear") { settings in
                LiveScreenPanel(id: "onAppear", title: "ALL FIVE · onAppear Task", tint: Color(hex: 0xF5B841), lane: .onAppear, showsWork: settings.showsWork)
            }.onlyWhenNamed(),
        ],
        run: .init(
            modes: [.pinned],
            members: ["source", "script"],
            settings: { root, _ throws(PlanError) in try LiveInboxSettings.read(root) },
            validate: { settings, _ throws(PlanError) in try settings.validate() },
            bench: { plan, settings in LiveInboxBench(settings: settings, onAppearLane: plan.panels.contains("onAppear")) },
            clocks: [.real]),
        analysis: .init(
            depictions: [
                DepictionStyle(Depiction.dash.id, color: Color(hex: 0x6B7280)),
                DepictionStyle(Depiction.spinner.id, color: Color(hex: 0xF5B841), role: .loader),
                DepictionStyle(Depiction.progressBar.id, color: Color(hex: 0xFB923C), role: .loader),
                DepictionStyle(Depiction.emptyMessage.id, color: Color(hex: 0x5AB0F0)),
                DepictionStyle(Depiction.errorRetry.id, color: Color(hex: 0xF0555A)),
                DepictionStyle(Depiction.rows.id, color: Color(hex: 0x3DDC97)),
                DepictionStyle(Depiction.rowsRefreshing.id, color: Color(hex: 0x7DD3FC)),
                DepictionStyle(Depiction.rowsError.id, color: Color(hex: 0xB91C1C)),
                DepictionStyle(Depiction.away.id, color: Color(hex: 0x374151), role: .blank),
            ],
            expect: CapturePlan.Expectations()))
}

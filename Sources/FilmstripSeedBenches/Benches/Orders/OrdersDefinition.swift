import FilmstripCore
import FilmstripRaster

extension BenchDefinition {
    /// An orders screen: the async content state pattern (`OrdersPatternPanel`,
    /// mint) beside a naive control (`OrdersNaivePanel`, rose), driven by events at exact
    /// instants (`{"atMs": 1200, "event": "tapRefresh"}`), always pinned. Every panel is checked
    /// against the pattern's rules (``OrdersRule``); by default the pattern panel must follow
    /// every one.
    public static let orders = BenchDefinition(
        name: "orders",
        summary: "an orders screen through loads, errors, retries, refresh and offline: the content-state rules beside a naive screen",
        phases: { (name: OrdersPhase.Name) -> PhaseStyle in
            switch name {
            case .loading: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
            case .refreshing: PhaseStyle(color: Color(hex: 0x7DD3FC), isInFlight: true)
            case .loaded: PhaseStyle(color: Color(hex: 0x3DDC97))
            case .emptyFirstUse: PhaseStyle(color: Color(hex: 0x5AB0F0))
            case .noResults: PhaseStyle(color: Color(hex: 0x2DD4BF))
            case .failed: PhaseStyle(color: Color(hex: 0xF0555A))
            case .offline: PhaseStyle(color: Color(hex: 0xA78BFA))
            }
        },
        panels: [
            PanelEntry<OrdersPhase, OrdersSettings>("pattern") { OrdersPatternPanel(layoutKnown: $0.layoutKnown) },
            PanelEntry(OrdersNaivePanel()),
        ],
        run: .init(
            modes: [.pinned],
            members: ["script", "settings"],
            settings: { root, _ throws(PlanError) in try OrdersEvent.settings(root) },
            validate: { settings, _ throws(PlanError) in try settings.validate() },
            bench: { plan, settings in OrdersBench(events: settings.events, settings: settings, slowMotion: plan.slowMotion) },
            scriptLengthMs: { settings, _ in settings.events.map(\.atMs).max() ?? 0 }),
        analysis: .init(
            depictions: [
                DepictionStyle(Depiction.skeleton.id, color: Color(hex: 0xA8A29E)),
                DepictionStyle(Depiction.spinner.id, color: Color(hex: 0xF5B841), role: .loader),
                DepictionStyle(Depiction.rows.id, color: Color(hex: 0x3DDC97)),
                DepictionStyle(Depiction.rowsRefreshing.id, color: Color(hex: 0x7DD3FC)),
                DepictionStyle(Depiction.rowsSnackbar.id, color: Color(hex: 0xFB923C)),
                DepictionStyle(Depiction.rowsRefreshingSnackbar.id, color: Color(hex: 0xA3E635)),
                DepictionStyle(Depiction.rowsOffline.id, color: Color(hex: 0xE879F9)),
                DepictionStyle(Depiction.emptyFirstUse.id, color: Color(hex: 0x5AB0F0)),
                DepictionStyle(Depiction.noResults.id, color: Color(hex: 0x2DD4BF)),
                DepictionStyle(Depiction.emptyList.id, color: Color(hex: 0x374151)),
                DepictionStyle(Depiction.errorRetry.id, color: Color(hex: 0xF0555A)),
                DepictionStyle(Depiction.errorStatusCode.id, color: Color(hex: 0xDC2626)),
                DepictionStyle(Depiction.errorRetryLive.id, color: Color(hex: 0xF472B6)),
                DepictionStyle(Depiction.somethingWentWrong.id, color: Color(hex: 0xDB2777)),
                DepictionStyle(Depiction.offlineMessage.id, color: Color(hex: 0xA78BFA)),
            ],
            rules: OrdersRule.allCases.map { BenchRule($0.rawValue, sentence: $0.sentence) },
            expect: CapturePlan.Expectations(followRules: ["pattern"]),
            brokenRules: { phase, depiction, settings in
                OrdersRule.broken(by: depiction, in: phase, layoutKnown: settings.layoutKnown).map(\.rawValue)
            }))
}

extension OrdersSettings {
    /// The limits a plan file meets, for settings built in code.
    /// - Throws: ``PlanError`` at `$.script[…]` or `$.settings.…`.
    func validate() throws(PlanError) {
        guard !events.isEmpty else { throw PlanError(path: "$.script", message: "expected at least one event") }
        for (index, event) in events.enumerated() where !(0...86_400_000).contains(event.atMs) {
            throw PlanError(path: "$.script[\(index)].atMs", message: "expected an integer from 0 to 86400000 ms, found \(event.atMs)")
        }
        for (key, value, range) in [("latencyMs", latencyMs, 0...3_600_000), ("retryLimit", retryLimit, 1...100), ("retryDelayMs", retryDelayMs, 1...3_600_000)]
        where !range.contains(value) {
            throw PlanError(path: "$.settings.\(key)", message: "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
    }
}

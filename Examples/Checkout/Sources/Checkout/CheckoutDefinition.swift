import Filmstrip

extension BenchDefinition {
    /// The checkout screen: a payment that is idle, submitting, succeeded, declined or timed
    /// out, drawn by `SpinnerOnlyPanel` (the control, rose: a spinner and the result, nothing
    /// useful after a decline or a timeout) beside `PaymentPatternPanel` (mint). Plans script
    /// taps: `{"atMs": 200, "reply": "declined", "latencyMs": 500, "reason": "…"}`. Every panel is
    /// checked against two rules; by default the pattern panel must follow both.
    public static let checkout = BenchDefinition(
        name: "checkout",
        summary: "a checkout whose payment can succeed, be declined or time out: a spinner-only control beside the pattern",
        phases: { (name: PaymentPhase.Name) -> PhaseStyle in
            switch name {
            case .idle: PhaseStyle(color: Color(hex: 0x8A90A0))
            case .submitting: PhaseStyle(color: Color(hex: 0xF5B841), isInFlight: true)
            case .succeeded: PhaseStyle(color: Color(hex: 0x3DDC97))
            case .declined: PhaseStyle(color: Color(hex: 0xF0555A))
            case .timedOut: PhaseStyle(color: Color(hex: 0xA78BFA))
            }
        },
        panels: [PanelEntry<PaymentPhase, CheckoutSettings>(SpinnerOnlyPanel()), PanelEntry(PaymentPatternPanel())],
        run: .init(
            modes: [.pinned],
            settings: { root, _ throws(PlanError) in try CheckoutSettings.read(root) },
            validate: { settings, plan throws(PlanError) in try settings.validate(plan) },
            bench: { plan, settings in CheckoutBench(script: settings.script, slowMotion: plan.slowMotion) },
            scriptLengthMs: { settings, plan in settings.script.last.map { $0.atMs + plan.slowMotion.apply(toMs: $0.latencyMs) } ?? 0 }),
        analysis: .init(
            depictions: [
                DepictionStyle(Depiction.payButton.id, color: Color(hex: 0x8A90A0)),
                DepictionStyle(Depiction.paymentSpinner.id, color: Color(hex: 0xF5B841), role: .loader),
                DepictionStyle(Depiction.lockedButton.id, color: Color(hex: 0xFB923C), role: .loader),
                DepictionStyle(Depiction.receipt.id, color: Color(hex: 0x3DDC97)),
                DepictionStyle(Depiction.declineMessage.id, color: Color(hex: 0xF0555A)),
                DepictionStyle(Depiction.timeoutRetry.id, color: Color(hex: 0xA78BFA)),
                DepictionStyle(Depiction.nothingUseful.id, color: Color(hex: 0x374151)),
            ],
            rules: [
                BenchRule(CheckoutRule.declineExplained, sentence: "A declined payment says why and offers another card."),
                BenchRule(CheckoutRule.retryAfterTimeout, sentence: "A payment with no answer says the card was not charged and offers a retry."),
            ],
            expect: CapturePlan.Expectations(followRules: ["pattern"]),
            brokenRules: { phase, depiction, _ in
                switch phase {
                case .declined where depiction != .declineMessage: [CheckoutRule.declineExplained]
                case .timedOut where depiction != .timeoutRetry: [CheckoutRule.retryAfterTimeout]
                default: []
                }
            }))
}

/// The checkout's rule identifiers, as reports name them.
public enum CheckoutRule {
    /// A decline says why and offers another card.
    public static let declineExplained = "declineExplained"
    /// A timeout says the card was not charged and offers a retry.
    public static let retryAfterTimeout = "retryAfterTimeout"
}

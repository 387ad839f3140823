import Filmstrip

/// What both checkout panels draw the same way: the order's total and the Pay button.
enum CheckoutDrawing {
    static let total = "Total  EUR 42.00"

    static func header(on painter: inout PanelPainter) {
        painter.centeredText(total, centerX: PanelLayout.centerX, baseline: 36, color: Palette.text)
    }

    /// A button 120×20 centred at `top`: filled with `fill` and labelled in `text`.
    static func button(_ label: String, top: Int, fill: Color, text: Color, on painter: inout PanelPainter) {
        let rect = Rect(x: PanelLayout.centerX - 60, y: top, width: 120, height: 20)
        painter.canvas.fill(rect, with: fill)
        painter.centeredText(label, centerX: PanelLayout.centerX, baseline: top + 14, color: text, role: .button)
    }
}

/// The control: a Pay button, then only a spinner while submitting and the receipt on success.
/// A decline or a timeout leaves a dash: the person cannot tell what happened or what to do.
public struct SpinnerOnlyPanel: Panel {
    /// The panel; it has no settings.
    public init() {}

    /// `spinnerOnly`: the name plans and reports use.
    public var id: String { "spinnerOnly" }
    /// `SPINNER ONLY`, the title bar's caption.
    public var title: String { "SPINNER ONLY" }
    /// Rose (``Palette/rose``), the colour of a control panel.
    public var tint: Color { Palette.rose }

    /// `payButton`, `paymentSpinner`, `receipt`, or `nothingUseful` for a decline or a timeout;
    /// from the phase alone.
    public func depiction(for phase: PaymentPhase, atMs timeMs: Int) -> Depiction {
        switch phase {
        case .idle: .payButton
        case .submitting: .paymentSpinner
        case .succeeded: .receipt
        case .declined, .timedOut: .nothingUseful
        }
    }

    /// Draws the phase into the panel body at 1×; the spinner's highlighted spoke follows
    /// `timeMs` (ms since the start of the run).
    public func draw(_ phase: PaymentPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let x = PanelLayout.centerX
        switch phase {
        case .idle:
            CheckoutDrawing.header(on: &painter)
            CheckoutDrawing.button("PAY", top: 90, fill: tint, text: Palette.header, on: &painter)
        case .submitting:
            Spinner(center: Point(x: x, y: 80), radius: 14, highlight: tint, dim: Palette.faint).draw(on: &painter.canvas, atMs: timeMs)
            painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
        case .succeeded(let receipt):
            painter.centeredText("PAID", centerX: x, baseline: 70, color: tint)
            painter.centeredText(receipt, centerX: x, baseline: 90, color: Palette.text)
        case .declined, .timedOut:
            painter.centeredText("—", centerX: x, baseline: 90, color: tint, role: nil, magnification: 4)
        }
    }
}

/// The pattern: the Pay button locks and says so while submitting; a decline says why and
/// offers another card; a timeout says the card was not charged and offers a retry.
public struct PaymentPatternPanel: Panel {
    /// The panel; it has no settings.
    public init() {}

    /// `pattern`: the name plans and reports use.
    public var id: String { "pattern" }
    /// `PATTERN`, the title bar's caption.
    public var title: String { "PATTERN" }
    /// Mint (``Palette/mint``), the colour of a pattern panel.
    public var tint: Color { Palette.mint }

    /// `payButton`, `lockedButton`, `receipt`, `declineMessage` or `timeoutRetry`; from the
    /// phase alone.
    public func depiction(for phase: PaymentPhase, atMs timeMs: Int) -> Depiction {
        switch phase {
        case .idle: .payButton
        case .submitting: .lockedButton
        case .succeeded: .receipt
        case .declined: .declineMessage
        case .timedOut: .timeoutRetry
        }
    }

    /// Draws the phase into the panel body at 1×, with the elapsed ms while submitting; the small
    /// spinner's highlighted spoke follows `timeMs` (ms since the start of the run).
    public func draw(_ phase: PaymentPhase, atMs timeMs: Int, on painter: inout PanelPainter) {
        let x = PanelLayout.centerX
        switch phase {
        case .idle:
            CheckoutDrawing.header(on: &painter)
            CheckoutDrawing.button("PAY EUR 42.00", top: 90, fill: tint, text: Palette.header, on: &painter)
        case .submitting(let elapsedMs):
            CheckoutDrawing.header(on: &painter)
            CheckoutDrawing.button("PAYING…", top: 90, fill: Palette.faint, text: Palette.dimText, on: &painter)
            Spinner(center: Point(x: x - 48, y: 100), radius: 6, highlight: tint, dim: Palette.panel).draw(on: &painter.canvas, atMs: timeMs)
            painter.centeredText("Keep this page open · \(elapsedMs) ms", centerX: x, baseline: 128, color: Palette.dimText)
        case .succeeded(let receipt):
            painter.centeredText("PAYMENT RECEIVED", centerX: x, baseline: 60, color: tint)
            painter.centeredText("Receipt \(receipt)", centerX: x, baseline: 80, color: Palette.text)
            painter.centeredText("EUR 42.00 charged", centerX: x, baseline: 96, color: Palette.dimText)
        case .declined(let reason):
            painter.centeredText("PAYMENT DECLINED", centerX: x, baseline: 40, color: Palette.danger)
            for (index, line) in painter.wrap(reason, maxWidth: PanelLayout.body.width - 16).prefix(2).enumerated() {
                painter.centeredText(line, centerX: x, baseline: 60 + index * 14, color: Palette.text)
            }
            CheckoutDrawing.button("USE ANOTHER CARD", top: 104, fill: tint, text: Palette.header, on: &painter)
        case .timedOut:
            painter.centeredText("NO ANSWER FROM THE BANK", centerX: x, baseline: 44, color: Palette.danger)
            painter.centeredText("Your card was not charged.", centerX: x, baseline: 66, color: Palette.text)
            CheckoutDrawing.button("RETRY", top: 96, fill: tint, text: Palette.header, on: &painter)
        }
    }
}

import Filmstrip

/// What both checkout panels draw the same way: the order's total and the Pay button, placed
/// on the lines of the painter's layout (from the font's metrics).
enum CheckoutDrawing {
    static let total = "Total  EUR 42.00"

    static func header(on painter: inout PanelPainter) {
        painter.centeredText(total, line: 1, color: Palette.text)
    }

    /// A button on line `line`, at least 20 cells wide: filled with `fill` and labelled in `text`
    /// (lines `line - 1` and `line + 1` stay empty).
    /// - Returns: the button's rectangle.
    @discardableResult
    static func button(_ label: String, line: Int, fill: Color, text: Color, on painter: inout PanelPainter) -> Rect {
        let layout = painter.layout
        let rect = layout.button(line: line, labelWidth: max(painter.font.width(of: label), 18 * layout.advance))
        painter.canvas.fill(rect, with: fill)
        painter.centeredText(label, line: line, color: text, role: .button)
        return rect
    }
}

/// The control: a Pay button, then only a spinner while submitting and the receipt on success.
/// A decline or a timeout leaves a dash: the person cannot tell what happened or what to do.
public struct SpinnerOnlyPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    public func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
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
        switch phase {
        case .idle:
            CheckoutDrawing.header(on: &painter)
            CheckoutDrawing.button("PAY", line: 4, fill: tint, text: Palette.header, on: &painter)
        case .submitting:
            painter.spinner(line: 3, highlight: tint, dim: Palette.faint, atMs: timeMs)
            painter.expose(SemanticElement(role: .progressIndicator, label: "Loading"))
        case .succeeded(let receipt):
            painter.centeredText("PAID", line: 2, color: tint)
            painter.centeredText(receipt, line: 3, color: Palette.text)
        case .declined, .timedOut:
            painter.centeredText("—", line: 2, color: tint, role: nil, magnification: 4)
        }
    }
}

/// The pattern: the Pay button locks and says so while submitting; a decline says why and
/// offers another card; a timeout says the card was not charged and offers a retry.
public struct PaymentPatternPanel: Panel {
    /// The depiction depends on the phase alone: it never changes inside one.
    public func depictionChanges(in phase: Phase, enteredAtMs: Int) -> [Int] { [] }
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
        let layout = painter.layout
        switch phase {
        case .idle:
            CheckoutDrawing.header(on: &painter)
            CheckoutDrawing.button("PAY EUR 42.00", line: 4, fill: tint, text: Palette.header, on: &painter)
        case .submitting(let elapsedMs):
            CheckoutDrawing.header(on: &painter)
            let button = CheckoutDrawing.button("PAYING…", line: 4, fill: Palette.faint, text: Palette.dimText, on: &painter)
            // A small spinner inside the button, a cell from its left edge.
            let radius = max(2, layout.lineHeight / 2 - 1)
            let center = Point(x: button.x + layout.advance + radius, y: button.y + button.height / 2)
            Spinner(center: center, radius: radius, highlight: tint, dim: Palette.panel).draw(on: &painter.canvas, atMs: timeMs)
            painter.figure(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius + 1, height: 2 * radius + 1))
            painter.centeredText("Keep this page open · \(elapsedMs) ms", line: 6, color: Palette.dimText)
        case .succeeded(let receipt):
            painter.centeredText("PAYMENT RECEIVED", line: 2, color: tint)
            painter.centeredText("Receipt \(receipt)", line: 3, color: Palette.text)
            painter.centeredText("EUR 42.00 charged", line: 4, color: Palette.dimText)
        case .declined(let reason):
            painter.centeredText("PAYMENT DECLINED", line: 1, color: Palette.danger)
            for (index, line) in painter.wrap(reason, maxWidth: layout.contentWidth, maxLines: 2).enumerated() {
                painter.centeredText(line, line: 2 + index, color: Palette.text)
            }
            CheckoutDrawing.button("USE ANOTHER CARD", line: 5, fill: tint, text: Palette.header, on: &painter)
        case .timedOut:
            painter.centeredText("NO ANSWER FROM THE BANK", line: 1, color: Palette.danger)
            painter.centeredText("Your card was not charged.", line: 2, color: Palette.text)
            CheckoutDrawing.button("RETRY", line: 4, fill: tint, text: Palette.header, on: &painter)
        }
    }
}

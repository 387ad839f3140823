import Filmstrip

extension Depiction {
    /// The Pay button, ready for a tap.
    public static let payButton = Depiction("payButton")
    /// A spinner and nothing else.
    public static let paymentSpinner = Depiction("paymentSpinner")
    /// The Pay button locked, saying the payment is in progress.
    public static let lockedButton = Depiction("lockedButton")
    /// The receipt of a payment that went through.
    public static let receipt = Depiction("receipt")
    /// Why the bank declined, with a way to use another card.
    public static let declineMessage = Depiction("declineMessage")
    /// "No answer from the bank", the card was not charged, and a Retry.
    public static let timeoutRetry = Depiction("timeoutRetry")
    /// A dash: nothing a person can act on.
    public static let nothingUseful = Depiction("nothingUseful")
}

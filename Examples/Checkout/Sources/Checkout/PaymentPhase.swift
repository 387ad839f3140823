import Filmstrip

/// The checkout screen's payment at an instant.
public enum PaymentPhase: BenchPhase, Hashable {
    /// The phase names, in report order.
    public enum Name: String, CaseIterable, Sendable {
        /// One name per case of ``PaymentPhase``, in report order.
        case idle, submitting, succeeded, declined, timedOut
    }

    /// Nothing sent yet: the Pay button waits for a tap.
    case idle
    /// The payment is with the bank; `elapsedMs` since the tap.
    case submitting(elapsedMs: Int)
    /// The bank accepted the payment; `receipt` is its reference (`R-1042`).
    case succeeded(receipt: String)
    /// The bank refused the payment, saying why (`Card declined · insufficient funds`).
    case declined(reason: String)
    /// No answer from the bank before the client gave up; the card was not charged.
    case timedOut

    /// Which named phase this is.
    public var name: Name {
        switch self {
        case .idle: .idle
        case .submitting: .submitting
        case .succeeded: .succeeded
        case .declined: .declined
        case .timedOut: .timedOut
        }
    }
}

import Filmstrip
import Synchronization

/// The checkout screen: each attempt of the script is a tap on Pay (or Retry after a timeout)
/// at its instant, then the bank's answer after its latency, all on the injected clock.
public final class CheckoutBench: Bench {
    /// No counters kept (reports show `{}`).
    public var counters: [String: Int] { [:] }
    /// No phase carries a detail worth a caption.
    public func phaseDetail(of phase: Phase, atMs timeMs: Int) -> String? { nil }
    /// No notes: the bench meets nothing outside the process.
    public var notes: [String] { [] }
    /// No requests, so none timed.
    public var loadTimings: [LoadTiming] { [] }
    /// The bench's phase: ``PaymentPhase``.
    public typealias Phase = PaymentPhase

    private enum Shown: Sendable {
        case submitting(sinceMs: Int)
        case settled(PaymentPhase)
    }

    private let script: [PaymentAttempt]
    private let slowMotion: SlowMotion
    private let shown = Mutex<Shown>(.settled(.idle))

    /// A bench that runs `script`, latencies stretched by `slowMotion`.
    public init(script: [PaymentAttempt], slowMotion: SlowMotion) {
        self.script = script
        self.slowMotion = slowMotion
    }

    /// `idle`: the Pay button before any tap.
    public var initialPhase: PaymentPhase { .idle }

    /// The phase on screen at `timeMs` (ms since the start of the run); while the bank has the
    /// payment, `submitting` with the ms elapsed since the tap.
    public func phase(atMs timeMs: Int) -> PaymentPhase {
        switch shown.withLock({ $0 }) {
        case .submitting(let since): .submitting(elapsedMs: max(0, timeMs - since))
        case .settled(let phase): phase
        }
    }

    /// Plays the attempts in order on `clock`: waits for each tap's instant, logs it, enters
    /// `submitting`, waits the (slowed) latency, then logs and enters the bank's answer. Returns
    /// after the last attempt or when the task is cancelled.
    public func run(clock: BenchClock, timeline: TimelineLog<PaymentPhase>) async {
        do {
            for (index, attempt) in script.enumerated() {
                try await clock.sleepUntilMs(attempt.atMs)
                let tapped = clock.nowMs()
                let button = if case .settled(.timedOut) = shown.withLock({ $0 }) { "Retry" } else { "Pay" }
                let latency = slowMotion.apply(toMs: attempt.latencyMs)
                shown.withLock { $0 = .submitting(sinceMs: tapped) }
                timeline.event("attempt \(index + 1): tap \(button), the bank answers after \(latency) ms", atMs: tapped)
                timeline.enter(.submitting(elapsedMs: 0), atMs: tapped)
                try await clock.sleep(forMs: latency)
                let phase: PaymentPhase = switch attempt.reply {
                case .succeeded(let receipt): .succeeded(receipt: receipt)
                case .declined(let reason): .declined(reason: reason)
                case .timedOut: .timedOut
                }
                let landed = clock.nowMs()
                shown.withLock { $0 = .settled(phase) }
                timeline.event("attempt \(index + 1): \(phase.name.rawValue)", atMs: landed)
                timeline.enter(phase, atMs: landed)
            }
        } catch {
            return  // cancelled: the run is over.
        }
    }
}

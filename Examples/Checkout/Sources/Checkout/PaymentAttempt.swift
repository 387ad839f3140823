import Filmstrip

/// One tap on Pay (or Retry) in a checkout plan's `script`, and what the bank does with it:
/// `{"atMs": 200, "reply": "declined", "latencyMs": 500, "reason": "Card declined · insufficient funds"}`.
public struct PaymentAttempt: Hashable, Sendable {
    /// What the bank answers.
    public enum Reply: Hashable, Sendable {
        /// Accepted, with the receipt's reference.
        case succeeded(receipt: String)
        /// Refused, with the reason.
        case declined(reason: String)
        /// No answer: the client gives up after the attempt's latency.
        case timedOut
    }

    /// When the person taps, in ms since the start; the screen must not be submitting then.
    public var atMs: Int
    /// What the bank answers.
    public var reply: Reply
    /// How long the answer takes (for `timedOut`, the client's timeout), in ms before slow motion.
    public var latencyMs: Int

    /// An attempt tapped at `atMs` (ms since the start of the run), answered with `reply` after
    /// `latencyMs` ms before slow motion.
    public init(atMs: Int, reply: Reply, latencyMs: Int) {
        self.atMs = atMs
        self.reply = reply
        self.latencyMs = latencyMs
    }
}

/// The checkout bench's part of a plan: the attempts of its `script`, in time order.
public struct CheckoutSettings: BenchSettings {
    /// The attempts, in time order.
    public var script: [PaymentAttempt]

    /// Settings holding the plan's attempts (`$.script`), in time order.
    public init(script: [PaymentAttempt]) {
        self.script = script
    }

    /// Reads `script` from a plan.
    /// - Throws: `PlanError` naming the JSON path and what was expected.
    static func read(_ root: JSONObjectReader) throws(PlanError) -> CheckoutSettings {
        guard let items = try root.array("script"), !items.isEmpty else {
            throw PlanError(path: "$.script", message: "expected a non-empty array of attempts, e.g. {\"atMs\": 200, \"reply\": \"succeeded\", \"latencyMs\": 400}")
        }
        var script: [PaymentAttempt] = []
        for (index, item) in items.enumerated() {
            let reader = try JSONObjectReader(item, path: "$.script[\(index)]", allowed: ["atMs", "reply", "latencyMs", "receipt", "reason"])
            guard let atMs = try reader.integer("atMs", in: 0...3_600_000, unit: "ms") else {
                throw PlanError(path: reader.path("atMs"), message: "required member is missing; expected the instant of the tap in ms")
            }
            guard let latencyMs = try reader.integer("latencyMs", in: 0...3_600_000, unit: "ms") else {
                throw PlanError(path: reader.path("latencyMs"), message: "required member is missing; expected the bank's latency in ms")
            }
            let reply: PaymentAttempt.Reply
            switch try reader.string("reply") {
            case "succeeded"?:
                if reader.has("reason") { throw PlanError(path: reader.path("reason"), message: "only a declined reply carries a reason") }
                reply = .succeeded(receipt: try reader.string("receipt") ?? "R-1042")
            case "declined"?:
                if reader.has("receipt") { throw PlanError(path: reader.path("receipt"), message: "only a succeeded reply carries a receipt") }
                reply = .declined(reason: try reader.string("reason") ?? "Card declined")
            case "timedOut"?:
                for key in ["receipt", "reason"] where reader.has(key) {
                    throw PlanError(path: reader.path(key), message: "a timed-out attempt has no answer to carry")
                }
                reply = .timedOut
            case let other:
                throw PlanError(path: reader.path("reply"), message: "expected \"succeeded\", \"declined\" or \"timedOut\", found \(other.map { "\"\($0)\"" } ?? "nothing")")
            }
            script.append(PaymentAttempt(atMs: atMs, reply: reply, latencyMs: latencyMs))
        }
        return CheckoutSettings(script: script)
    }

    /// Taps come in time order, each after the previous attempt has its answer (the Pay button
    /// is locked while submitting).
    /// - Throws: `PlanError` at `$.script[i].atMs`.
    func validate(_ plan: CapturePlan) throws(PlanError) {
        var free = 0
        for (index, attempt) in script.enumerated() {
            guard attempt.atMs >= free else {
                throw PlanError(path: "$.script[\(index)].atMs", message: "the Pay button is locked until \(free) ms, when the attempt before has its answer; expected a tap at or after it, found \(attempt.atMs)")
            }
            free = attempt.atMs + plan.slowMotion.apply(toMs: attempt.latencyMs)
        }
    }
}

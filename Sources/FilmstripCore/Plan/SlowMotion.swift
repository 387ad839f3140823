/// A slow-motion factor, applied to scripted latencies (a plan's `slowMotion`), kept exact as
/// thousandths: 1.5 is stored as 1500.
///
/// A latency of L ms becomes `(L × permille + 500) / 1000` ms: integer arithmetic, halves
/// rounded up. Factor 2 turns the seed's 1.1 s loading beat into 2.2 s; factor 1.5 turns the
/// pinned 8 s into 12 s.
public struct SlowMotion: Hashable, Sendable, CustomStringConvertible {
    /// The factor in thousandths (1000 = real speed).
    package let permille: Int

    /// A factor in thousandths: 1000 is real speed, 1500 is ×1.5. A plan's `$.slowMotion` is checked
    /// to be above 0 when read; this initialiser stores the value as given.
    package init(permille: Int) {
        self.permille = permille
    }

    /// Real speed.
    public static let off = SlowMotion(permille: 1000)

    /// `latencyMs` stretched by the factor, in whole ms.
    public func apply(toMs latencyMs: Int) -> Int {
        (latencyMs * permille + 500) / 1000
    }

    /// The factor as written in a plan: `1`, `1.5`, `2.25`.
    public var description: String {
        let whole = permille / 1000
        var fraction = String(permille % 1000)
        guard fraction != "0" else { return "\(whole)" }
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}

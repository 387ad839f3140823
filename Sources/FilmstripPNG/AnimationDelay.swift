/// How long an animation frame stays on screen, as the APNG `fcTL` chunk stores it: the
/// fraction `numerator / denominator` seconds, each an unsigned 16-bit integer (APNG
/// specification, `fcTL`: `delay_num`, `delay_den`; a denominator of 0 means 100, which this
/// type never writes).
///
/// A whole number of milliseconds up to 65,535 is stored exactly as `ms / 1000`. A longer one is
/// stored as the reduced fraction of `ms / 1000` when its numerator fits (70,000 ms → 70/1,
/// 65,540 ms → 3,277/50); otherwise no u16 fraction holds it exactly, and the nearest one with
/// both terms at most 65,535 is chosen, the smaller denominator on a tie (65,537 ms →
/// 34,538/527 s = 65,537.0019 ms; 3,599,999 ms → 3,600/1 s; see ``exactMs``). Plans' windows
/// are at most an hour, so such a delay is off by at most a millisecond or two. A delay of 0 ms is `0/1000`: the specification asks
/// decoders to show the next frame as soon as possible.
///
/// ```swift
/// AnimationDelay(ms: 500)      // 500/1000
/// AnimationDelay(ms: 120_000)  // 120/1
/// ```
package struct AnimationDelay: Hashable, Sendable {
    /// `delay_num`.
    package let numerator: UInt16
    /// `delay_den`, never 0.
    package let denominator: UInt16

    /// The fraction closest to `ms` milliseconds (exact whenever one exists; see the type's
    /// comment). Negative values are taken as 0.
    package init(ms: Int) {
        let ms = max(0, ms)
        if ms <= Int(UInt16.max) {
            (numerator, denominator) = (UInt16(ms), 1000)
            return
        }
        let divisor = Self.gcd(ms, 1000)
        let reduced = (ms / divisor, 1000 / divisor)
        if reduced.0 <= Int(UInt16.max) {
            (numerator, denominator) = (UInt16(reduced.0), UInt16(reduced.1))
            return
        }
        // No exact u16 fraction: the nearest n/d, over every denominator whose numerator fits.
        var best = (numerator: Int(UInt16.max), denominator: 1, error: Int.max)
        let largest = min(Int(UInt16.max), Int(UInt16.max) * 1000 / ms)
        if largest >= 1 {
            for d in 1...largest {
                let n = (ms * d + 500) / 1000
                guard n <= Int(UInt16.max) else { continue }
                // |n/d − ms/1000| compared as |1000 n − ms d| / (1000 d), cross-multiplied.
                let error = abs(1000 * n - ms * d)
                if best.error == Int.max || error * best.denominator < best.error * d {
                    best = (n, d, error)
                }
            }
        }
        (numerator, denominator) = (UInt16(best.numerator), UInt16(best.denominator))
    }

    /// The delay in milliseconds when the fraction is a whole number of them; nil otherwise
    /// (only for some delays above 65,535 ms).
    package var exactMs: Int? {
        let scaled = Int(numerator) * 1000
        return scaled % Int(denominator) == 0 ? scaled / Int(denominator) : nil
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

import FilmstripCore

extension Quantity {
    /// Each of `parts` as a percent of `whole` with one decimal (`"44.7%"`), rounded so that the
    /// shares add up to exactly 100.0% when the parts add up to `whole`: largest-remainder
    /// rounding in tenths of a percent (each share rounded down, then the tenths left over go
    /// one each to the shares with the largest remainders, the earlier on a tie).
    ///
    /// `[1, 1, 1]` of 3 → `["33.4%", "33.3%", "33.3%"]`, where rounding each half up gives
    /// 33.3% three times (99.9%). Parts that do not add up to `whole` (frames without a phase
    /// because they were dropped) are each rounded half up (``percent(numerator:denominator:)``).
    static func shares(_ parts: [Int], of whole: Int) -> [String] {
        guard whole > 0, parts.reduce(0, +) == whole, parts.allSatisfy({ $0 >= 0 }) else {
            return parts.map { percent(numerator: $0, denominator: whole) }
        }
        var tenths = parts.map { $0 * 1000 / whole }
        let remainders = parts.map { $0 * 1000 % whole }
        let left = 1000 - tenths.reduce(0, +)
        let order = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(left) { tenths[index] += 1 }
        return tenths.map { "\($0 / 10).\($0 % 10)%" }
    }
}

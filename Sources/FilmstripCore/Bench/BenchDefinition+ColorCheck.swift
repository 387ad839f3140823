import FilmstripRaster

extension BenchDefinition {
    /// Two of a bench's colours that a contact sheet's reader could take for one another, with
    /// their CIEDE2000 difference (``FilmstripRaster/Color/difference(from:)``).
    public struct ColorConflict: Hashable, Sendable, CustomStringConvertible {
        /// What the first colour stands for: `phase loading` or `depiction spinner`.
        package var first: String
        /// What the second colour stands for, in the same words.
        package var second: String
        /// The first colour.
        package var firstColor: Color
        /// The second colour.
        package var secondColor: Color
        /// Their CIEDE2000 difference ΔE₀₀ (0 for the same colour).
        package var difference: Double

        /// One line: `depiction errorStatusCode #b91c1c and depiction errorRetryLive #b91c1c differ
        /// by ΔE00 0.0 (at least 10 needed)`.
        public var description: String {
            let rounded = (difference * 10).rounded() / 10
            return "\(first) \(firstColor) and \(second) \(secondColor) differ by ΔE00 \(rounded) (at least \(Int(Color.minimumDistinctDifference)) needed)"
        }
    }

    /// The pairs of the bench's phase and depiction colours a reader could confuse; empty when
    /// every colour can be told apart. Bench authors call it from their own tests:
    ///
    /// ```swift
    /// @Test func checkoutColoursAreDistinguishable() {
    ///     #expect(BenchDefinition.checkout.colorConflicts().isEmpty)
    /// }
    /// ```
    ///
    /// The rules, with ΔE₀₀ the CIEDE2000 difference and the threshold
    /// ``FilmstripRaster/Color/minimumDistinctDifference`` (10) by default:
    /// - every two phases differ by at least the threshold (they share the timeline's phase bar
    ///   and the legend);
    /// - every two depictions differ by at least the threshold. A definition does not say which
    ///   panel draws which depiction, so the rule holds across the whole bench, which includes
    ///   every pair one panel can draw (they share that panel's bar);
    /// - a phase and a depiction either have exactly the same colour (the depiction that shows the
    ///   phase plainly, such as rows for loaded, wears the phase's colour: one meaning, one
    ///   colour) or differ by at least the threshold, so that no two colours on the sheet are
    ///   merely close.
    ///
    /// - Parameter minimumDifference: the smallest ΔE₀₀ that counts as distinguishable.
    /// - Returns: each conflict once, phases first, in the definition's order.
    public func colorConflicts(minimumDifference: Double = Color.minimumDistinctDifference) -> [ColorConflict] {
        let phases = phaseNames.map { ("phase \($0)", style(ofPhase: $0).color) }
        let depictionColors = depictions.map { ("depiction \($0.id)", $0.color) }
        var conflicts: [ColorConflict] = []
        func compare(_ first: (String, Color), _ second: (String, Color), sameAllowed: Bool) {
            if sameAllowed && first.1 == second.1 { return }
            let difference = first.1.difference(from: second.1)
            if difference < minimumDifference {
                conflicts.append(ColorConflict(first: first.0, second: second.0, firstColor: first.1, secondColor: second.1, difference: difference))
            }
        }
        for group in [phases, depictionColors] {
            for (index, first) in group.enumerated() {
                for second in group[(index + 1)...] { compare(first, second, sameAllowed: false) }
            }
        }
        for phase in phases {
            for depiction in depictionColors { compare(phase, depiction, sameAllowed: true) }
        }
        return conflicts
    }
}

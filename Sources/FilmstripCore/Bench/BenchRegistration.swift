/// The checks a tool's set of benches must pass before any plan is read: names that tell the
/// benches, their panels and their depictions apart. `filmstrip` and `assertFilmstrip` stop with
/// exit code 2 on the first run that meets a problem, naming both parties, instead of letting
/// the first registered win in silence.
package enum BenchRegistration {
    /// One sentence per problem, in registration order; empty when the benches are sound.
    ///
    /// - two benches with one name (`bench 'search' is registered twice: the 1st and the 3rd
    ///   bench given`);
    /// - a panel id given twice in one bench;
    /// - a depiction id given twice in one bench.
    package static func problems(_ benches: [BenchDefinition]) -> [String] {
        var problems: [String] = []
        problems += repeats(benches.map(\.name)).map { name, positions in
            "bench '\(name)' is registered twice: the \(positions.map(ordinal).joined(separator: " and the ")) bench given; give each bench its own name"
        }
        for bench in benches {
            problems += repeats(bench.panelIDs).map { id, _ in
                "bench '\(bench.name)' has two panels with the id '\(id)'; give each panel its own id"
            }
            problems += repeats(bench.depictions.map(\.id)).map { id, _ in
                "bench '\(bench.name)' lists the depiction '\(id)' twice; give each depiction style its own id"
            }
        }
        return problems
    }

    /// Each value given more than once, in order of first appearance, with its 1-based positions.
    static func repeats(_ values: [String]) -> [(String, [Int])] {
        var positions: [String: [Int]] = [:]
        var order: [String] = []
        for (index, value) in values.enumerated() {
            if positions[value] == nil { order.append(value) }
            positions[value, default: []].append(index + 1)
        }
        return order.compactMap { value in positions[value]!.count > 1 ? (value, positions[value]!) : nil }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `12th`, `13th`, `21st`.
    package static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}

/// `--shard i/n`: the i-th of n deterministic shares of the plans, so a CI matrix of n jobs
/// runs every plan exactly once (`--shard 1/3`, `2/3` and `3/3`).
///
/// The plans are sorted by name (a plan's name is its file name without `.json`, unique in a
/// run) and dealt round-robin: the plan at position p (from 0) belongs to shard p mod n + 1.
/// Every shard runs on the same set of plans, so the shares are a partition and differ in size
/// by at most one; adding a plan moves the plans sorted after it to the next shard, which is
/// harmless because every job of a matrix sees the same commit.
package struct Shard: Equatable, CustomStringConvertible {
    /// The largest n accepted.
    package static let maximumCount = 1_000

    /// i, from 1.
    package let index: Int
    /// n, at least 1.
    package let count: Int

    /// Reads `i/n` with 1 ≤ i ≤ n ≤ ``maximumCount``.
    /// - Throws: ``FilmstripError`` (usage, exit 2) saying what was expected.
    package init(_ text: String, command: String) throws(FilmstripError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= Self.maximumCount, index >= 1, index <= count
        else {
            throw FilmstripError(.usage("\(command): --shard expects i/n with whole numbers 1 ≤ i ≤ n ≤ \(Self.maximumCount), e.g. --shard 2/3; found '\(text)'"))
        }
        self.index = index
        self.count = count
    }

    /// This shard's plans, in their given order.
    package func select<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        let sorted = items.indices.sorted { name(items[$0]) < name(items[$1]) }
        let mine = Set(sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
        return items.indices.filter(mine.contains).map { items[$0] }
    }

    /// `i/n`.
    package var description: String { "\(index)/\(count)" }
}

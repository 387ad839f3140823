import Testing

@testable import FilmstripRaster

/// ``IndexRuns`` finds where each run ends as a byte-by-byte walk does, for runs ending at every
/// offset of an eight-byte word and at the limit, and fills short and long runs alike.
@Suite struct IndexRunsTests {
    /// Runs of 1 to 40 entries, the entries cycling through 0, 7, 255 and 1 (a word of 255s has
    /// every bit set, a word of 1s one bit a byte).
    static let bytes: [UInt8] = {
        var bytes: [UInt8] = []
        let entries: [UInt8] = [0, 7, 255, 0x01]
        for length in 1...40 { bytes += [UInt8](repeating: entries[length % entries.count], count: length) }
        return bytes
    }()

    @Test func everyRunEndsWhereAByteWalkSaysAtAnyStartAndLimit() {
        Self.bytes.withUnsafeBytes { raw in
            for limit in [Self.bytes.count, Self.bytes.count - 3, 17, 9] {
                for start in 0..<limit {
                    var expected = start + 1
                    while expected < limit, Self.bytes[expected] == Self.bytes[start] { expected += 1 }
                    #expect(IndexRuns.end(of: Self.bytes[start], in: raw, from: start + 1, limit: limit) == expected, "start \(start), limit \(limit)")
                }
                #expect(IndexRuns.end(of: 9, in: raw, from: limit, limit: limit) == limit)
            }
        }
    }

    @Test func shortAndLongRunsAreFilledExactly() {
        var bytes = [UInt8](repeating: 1, count: 64)
        bytes.withUnsafeMutableBufferPointer { buffer in
            IndexRuns.fill(buffer, 3..<5, with: 9)
            IndexRuns.fill(buffer, 10..<40, with: 4)
            IndexRuns.fill(buffer, 50..<50, with: 8)
        }
        #expect(bytes == [1, 1, 1, 9, 9] + [UInt8](repeating: 1, count: 5) + [UInt8](repeating: 4, count: 30) + [UInt8](repeating: 1, count: 24))
    }
}

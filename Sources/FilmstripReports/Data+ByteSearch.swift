import Foundation

/// The needles are byte arrays, not `Data`: a `Data` constant of 15 bytes or more keeps its
/// storage behind a tagged reference that LeakSanitizer cannot follow, so every run of a
/// fuzz target that read one reported it as leaked.
extension Data {
    /// The first range of `self[from...]` (from the start when `from` is nil) whose bytes equal
    /// `needle`'s; nil when there is none or `needle` is empty.
    ///
    /// `memchr(3)` for the first byte, then `memcmp(3)`: Foundation's generic `firstRange(of:)` compares a byte at a
    /// time through the collection protocols: finding the report's empty arrays that way was
    /// about 2.5% of a `check` of the shipped captures, and a recorded report's newlines 7%.
    package func firstByteRange(of needle: [UInt8], from: Index? = nil) -> Range<Index>? {
        let skip = (from ?? startIndex) - startIndex
        guard !needle.isEmpty, skip >= 0, skip <= count else { return nil }
        let found = withUnsafeBytes { (haystack: UnsafeRawBufferPointer) -> Int? in
            needle.withUnsafeBytes { (wanted: UnsafeRawBufferPointer) -> Int? in
                guard let base = haystack.baseAddress, let target = wanted.baseAddress else { return nil }
                let first = Int32(wanted[0])
                var at = skip
                while haystack.count - at >= wanted.count,
                    let hit = memchr(base + at, first, haystack.count - at - wanted.count + 1)
                {
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, target, wanted.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
        return found.map { (startIndex + $0)..<(startIndex + $0 + needle.count) }
    }

    /// Whether the first bytes are `prefix`'s (`memcmp(3)`; Sequence's `starts(with:)` walks
    /// both a byte at a time through the collection protocols).
    package func startsWithBytes(_ prefix: [UInt8]) -> Bool {
        guard count >= prefix.count else { return false }
        guard !prefix.isEmpty else { return true }
        return withUnsafeBytes { bytes in
            prefix.withUnsafeBytes { wanted in memcmp(bytes.baseAddress!, wanted.baseAddress!, wanted.count) == 0 }
        }
    }

    /// Whether the bytes are exactly `other`'s.
    package func equalsBytes(_ other: [UInt8]) -> Bool { count == other.count && startsWithBytes(other) }
}

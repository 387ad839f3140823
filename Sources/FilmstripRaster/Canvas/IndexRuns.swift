/// Runs of one palette entry in a row-major buffer of entries, one byte each: where the one that
/// reaches a position ends. Indexing a strip, drawing a frame's indices on it and hashing a
/// palette image's pixels as runs all walk them this way.
package enum IndexRuns {
    /// The index of the first byte from `start` on, below `limit`, that is not `entry`, or
    /// `limit` when every one is. Eight bytes are compared a step, as one 64-bit word against
    /// `entry` in every byte: the first that differs is found from the word's lowest set bit
    /// (the bytes load lowest first on a little-endian machine; elsewhere the last few are
    /// compared one at a time). A run of 20 entries takes three steps rather than twenty.
    @inlinable
    package static func end(of entry: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, limit: Int) -> Int {
        var end = start
        #if _endian(little)
            let pattern = UInt64(entry) &* 0x0101_0101_0101_0101
            while end &+ 8 <= limit {
                let differing = bytes.loadUnaligned(fromByteOffset: end, as: UInt64.self) ^ pattern
                if differing != 0 { return end &+ differing.trailingZeroBitCount / 8 }
                end &+= 8
            }
        #endif
        while end < limit, bytes[end] == entry { end &+= 1 }
        return end
    }

    /// Sets `bytes[range]` to `entry`: a short run (most runs in text) by a loop, a long one by
    /// one fill (`memset`, whose call costs more than a few stores).
    @inlinable
    package static func fill(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, with entry: UInt8) {
        if range.count <= 16 {
            for position in range { bytes[position] = entry }
        } else {
            bytes[range].update(repeating: entry)
        }
    }
}

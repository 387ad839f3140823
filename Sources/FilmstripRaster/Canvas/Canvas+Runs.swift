extension Canvas {
    /// Where the run of `word` that reaches pixel `start` ends: the index of the first pixel from
    /// `start` on, below `limit`, that is not `word`, or `limit` when every one is. Pixels are
    /// numbered row-major across `pixels` (RGBA8, 4 bytes each), each read as one 32-bit word of
    /// its bytes in memory order; four are compared a step while they all match, then one at a
    /// time. Indexing a canvas and finding a text's dominant colour both walk runs this way.
    @inlinable
    package static func endOfRun(of word: UInt32, in pixels: UnsafeRawBufferPointer, from start: Int, limit: Int) -> Int {
        let four = SIMD4<UInt32>(repeating: word)
        var end = start
        while end + 4 <= limit, all(pixels.loadUnaligned(fromByteOffset: end &* 4, as: SIMD4<UInt32>.self) .== four) {
            end += 4
        }
        while end < limit, pixels.loadUnaligned(fromByteOffset: end &* 4, as: UInt32.self) == word {
            end += 1
        }
        return end
    }
}

/// The size a PNG file declares in its header (the `IHDR` chunk, which must come first),
/// read without decoding anything.
///
/// `check` reads it before decoding a committed image, so a small file that declares
/// 16000×16000 pixels (a 1 GB canvas) is refused for its size, not decoded.
///
/// Layout read: the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`, then the chunk length (4 bytes,
/// big-endian, 13), the type `IHDR`, the width and the height (4 bytes each, big-endian).
package struct PNGHeader: Equatable, Sendable {
    /// Pixels per row, as declared.
    package let width: Int
    /// Rows, as declared.
    package let height: Int

    /// The header of `bytes`, or nil when they do not start with a PNG signature and an IHDR chunk.
    package init?(_ bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(24))
        guard head.count == 24,
              head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              head[12..<16].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        func word(_ at: Int) -> Int { head[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        guard word(8) == 13 else { return nil }
        width = word(16)
        height = word(20)
    }
}

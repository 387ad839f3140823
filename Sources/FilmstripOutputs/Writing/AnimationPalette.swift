import FilmstripPNG
import FilmstripRaster

/// The one palette every frame of a palette `animation.png` indexes: RGBA8 colours numbered in
/// order of first appearance over the frames in time order (each frame's new colours in the
/// order the frame's own palette first shows them), at most 256.
struct AnimationPalette {
    /// The entries, 4 bytes each (R, G, B, A).
    private(set) var entries: [UInt8] = []
    private var numbers: [UInt32: UInt8] = [:]

    /// How `image`'s own palette numbers become this palette's, adding the colours it has not
    /// seen: the ordered half of renumbering a frame, cheap; the pixels are renumbered later,
    /// on any core (``Numbering/indices(of:)``). Nil when the palette would pass 256 entries
    /// (then it is left as it was).
    mutating func numbering(of image: IndexedImage) -> Numbering? {
        let count = image.palette.count / 4
        var map = [UInt8](repeating: 0, count: count)
        var added: [UInt32] = []
        for local in 0..<count {
            let base = local * 4
            let key =
                UInt32(image.palette[base]) << 24 | UInt32(image.palette[base + 1]) << 16 | UInt32(
                    image.palette[base + 2]) << 8 | UInt32(image.palette[base + 3])
            if let number = numbers[key] {
                map[local] = number
                continue
            }
            let number = numbers.count + added.count
            guard number < 256 else {
                return nil
            }
            map[local] = UInt8(number)
            added.append(key)
        }
        let first = numbers.count
        for (offset, key) in added.enumerated() {
            numbers[key] = UInt8(first + offset)
            entries += [
                UInt8(key >> 24), UInt8(key >> 16 & 0xFF), UInt8(key >> 8 & 0xFF),
                UInt8(key & 0xFF),
            ]
        }
        // Most frames keep their own numbering (the palette grew from the first frame's).
        return Numbering(map: map.indices.allSatisfy({ map[$0] == UInt8($0) }) ? nil : map)
    }

    /// One image's own palette numbers → the animation palette's.
    struct Numbering: Sendable {
        /// Own number → palette number; nil when every number stays as it is.
        let map: [UInt8]?

        /// `image`'s indices, renumbered.
        func indices(of image: IndexedImage) -> [UInt8] {
            guard let map else { return image.indices }
            // A table of 256, so every byte is a valid index and the loop needs no bounds check
            // (`map` holds the image's own palette's count, at most 256).
            var table = [UInt8](repeating: 0, count: 256)
            for (own, number) in map.enumerated() { table[own] = number }
            let source = image.indices
            return [UInt8](unsafeUninitializedCapacity: source.count) { renumbered, count in
                table.withUnsafeBufferPointer { table in
                    source.withUnsafeBufferPointer { source in
                        for offset in 0..<source.count {
                            renumbered[offset] = table[Int(source[offset])]
                        }
                    }
                }
                count = source.count
            }
        }
    }
}

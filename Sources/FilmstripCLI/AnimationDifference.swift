import FilmstripPNG

/// Where a recorded `animation.png` first differs from a fresh one, chunk by chunk.
enum AnimationDifference {
    /// The animation frame (from 0) whose chunks (`fcTL` and its `IDAT` or `fdAT`) first differ
    /// between `recorded` and `fresh`; the frame count when the header chunks differ only after
    /// the last frame; 0 when the chunks before the first frame differ; nil when `recorded` is
    /// not a PNG whose chunks can be read.
    static func firstFrame(recorded: [UInt8], fresh: [UInt8]) -> Int? {
        guard let old = try? PNGChunk.chunks(in: recorded), let new = try? PNGChunk.chunks(in: fresh) else { return nil }
        var frame = -1
        for index in 0..<max(old.count, new.count) {
            let chunk = index < new.count ? new[index] : old[index]
            if chunk.type == "fcTL" { frame += 1 }
            if index >= old.count || index >= new.count || old[index] != new[index] { return max(0, frame) }
        }
        return max(0, frame)
    }
}

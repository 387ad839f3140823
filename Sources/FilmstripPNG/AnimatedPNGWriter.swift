import FilmstripRaster

/// Writes an animated PNG (APNG) one frame at a time, holding nothing of the frames already
/// written: each call returns the bytes to append to the file.
///
/// Layout (APNG specification, 1.0, mozilla.org wiki "APNG Specification"; W3C PNG Third
/// Edition §11.3.6 `acTL`, `fcTL`, `fdAT`): the PNG signature; `IHDR` (width, height, bit depth
/// 8, colour type 6 RGBA); `acTL` (`num_frames`, `num_plays` 0 = loop forever), before any
/// image data; then per frame an `fcTL` (sequence number, region, delay, `dispose_op` 0 NONE,
/// `blend_op` 0 SOURCE) followed by its image data — the first frame's as `IDAT` (it is the
/// default image, shown by decoders that know no APNG, and the animation's first frame), every
/// later frame's as `fdAT` (its sequence number, then the same zlib stream an `IDAT` holds);
/// last `IEND`. Sequence numbers count `fcTL` and `fdAT` chunks together from 0, without gaps.
/// Every chunk carries its CRC-32 (``PNGChunk``). The pixels are compressed as libpng does
/// (``AnimatedPNGFrame/encode(_:after:scale:delayMs:settings:)``); Debian's libpng has no APNG
/// patch, so the animation chunks are written here.
///
/// With dispose NONE and blend SOURCE, each frame's region replaces those pixels of the
/// previous frame, transparency included: after frame k the image equals frame k exactly.
///
/// ```swift
/// var writer = try AnimatedPNGWriter(width: 896, height: 356, frameCount: 24)
/// var file = try writer.bytes(for: AnimatedPNGFrame.encode(frame0, after: nil, scale: 2, delayMs: 500))
/// file += try writer.bytes(for: AnimatedPNGFrame.encode(frame1, after: frame0, scale: 2, delayMs: 500))
/// …
/// file += try writer.finish()
/// ```
package struct AnimatedPNGWriter: Sendable {
    /// The image's width in pixels (`IHDR`).
    package let width: Int
    /// The image's height in pixels (`IHDR`).
    package let height: Int
    /// How many frames the animation has (`acTL`'s `num_frames`), at least 1.
    package let frameCount: Int
    /// How many times it plays (`acTL`'s `num_plays`); 0 loops forever.
    package let plays: Int
    /// The next sequence number.
    private var sequence: UInt32 = 0
    /// Frames written so far.
    package private(set) var framesWritten = 0

    /// A writer for `frameCount` frames of `width` × `height` pixels, played `plays` times
    /// (0: forever, the default).
    ///
    /// - Throws: ``PNGError`` when a size is not 1...2³¹ − 1 or `frameCount` is not 1...2³¹ − 1
    ///   (the specification's limits), or `plays` is negative.
    package init(width: Int, height: Int, frameCount: Int, plays: Int = 0) throws(PNGError) {
        let limit = 1...Int(Int32.max)
        guard limit.contains(width), limit.contains(height) else {
            throw PNGError(message: "an animation of \(width)×\(height) pixels cannot be written: each side must be 1...\(Int32.max)")
        }
        guard limit.contains(frameCount) else {
            throw PNGError(message: "an animation of \(frameCount) frames cannot be written: 1...\(Int32.max) frames")
        }
        guard (0...Int(Int32.max)).contains(plays) else { throw PNGError(message: "plays must be 0...\(Int32.max), found \(plays)") }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.plays = plays
    }

    /// The bytes of the next frame (for the first, preceded by the signature, `IHDR` and `acTL`).
    ///
    /// - Throws: ``PNGError`` when every frame is already written, the first frame does not
    ///   cover the whole image from (0, 0) (the default image must), or the region leaves the image.
    package mutating func bytes(for frame: AnimatedPNGFrame) throws(PNGError) -> [UInt8] {
        guard framesWritten < frameCount else {
            throw PNGError(message: "the animation holds \(frameCount) frames; a frame \(framesWritten + 1) was given")
        }
        let region = frame.region
        guard region.x >= 0, region.y >= 0, region.width >= 1, region.height >= 1,
              region.x + region.width <= width, region.y + region.height <= height
        else {
            throw PNGError(message: "frame \(framesWritten)'s region \(region.width)×\(region.height) at (\(region.x), \(region.y)) leaves the \(width)×\(height) image")
        }
        var out: [UInt8] = []
        if framesWritten == 0 {
            guard region == Rect(x: 0, y: 0, width: width, height: height) else {
                throw PNGError(message: "the first frame is the default image and must cover all \(width)×\(height) pixels")
            }
            out += PNGChunk.signature
            var header = PNGChunk.bigEndian(UInt32(width)) + PNGChunk.bigEndian(UInt32(height))
            header += [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, adaptive filtering, no interlace
            out += PNGChunk(type: "IHDR", data: header).bytes
            out += PNGChunk(type: "acTL", data: PNGChunk.bigEndian(UInt32(frameCount)) + PNGChunk.bigEndian(UInt32(plays))).bytes
        }
        var control = PNGChunk.bigEndian(next())
        control += PNGChunk.bigEndian(UInt32(region.width)) + PNGChunk.bigEndian(UInt32(region.height))
        control += PNGChunk.bigEndian(UInt32(region.x)) + PNGChunk.bigEndian(UInt32(region.y))
        control += PNGChunk.bigEndian(frame.delay.numerator) + PNGChunk.bigEndian(frame.delay.denominator)
        control += [0, 0]  // dispose_op NONE, blend_op SOURCE
        out += PNGChunk(type: "fcTL", data: control).bytes
        if framesWritten == 0 {
            out += PNGChunk(type: "IDAT", data: frame.imageData).bytes
        } else {
            out += PNGChunk(type: "fdAT", data: PNGChunk.bigEndian(next()) + frame.imageData).bytes
        }
        framesWritten += 1
        return out
    }

    /// The closing `IEND` chunk.
    ///
    /// - Throws: ``PNGError`` when fewer frames were written than `acTL` announced.
    package func finish() throws(PNGError) -> [UInt8] {
        guard framesWritten == frameCount else {
            throw PNGError(message: "the animation announced \(frameCount) frames but \(framesWritten) were written")
        }
        return PNGChunk(type: "IEND", data: []).bytes
    }

    private mutating func next() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }
}

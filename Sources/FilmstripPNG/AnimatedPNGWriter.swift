import FilmstripRaster

/// Writes an animated PNG (APNG) one frame at a time, holding nothing of the frames already
/// written: each call returns the bytes to append to the file.
///
/// Layout (APNG specification, 1.0, mozilla.org wiki "APNG Specification"; W3C PNG Third
/// Edition §11.3.6 `acTL`, `fcTL`, `fdAT`): the PNG signature; `IHDR` (width, height, bit depth
/// 8 and colour type 6 RGBA, or colour type 3 at bit depth 4 or 8 with one `PLTE` and `tRNS` for
/// every frame, W3C PNG §11.2.3, §11.3.2.1); `acTL` (`num_frames`, `num_plays` 0 = loop forever), before any image
/// data; then per frame an `fcTL` (sequence number, region, delay, `dispose_op` 0 NONE,
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
    /// How the frames' pixels are stored: 8-bit RGBA, or palette indices (4 or 8 bits) into one
    /// palette for every frame (known only once the last frame is drawn).
    package enum Colour: Hashable, Sendable {
        /// Colour type 6, bit depth 8: the header is written with the first frame.
        case rgba
        /// Colour type 3, bit depth 4 or 8: ``bytes(for:)`` writes the frames only, and
        /// ``header(palette:bitDepth:)`` the signature, `IHDR`, `acTL`, `PLTE` and `tRNS`, which go before them.
        case palette
    }

    /// How the frames' pixels are stored.
    package let colour: Colour
    /// The next sequence number.
    private var sequence: UInt32 = 0
    /// Frames written so far.
    package private(set) var framesWritten = 0

    /// A writer for `frameCount` frames of `width` × `height` pixels, played `plays` times
    /// (0: forever, the default).
    ///
    /// - Throws: ``PNGError`` when a size is not 1...2³¹ − 1 or `frameCount` is not 1...2³¹ − 1
    ///   (the specification's limits), or `plays` is negative.
    package init(width: Int, height: Int, frameCount: Int, plays: Int = 0, colour: Colour = .rgba)
        throws(PNGError)
    {
        let limit = 1...Int(Int32.max)
        guard limit.contains(width), limit.contains(height) else {
            throw PNGError(
                message:
                    "an animation of \(width)×\(height) pixels cannot be written: each side must be 1...\(Int32.max)"
            )
        }
        guard limit.contains(frameCount) else {
            throw PNGError(
                message:
                    "an animation of \(frameCount) frames cannot be written: 1...\(Int32.max) frames"
            )
        }
        guard (0...Int(Int32.max)).contains(plays) else {
            throw PNGError(message: "plays must be 0...\(Int32.max), found \(plays)")
        }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.plays = plays
        self.colour = colour
    }

    /// The bytes before the first frame of a ``Colour/palette`` animation: the signature, `IHDR`
    /// (bit depth `bitDepth`, 4 or 8, the depth every frame's data is packed at; colour type 3),
    /// `acTL`, `PLTE` (`palette`'s entries, 4 bytes each as R, G, B, A, 1...2^`bitDepth` of them)
    /// and, when an entry is translucent, `tRNS` up to the last such entry.
    /// - Throws: ``PNGError`` when `palette` holds no entry, more than `bitDepth` indexes, or a
    ///   partial one, or `bitDepth` is not 4 or 8.
    package func header(palette: [UInt8], bitDepth: Int = 8) throws(PNGError) -> [UInt8] {
        let count = palette.count / 4
        guard bitDepth == 4 || bitDepth == 8 else {
            throw PNGError(message: "an animation palette's frames are packed at 4 or 8 bits, not \(bitDepth)")
        }
        guard palette.count % 4 == 0, (1...(1 << bitDepth)).contains(count) else {
            throw PNGError(
                message:
                    "an animation palette at \(bitDepth) bits holds 1...\(1 << bitDepth) entries of 4 bytes; \(palette.count) bytes were given"
            )
        }
        var out = start(colourType: 3, bitDepth: UInt8(bitDepth))
        var colours: [UInt8] = []
        var alphas: [UInt8] = []
        for entry in 0..<count {
            colours += palette[(entry * 4)..<(entry * 4 + 3)]
            alphas.append(palette[entry * 4 + 3])
        }
        out += PNGChunk(type: "PLTE", data: colours).bytes
        if let last = alphas.lastIndex(where: { $0 != 255 }) {
            out += PNGChunk(type: "tRNS", data: Array(alphas[...last])).bytes
        }
        return out
    }

    /// The bytes of the next frame (for the first of an ``Colour/rgba`` animation, preceded by the
    /// signature, `IHDR` and `acTL`).
    ///
    /// - Throws: ``PNGError`` when every frame is already written, the first frame does not
    ///   cover the whole image from (0, 0) (the default image must), or the region leaves the image.
    package mutating func bytes(for frame: AnimatedPNGFrame) throws(PNGError) -> [UInt8] {
        guard framesWritten < frameCount else {
            throw PNGError(
                message:
                    "the animation holds \(frameCount) frames; a frame \(framesWritten + 1) was given"
            )
        }
        let region = frame.region
        guard region.x >= 0, region.y >= 0, region.width >= 1, region.height >= 1,
            region.x + region.width <= width, region.y + region.height <= height
        else {
            throw PNGError(
                message:
                    "frame \(framesWritten)'s region \(region.width)×\(region.height) at (\(region.x), \(region.y)) leaves the \(width)×\(height) image"
            )
        }
        var out: [UInt8] = []
        if framesWritten == 0 {
            guard region == Rect(x: 0, y: 0, width: width, height: height) else {
                throw PNGError(
                    message:
                        "the first frame is the default image and must cover all \(width)×\(height) pixels"
                )
            }
        }
        if framesWritten == 0, colour == .rgba {
            out += start(colourType: 6)
        }
        var control = PNGChunk.bigEndian(next())
        control +=
            PNGChunk.bigEndian(UInt32(region.width)) + PNGChunk.bigEndian(UInt32(region.height))
        control += PNGChunk.bigEndian(UInt32(region.x)) + PNGChunk.bigEndian(UInt32(region.y))
        control +=
            PNGChunk.bigEndian(frame.delay.numerator) + PNGChunk.bigEndian(frame.delay.denominator)
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
            throw PNGError(
                message:
                    "the animation announced \(frameCount) frames but \(framesWritten) were written"
            )
        }
        return PNGChunk(type: "IEND", data: []).bytes
    }

    /// The signature, `IHDR` (`bitDepth`, `colourType`: 6 RGBA or 3 palette; deflate, adaptive
    /// filtering, no interlace) and `acTL`.
    private func start(colourType: UInt8, bitDepth: UInt8 = 8) -> [UInt8] {
        var out = PNGChunk.signature
        let header = PNGChunk.bigEndian(UInt32(width)) + PNGChunk.bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, 0]
        out += PNGChunk(type: "IHDR", data: header).bytes
        out += PNGChunk(type: "acTL", data: PNGChunk.bigEndian(UInt32(frameCount)) + PNGChunk.bigEndian(UInt32(plays))).bytes
        return out
    }

    private mutating func next() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }
}

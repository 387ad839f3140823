import FilmstripRaster

/// One frame of an animated PNG, encoded: the region of the image it replaces, how long it
/// stays on screen, and its pixel data compressed as libpng compresses it (with libpng's
/// adaptive filters, filmstrip's own code makes libpng's bytes). ``AnimatedPNGWriter`` wraps it in
/// `fcTL` and `IDAT` or `fdAT` chunks.
///
/// Encoding is independent per frame (it needs only the frame before), so a run's frames can be
/// encoded on all cores and written in order.
///
/// ```swift
/// let first = try AnimatedPNGFrame.encode(frame0, after: nil, scale: 2, delayMs: 500)      // the whole image
/// let second = try AnimatedPNGFrame.encode(frame1, after: frame0, scale: 2, delayMs: 500)  // only what changed
/// ```
package struct AnimatedPNGFrame: Hashable, Sendable {
    /// The region this frame replaces, in pixels of the animation (at output scale): `fcTL`'s
    /// `x_offset`, `y_offset`, `width`, `height`.
    package let region: Rect
    /// How long the frame stays on screen (`fcTL`'s `delay_num` / `delay_den`).
    package let delay: AnimationDelay
    /// The region's pixels as a zlib stream of filtered scanlines (RGBA8, bit depth 8, colour
    /// type 6, no interlace): the concatenated data of the `IDAT` chunks libpng wrote for the
    /// region alone, which an `fdAT` chunk carries unchanged (APNG specification, `fdAT`: "the
    /// same as IDAT").
    package let imageData: [UInt8]

    /// A frame of `region` with `imageData` already compressed (the zlib stream of the
    /// region's RGBA8 scanlines, or of its palette indices at the animation's bit depth);
    /// ``encode(_:after:scale:delayMs:settings:)`` makes them.
    package init(region: Rect, delay: AnimationDelay, imageData: [UInt8]) {
        self.region = region
        self.delay = delay
        self.imageData = imageData
    }

    /// Encodes `canvas` (RGBA8 at 1×, row-major, stride = width × 4), enlarged by a whole
    /// `scale` (nearest neighbour), as the frame that follows `previous` (the frame before, at 1×,
    /// same size) and stays `delayMs` milliseconds.
    ///
    /// Stored region: the whole image when `previous` is nil or of another size; otherwise the
    /// smallest rectangle holding every pixel that changed (``ChangedRectangle``), enlarged by
    /// `scale`; when nothing changed, the single top-left output pixel (1 × 1 at (0, 0)), which
    /// replaces that pixel with itself, so every recorded frame keeps its own animation frame
    /// and its own delay.
    ///
    /// - Throws: ``PNGError`` for an empty canvas, a scale outside 1...64, a libpng failure, or
    ///   libpng output that is not 8-bit RGBA without interlacing.
    package static func encode(
        _ canvas: Canvas, after previous: Canvas?, scale: Int, delayMs: Int,
        settings: PNGSettings = .animation
    ) throws(PNGError) -> AnimatedPNGFrame {
        guard canvas.width > 0, canvas.height > 0 else {
            throw PNGError(
                message:
                    "cannot encode an animation frame of \(canvas.width)×\(canvas.height) pixels")
        }
        let (stored, storedScale, region) = try storedRegion(of: canvas, after: previous, scale: scale)
        let data: [UInt8]
        var plain = settings
        plain.allowPalette = false
        // With libpng's adaptive filters the stream is made directly from the canvas
        // (``PNGCodec/adaptiveRGBAImageData(of:region:scale:settings:)``, the bytes libpng writes);
        // other settings go through libpng.
        if plain.filters == .adaptive, (0...9).contains(plain.compressionLevel),
            (1...9).contains(plain.memoryLevel)
        {
            data = try PNGCodec.adaptiveRGBAImageData(
                of: canvas, region: stored, scale: storedScale, settings: plain)
        } else {
            data = try imageData(of: crop(canvas, to: stored), scale: storedScale, settings: plain)
        }
        return AnimatedPNGFrame(region: region, delay: AnimationDelay(ms: delayMs), imageData: data)
    }

    /// Encodes one frame of an animation whose every frame is stored as indices into one
    /// palette (``AnimatedPNGWriter/Colour/palette``), packed at `bitDepth` (8, or 4 while the
    /// palette holds at most 16 entries, every index then below 16): `indices` holds the frame's pixels at 1×
    /// as that palette's entry numbers (one byte a pixel, row-major, `width` a row, `height`
    /// rows), and `previous` the frame before it in the same palette (nil for the first). Two
    /// pixels are the same colour exactly when their numbers are equal, so the region stored is
    /// the one ``encode(_:after:scale:delayMs:settings:)`` chooses for the frames' canvases; its
    /// rows are filtered and deflated as palette frames are
    /// (``PNGCodec/indexedImageData(of:width:region:scale:bitDepth:settings:)``, Up on repeated
    /// rows, `settings`' level).
    ///
    /// - Throws: ``PNGError`` for an empty frame, `indices` of another size, a bit depth other
    ///   than 4 or 8, a scale outside 1...64, or a zlib failure.
    package static func encode(
        indices: [UInt8], width: Int, height: Int, after previous: [UInt8]?, scale: Int, delayMs: Int,
        bitDepth: Int = 8, settings: PNGSettings = .default
    ) throws(PNGError) -> AnimatedPNGFrame {
        guard width > 0, height > 0, indices.count == width * height else {
            throw PNGError(
                message: "cannot encode an animation frame of \(width)×\(height) pixels from \(indices.count) indices")
        }
        guard bitDepth == 4 || bitDepth == 8 else {
            throw PNGError(message: "an animation frame is stored at 4 or 8 bits a pixel, not \(bitDepth)")
        }
        let changed: Rect?
        if let previous, previous.count == indices.count {
            changed = ChangedRectangle.between(previous, indices, width: width, height: height, bytesPerPixel: 1)
        } else {
            changed = Rect(x: 0, y: 0, width: width, height: height)
        }
        let (stored, storedScale, region) = try storedRegion(changed: changed, scale: scale)
        let data = try PNGCodec.indexedImageData(
            of: indices, width: width, region: stored, scale: storedScale, bitDepth: bitDepth, settings: settings)
        return AnimatedPNGFrame(region: region, delay: AnimationDelay(ms: delayMs), imageData: data)
    }

    /// The rectangle of `canvas` (in 1× pixels) a frame after `previous` stores, and the scale it is
    /// stored at: the whole image when `previous` is nil or of another size; the changed rectangle
    /// at `scale` otherwise; the single top-left output pixel (1 × 1 at scale 1) when nothing changed.
    /// - Returns: that rectangle, its scale, and the region it covers in the animation's pixels.
    /// - Throws: ``PNGError`` for a scale outside 1...64.
    static func storedRegion(of canvas: Canvas, after previous: Canvas?, scale: Int) throws(PNGError) -> (Rect, Int, Rect) {
        let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let changed: Rect?
        if let previous, previous.width == canvas.width, previous.height == canvas.height {
            changed = ChangedRectangle.between(previous, canvas)
        } else {
            changed = whole
        }
        return try storedRegion(changed: changed, scale: scale)
    }

    /// What a frame stores, given the rectangle that `changed` (1× pixels; nil: nothing did):
    /// that rectangle at `scale`, or the single top-left output pixel at scale 1.
    /// - Returns: the rectangle, its scale, and the region it covers in the animation's pixels.
    /// - Throws: ``PNGError`` for a scale outside 1...64.
    static func storedRegion(changed: Rect?, scale: Int) throws(PNGError) -> (Rect, Int, Rect) {
        guard (1...64).contains(scale) else { throw PNGError(message: "scale must be 1...64, found \(scale)") }
        let stored = changed ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let storedScale = changed == nil ? 1 : scale
        let region = Rect(x: stored.x * storedScale, y: stored.y * storedScale, width: stored.width * storedScale, height: stored.height * storedScale)
        return (stored, storedScale, region)
    }

    /// The pixels of `rect` (inside `canvas`) as a canvas of their own.
    static func crop(_ canvas: Canvas, to rect: Rect) -> Canvas {
        if rect.x == 0, rect.y == 0, rect.width == canvas.width, rect.height == canvas.height {
            return canvas
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            let start = y * canvas.stride + rect.x * 4
            pixels += canvas.pixels[start..<(start + rect.width * 4)]
        }
        return Canvas(width: rect.width, height: rect.height, pixels: pixels)!
    }

    /// The IDAT data libpng writes for `canvas` enlarged by `scale`, as 8-bit RGBA.
    private static func imageData(of canvas: Canvas, scale: Int, settings: PNGSettings)
        throws(PNGError) -> [UInt8]
    {
        let file = try PNGCodec.encode(canvas, scale: scale, settings: settings)
        let chunks = try PNGChunk.chunks(in: file)
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else {
            throw PNGError(message: "libpng wrote no IHDR first")
        }
        // Bit depth 8, colour type 6 (RGBA), compression 0, filter method 0, interlace 0.
        guard header.data[8...].elementsEqual([8, 6, 0, 0, 0]) else {
            throw PNGError(
                message:
                    "libpng wrote bit depth \(header.data[8]) and colour type \(header.data[9]) for an animation frame; 8-bit RGBA was expected"
            )
        }
        var data: [UInt8] = []
        for chunk in chunks where chunk.type == "IDAT" { data += chunk.data }
        return data
    }
}

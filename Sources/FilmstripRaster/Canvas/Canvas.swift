/// An in-memory image of RGBA8 pixels.
///
/// Memory layout (the same one libpng and the PNG encoder read): `pixels` holds
/// `height` rows, top row first; each row is `stride = width * 4` bytes; each pixel is four
/// bytes R, G, B, A (straight alpha). The pixel at (x, y) starts at byte `y * stride + x * 4`.
///
/// ```swift
/// var canvas = Canvas(width: 4, height: 2, background: .black)
/// canvas.setPixel(x: 1, y: 0, to: .white)   // bytes 4...7 become FF FF FF FF
/// ```
public struct Canvas: RasterTarget, Hashable, Sendable {
    /// Width in pixels (≥ 0).
    public let width: Int
    /// Height in pixels (≥ 0).
    public let height: Int
    /// `height * stride` bytes, RGBA8, row-major, top row first.
    package internal(set) var pixels: [UInt8]

    /// Bytes per row: `width * 4`.
    package var stride: Int { width * 4 }

    /// A canvas of `width × height` pixels, every one `background`. Negative sizes count as 0.
    package init(width: Int, height: Int, background: Color = .clear) {
        self.width = max(0, width)
        self.height = max(0, height)
        // One pixel's four bytes, then doubled copies of what is written: about log2(pixels)
        // copies rather than a loop per pixel (the frame canvas is redrawn for every frame).
        let count = self.width * self.height * 4
        self.pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress, count > 0 else {
                initialized = 0
                return
            }
            base[0] = background.red
            base[1] = background.green
            base[2] = background.blue
            base[3] = background.alpha
            var filled = 4
            while filled < count {
                let chunk = min(filled, count - filled)
                (base + filled).initialize(from: base, count: chunk)
                filled += chunk
            }
            initialized = count
        }
    }

    /// A canvas over existing RGBA8 bytes laid out as described above.
    /// Returns nil when `pixels.count != width * height * 4`.
    package init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (x, y); nil outside the canvas.
    package func pixel(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = y * stride + x * 4
        return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// Replaces the four bytes of the pixel at (x, y), starting at `y * stride + x * 4`, with
    /// `color`'s R, G, B, A (no blending). Writes outside the canvas are ignored.
    public mutating func setPixel(x: Int, y: Int, to color: Color) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = y * stride + x * 4
        pixels[i] = color.red
        pixels[i + 1] = color.green
        pixels[i + 2] = color.blue
        pixels[i + 3] = color.alpha
    }

    /// Row fill: writes the first row of the clipped rectangle, then copies it down.
    public mutating func fill(_ rect: Rect, with color: Color) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        let stride = self.stride
        pixels.withUnsafeMutableBufferPointer { buffer in
            let first = clipped.y * stride + clipped.x * 4
            for x in 0..<clipped.width {
                let i = first + x * 4
                buffer[i] = color.red
                buffer[i + 1] = color.green
                buffer[i + 2] = color.blue
                buffer[i + 3] = color.alpha
            }
            let rowBytes = clipped.width * 4
            guard let base = buffer.baseAddress else { return }
            for y in (clipped.y + 1)..<max(clipped.y + 1, clipped.maxY) {
                (base + y * stride + clipped.x * 4).update(from: base + first, count: rowBytes)
            }
        }
    }
}

import CPNGShim
import FilmstripRaster

/// Encodes canvases as PNG and decodes PNG back to canvases, through libpng.
///
/// This is the one Swift file that calls into libpng (through the C shim `CPNGShim`, which
/// owns `setjmp` around every call of libpng's full API; decoding uses libpng's simplified API).
/// Every libpng error becomes a thrown ``PNGError``; nothing longjmps through Swift frames.
public enum PNGCodec {
    /// Encodes `canvas` (RGBA8, row-major, stride = width × 4) as a PNG file's bytes.
    ///
    /// With `settings.allowPalette` and at most 256 distinct RGBA colours, the file is
    /// indexed-colour (bit depth 1, 2, 4 or 8 as the count allows; palette in order of first
    /// appearance, row-major; tRNS only when some colour is translucent); otherwise 8-bit RGBA.
    /// Either way, decoding gives back exactly the canvas's pixels.
    ///
    /// - Throws: ``PNGError`` for an empty canvas or any libpng failure.
    public static func encode(_ canvas: Canvas, settings: PNGSettings = .default) throws(PNGError) -> [UInt8] {
        guard canvas.width > 0, canvas.height > 0 else {
            throw PNGError(message: "cannot encode an image of \(canvas.width)×\(canvas.height) pixels")
        }
        let filters: Int32 = settings.filters == .none ? FS_PNG_FILTER_NONE : FS_PNG_ALL_FILTERS
        if settings.allowPalette, let indexed = IndexedImage(canvas) {
            return try call { buffer, message in
                indexed.indices.withUnsafeBufferPointer { indices in
                    indexed.palette.withUnsafeBufferPointer { palette in
                        fs_png_encode_indexed(
                            indices.baseAddress, UInt32(canvas.width), UInt32(canvas.height), canvas.width,
                            palette.baseAddress, Int32(indexed.palette.count / 4), Int32(indexed.bitDepth),
                            Int32(settings.compressionLevel), filters, &buffer, message)
                    }
                }
            }
        }
        return try call { buffer, message in
            canvas.pixels.withUnsafeBufferPointer { pixels in
                fs_png_encode_rgba(
                    pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), canvas.stride,
                    Int32(settings.compressionLevel), filters, &buffer, message)
            }
        }
    }

    /// Decodes a PNG file's bytes (any colour type and bit depth libpng reads) into an RGBA8 canvas.
    ///
    /// - Throws: ``PNGError`` with libpng's message for bytes that are not a valid PNG.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Canvas {
        var message = [CChar](repeating: 0, count: Int(FS_PNG_MESSAGE_SIZE))
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = bytes.withUnsafeBufferPointer { input in
            fs_png_decode_rgba(input.baseAddress, input.count, &pixels, &width, &height, &message)
        }
        guard status == 0, let pixels else {
            throw PNGError(message: PNGError.text(of: message))
        }
        defer { fs_png_free(pixels) }
        let count = Int(width) * Int(height) * 4
        let array = Array(UnsafeBufferPointer(start: pixels, count: count))
        guard let canvas = Canvas(width: Int(width), height: Int(height), pixels: array) else {
            throw PNGError(message: "decoded pixel count does not match \(width)×\(height)")
        }
        return canvas
    }

    private static func call(
        _ body: (inout fs_png_buffer, UnsafeMutablePointer<CChar>) -> Int32
    ) throws(PNGError) -> [UInt8] {
        var buffer = fs_png_buffer(data: nil, size: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: Int(FS_PNG_MESSAGE_SIZE))
        let status = message.withUnsafeMutableBufferPointer { body(&buffer, $0.baseAddress!) }
        defer { fs_png_buffer_free(&buffer) }
        guard status == 0, let data = buffer.data else {
            throw PNGError(message: PNGError.text(of: message))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}

import CPNGShim
import FilmstripRaster

/// Encodes canvases as PNG and decodes PNG back to canvases, through libpng.
///
/// This is the one Swift file that calls into libpng (through the C shim `CPNGShim`, which
/// owns `setjmp` around every call of libpng's full API; decoding uses libpng's simplified API).
/// Every libpng error becomes a thrown ``PNGError``; nothing longjmps through Swift frames.
package enum PNGCodec {
    /// Encodes `canvas` (RGBA8, row-major, stride = width × 4), enlarged by a whole `scale`
    /// (nearest neighbour, each pixel a `scale × scale` block), as a PNG file's bytes.
    ///
    /// With `settings.allowPalette` and at most 256 distinct RGBA colours, the file is
    /// indexed-colour (bit depth 1, 2, 4 or 8 as the count allows; palette in order of first
    /// appearance, row-major; tRNS only when some colour is translucent), indexed at 1× and
    /// expanded while writing; otherwise 8-bit RGBA. Either way, decoding gives back exactly
    /// `canvas.scaled(by: scale)`.
    ///
    /// - Throws: ``PNGError`` for an empty canvas, a scale outside 1...64, or any libpng failure.
    package static func encode(_ canvas: Canvas, scale: Int = 1, settings: PNGSettings = .default) throws(PNGError) -> [UInt8] {
        guard canvas.width > 0, canvas.height > 0 else {
            throw PNGError(message: "cannot encode an image of \(canvas.width)×\(canvas.height) pixels")
        }
        if settings.allowPalette, let indexed = IndexedImage(canvas) {
            return try encode(indexed, scale: scale, settings: settings)
        }
        guard (1...64).contains(scale) else { throw PNGError(message: "scale must be 1...64, found \(scale)") }
        let image = canvas.scaled(by: scale)
        let native = nativeSettings(settings)
        return try call { buffer, message in
            image.pixels.withUnsafeBufferPointer { pixels in
                fs_png_encode_rgba(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.stride, native, &buffer, message)
            }
        }
    }

    /// Encodes an indexed image, enlarged by a whole `scale`, as an indexed-colour PNG (see
    /// ``encode(_:scale:settings:)``); `settings.allowPalette` is not consulted.
    ///
    /// - Throws: ``PNGError`` for an empty image, a scale outside 1...64, or any libpng failure.
    package static func encode(_ image: IndexedImage, scale: Int = 1, settings: PNGSettings = .default) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(message: "cannot encode an image of \(image.width)×\(image.height) pixels")
        }
        let native = nativeSettings(settings)
        return try call { buffer, message in
            image.indices.withUnsafeBufferPointer { indices in
                image.palette.withUnsafeBufferPointer { palette in
                    fs_png_encode_indexed(
                        indices.baseAddress, UInt32(image.width), UInt32(image.height), image.width, UInt32(clamping: scale),
                        palette.baseAddress, Int32(image.palette.count / 4), Int32(image.bitDepth),
                        native, &buffer, message)
                }
            }
        }
    }

    private static func nativeSettings(_ settings: PNGSettings) -> fs_png_settings {
        let filters: Int32 = switch settings.filters {
        case .none: FS_PNG_FILTER_NONE
        case .sub: FS_PNG_FILTER_SUB
        case .up: FS_PNG_FILTER_UP
        case .adaptive: FS_PNG_ALL_FILTERS
        }
        return fs_png_settings(
            compression_level: Int32(settings.compressionLevel), mem_level: Int32(settings.memoryLevel),
            strategy: Int32(settings.strategy.rawValue), filters: filters)
    }

    /// Decodes a PNG file's bytes (any colour type and bit depth libpng reads) into an RGBA8 canvas.
    ///
    /// - Throws: ``PNGError`` with libpng's message for bytes that are not a valid PNG.
    package static func decode(_ bytes: [UInt8]) throws(PNGError) -> Canvas {
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

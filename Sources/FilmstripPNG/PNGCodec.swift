import CPNGShim
import FilmstripRaster

/// Encodes canvases as PNG and decodes PNG back to canvases, through libpng and, for what
/// `record` writes, filmstrip's own writers on zlib.
///
/// This is the one Swift file that calls into libpng (through the C shim `CPNGShim`, which
/// owns `setjmp` around every call of libpng's full API; decoding uses libpng's simplified API).
/// Every libpng error becomes a thrown ``PNGError``; nothing longjmps through Swift frames.
/// The shim's two zlib-only writers (`indexed_writer.c`: palette files with Up on repeated rows
/// or with repeated rows copied, deflated by zlib, libdeflate or the shim's own scanline coder,
/// `scanline_deflate.c`;
/// `rgba_image_data.c`: the stream libpng writes for RGBA with adaptive filters) are called
/// from here too; libpng stays the decoder and the reference their tests compare with.
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
    /// Without `settings`, those filmstrip writes an image at `scale` with
    /// (``PNGSettings/forImage(scale:)``).
    ///
    /// - Throws: ``PNGError`` for an empty canvas, a scale outside 1...64, or any libpng failure.
    package static func encode(_ canvas: Canvas, scale: Int = 1, settings: PNGSettings? = nil) throws(PNGError) -> [UInt8] {
        let settings = settings ?? .forImage(scale: scale)
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
    /// ``encode(_:scale:settings:)``, also for the settings when none are given);
    /// `settings.allowPalette` is not consulted. With
    /// ``PNGSettings/Filters/upOnRepeatedRows`` or ``PNGSettings/Filters/copiedRepeatedRows`` the
    /// file is written by filmstrip's own writer (signature, IHDR, PLTE, tRNS when needed, one
    /// IDAT deflated by `settings.deflater`, IEND); otherwise by libpng.
    ///
    /// - Throws: ``PNGError`` for an empty image, a scale outside 1...64, or any libpng failure.
    package static func encode(_ image: IndexedImage, scale: Int = 1, settings: PNGSettings? = nil) throws(PNGError) -> [UInt8] {
        let settings = settings ?? .forImage(scale: scale)
        guard image.width > 0, image.height > 0 else {
            throw PNGError(message: "cannot encode an image of \(image.width)×\(image.height) pixels")
        }
        // filmstrip's own writer takes the two rules for repeated rows; libpng the other filters.
        let repeatedRows: Int32? =
            switch settings.filters {
            case .upOnRepeatedRows: FS_PNG_REPEATED_ROWS_UP
            case .copiedRepeatedRows: FS_PNG_REPEATED_ROWS_COPIED
            case .none, .sub, .up, .adaptive: nil
            }
        if let repeatedRows {
            try checkLevel(settings)
            return try call { buffer, message in
                image.indices.withUnsafeBufferPointer { indices in
                    image.palette.withUnsafeBufferPointer { palette in
                        fs_png_write_indexed(
                            indices.baseAddress, UInt32(image.width), UInt32(image.height), image.width, UInt32(clamping: scale),
                            palette.baseAddress, Int32(image.palette.count / 4), Int32(image.bitDepth), repeatedRows,
                            deflater(settings), Int32(settings.compressionLevel), Int32(settings.memoryLevel), Int32(settings.strategy.rawValue), &buffer, message)
                    }
                }
            }
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

    /// The zlib stream of `region` of `indices` (one palette index per pixel, `width` a row,
    /// row-major), enlarged by a whole `scale`, packed at `bitDepth` (1, 2, 4 or 8) with Up on a
    /// row that repeats the one above and None otherwise, deflated at `settings`' level, memory
    /// level and strategy: the IDAT data ``encode(_:scale:settings:)`` writes with
    /// ``PNGSettings/Filters/upOnRepeatedRows``, for one rectangle, which an animation frame's
    /// `fdAT` carries.
    ///
    /// - Throws: ``PNGError`` for an empty region or one outside the image, a scale outside
    ///   1...64, a level outside 0...9, or a zlib failure.
    package static func indexedImageData(of indices: [UInt8], width: Int, region: Rect, scale: Int, bitDepth: Int, settings: PNGSettings) throws(PNGError) -> [UInt8] {
        guard width > 0, region.width > 0, region.height > 0, region.x >= 0, region.y >= 0,
              region.x + region.width <= width, (region.y + region.height) * width <= indices.count
        else {
            throw PNGError(message: "the region \(region.width)×\(region.height) at (\(region.x), \(region.y)) is not inside the image")
        }
        try checkLevel(settings)
        return try call { buffer, message in
            indices.withUnsafeBufferPointer { indices in
                fs_png_indexed_image_data(
                    indices.baseAddress! + region.y * width + region.x, UInt32(region.width), UInt32(region.height), width,
                    UInt32(clamping: scale), Int32(bitDepth), deflater(settings), Int32(settings.compressionLevel), Int32(settings.memoryLevel),
                    Int32(settings.strategy.rawValue), &buffer, message)
            }
        }
    }

    /// `data`, the zlib stream of a `width` × `height` palette image's rows packed at `bitDepth`
    /// (1, 2 or 4), as the same rows at bit depth 8 would be deflated at `settings` (Up on a row
    /// that repeats the one above, None otherwise): byte for byte what
    /// ``indexedImageData(of:width:region:scale:bitDepth:settings:)`` makes at bit depth 8 for
    /// those pixels. An animation stored at 4 bits while its palette had at most 16 colours is
    /// widened this way when a later frame adds a 17th.
    ///
    /// - Throws: ``PNGError`` for an empty size, a bit depth other than 1, 2 or 4, a level outside
    ///   what `settings.deflater` takes, or data that is not a zlib stream of exactly those rows.
    package static func widenedIndexedImageData(_ data: [UInt8], width: Int, height: Int, bitDepth: Int, settings: PNGSettings) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGError(message: "cannot widen the rows of a \(width)×\(height) image")
        }
        try checkLevel(settings)
        return try call { buffer, message in
            data.withUnsafeBufferPointer { data in
                fs_png_widen_indexed_image_data(
                    data.baseAddress, data.count, UInt32(width), UInt32(height), Int32(bitDepth), deflater(settings),
                    Int32(settings.compressionLevel), Int32(settings.memoryLevel), Int32(settings.strategy.rawValue), &buffer, message)
            }
        }
    }

    /// The zlib stream libpng writes as the IDAT data of `region` of `canvas` (inside it, in
    /// canvas pixels), enlarged by a whole `scale`, as 8-bit RGBA with libpng's adaptive filters
    /// and `settings`' level, memory level and strategy: byte for byte what
    /// `encode(_:scale:settings:)` with ``PNGSettings/Filters/adaptive`` and no palette puts in
    /// its IDAT chunks, made without libpng, without copying the region or enlarging it first.
    ///
    /// - Throws: ``PNGError`` for an empty region or one outside the canvas, a scale outside
    ///   1...64, or a zlib failure.
    static func adaptiveRGBAImageData(of canvas: Canvas, region: Rect, scale: Int, settings: PNGSettings) throws(PNGError) -> [UInt8] {
        guard region.width > 0, region.height > 0, region.x >= 0, region.y >= 0,
              region.x + region.width <= canvas.width, region.y + region.height <= canvas.height
        else {
            throw PNGError(message: "region \(region.width)×\(region.height) at (\(region.x), \(region.y)) is not inside the \(canvas.width)×\(canvas.height) image")
        }
        guard (1...64).contains(scale) else { throw PNGError(message: "scale must be 1...64, found \(scale)") }
        return try call { buffer, message in
            canvas.pixels.withUnsafeBufferPointer { pixels in
                fs_png_rgba_image_data(
                    pixels.baseAddress! + region.y * canvas.stride + region.x * 4, UInt32(region.width), UInt32(region.height), canvas.stride,
                    UInt32(scale), Int32(settings.compressionLevel), Int32(settings.memoryLevel), Int32(settings.strategy.rawValue), &buffer, message)
            }
        }
    }

    /// - Throws: ``PNGError`` when the level is outside what `settings.deflater` takes.
    private static func checkLevel(_ settings: PNGSettings) throws(PNGError) {
        switch settings.deflater {
        case .zlib:
            guard (0...9).contains(settings.compressionLevel) else { throw PNGError(message: "compression level must be 0...9") }
        case .libdeflate:
            guard (0...12).contains(settings.compressionLevel) else { throw PNGError(message: "libdeflate's compression level must be 0...12") }
        case .scanline:
            guard (1...9).contains(settings.compressionLevel) else { throw PNGError(message: "the scanline coder's level must be 1...9") }
        }
    }

    private static func deflater(_ settings: PNGSettings) -> Int32 {
        switch settings.deflater {
        case .zlib: FS_PNG_DEFLATER_ZLIB
        case .libdeflate: FS_PNG_DEFLATER_LIBDEFLATE
        case .scanline: FS_PNG_DEFLATER_SCANLINE
        }
    }

    private static func nativeSettings(_ settings: PNGSettings) -> fs_png_settings {
        let filters: Int32 = switch settings.filters {
        case .none, .upOnRepeatedRows, .copiedRepeatedRows: FS_PNG_FILTER_NONE
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
        // With a readable header the pixels are decoded straight into the canvas's storage, so a
        // large image is held once, not twice.
        if let header = PNGHeader(bytes), (1...Int(Int32.max)).contains(header.width), (1...Int(Int32.max)).contains(header.height),
           case (let count, let overflow) = header.width.multipliedReportingOverflow(by: header.height * 4), !overflow, count <= Int(FS_PNG_MAX_DECODED_BYTES) {
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
                status = bytes.withUnsafeBufferPointer { input in
                    fs_png_decode_rgba_into(input.baseAddress, input.count, UInt32(header.width), UInt32(header.height), buffer.baseAddress, &message)
                }
                initialised = status == 0 ? count : 0
            }
            guard status == 0, let canvas = Canvas(width: header.width, height: header.height, pixels: pixels) else {
                throw PNGError(message: PNGError.text(of: message))
            }
            return canvas
        }
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

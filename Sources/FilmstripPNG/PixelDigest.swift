import FilmstripRaster

// The one platform seam of the digest: SHA-256 from the system's own library, so no platform
// needs a package of ours for it. Linux: OpenSSL's libcrypto (the CLibCrypto system library, a
// dependency on Linux only). Apple platforms: CommonCrypto, part of the SDK's libSystem.
#if os(Linux)
    import CLibCrypto
#elseif canImport(CommonCrypto)
    import CommonCrypto
#else
    #error("PixelDigest needs SHA-256 from libcrypto (Linux) or CommonCrypto (Apple platforms)")
#endif

/// The digest of what a frame shows, as `report.json` gives it per frame (`pixelsSHA256`, report
/// format 3), so `check` can compare a fresh render with a recorded frame without decoding the
/// PNG, and without enlarging or hashing the image at output scale.
///
/// What is hashed is what was drawn — the image at 1×, its palette and the scale — never the
/// enlarged pixels (report format 1 hashed the RGBA8 pixels at output scale: 1.34 MB a frame at
/// 896×374), and a palette image's pixels as runs of one entry (report format 2 hashed one byte
/// a pixel: 84 KB for that frame, where its runs take about 10 KB). The bytes, in order:
///
/// 1. a 16-byte header: the 1× width, the 1× height, the scale, and the number of palette entries
///    (0 for an image of more than 256 colours), each a 32-bit big-endian unsigned integer;
/// 2. with a palette: its entries as R, G, B, A (4 bytes each), numbered in order of first
///    appearance scanning rows top to bottom, left to right (``IndexedImage``), then the
///    pixels' entry numbers, row-major, top row first, as runs: each longest run of one entry
///    (a run goes on across the end of a row) as the entry (1 byte) and the run's length in
///    pixels as an unsigned LEB128 number (seven bits a byte, the lowest first, the top bit set
///    on every byte but the last: 5 is `05`, 300 is `AC 02`);
/// 3. without one: every pixel as R, G, B, A, row-major, top row first.
///
/// The palette's order and the runs are fixed by the pixels, so two images have equal digests
/// exactly when they have the same size, scale and pixels. To check one from a PNG file: decode
/// it to RGBA8, keep every `scale`-th pixel of every `scale`-th row (the file holds each 1× pixel
/// as a `scale` × `scale` block), number the colours by first appearance and hash the bytes above
/// (``sha256(ofEnlarged:scale:)`` does this; docs/OUTPUTS.md gives it in Python). The digest is
/// SHA-256 of FIPS 180-4, computed by OpenSSL's libcrypto (EVP) on Linux and by CommonCrypto
/// (`CC_SHA256_Init`/`Update`/`Final`) on Apple platforms: the same 32 bytes and the same hex
/// text on both.
///
/// ```swift
/// PixelDigest.sha256(of: Canvas(width: 1, height: 1, background: .black), scale: 2)
/// // 64 lower-case hex digits
/// ```
package enum PixelDigest {
    /// The digest of `bytes`, as 64 lower-case hex digits.
    package static func sha256(_ bytes: [UInt8]) -> String {
        digest { update in update(bytes) }
    }

    /// The digest of `bytes`, as its 32 bytes.
    package static func sha256Bytes(of bytes: [UInt8]) -> [UInt8] {
        sha256Bytes { update in update(bytes) }
    }

    /// `bytes` as lower-case hex digits, two a byte (a digest's text form).
    package static func hexText(_ bytes: [UInt8]) -> String { hex(bytes) }

    /// The digest of `canvas` (1×) drawn at `scale` (≥ 1; smaller counts as 1), as 64
    /// lower-case hex digits: indexed when it has at most 256 colours.
    package static func sha256(of canvas: Canvas, scale: Int) -> String {
        if let indexed = IndexedImage(canvas) { return sha256(of: indexed, scale: scale) }
        return digest { update in
            update(header(width: canvas.width, height: canvas.height, scale: scale, entries: 0))
            update(canvas.pixels)
        }
    }

    /// The digest of `image` (1×, at most 256 colours) drawn at `scale`: the same as
    /// ``sha256(of:scale:)`` of the canvas it was made from.
    package static func sha256(of image: IndexedImage, scale: Int) -> String {
        let stream = Stream()
        header(width: image.width, height: image.height, scale: scale, entries: image.palette.count / 4)
            .withUnsafeBytes { stream.update($0) }
        image.palette.withUnsafeBytes { stream.update($0) }
        // The runs, hashed 64 KiB at a time: an entry and at most ten length bytes each (the
        // buffer is not zeroed first: only what was written is hashed).
        let runs = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: runPiece + 11)
        defer { runs.deallocate() }
        image.indices.withUnsafeBytes { indices in
            var count = 0
            var p = 0
            while p < indices.count {
                let entry = indices[p]
                let end = IndexRuns.end(of: entry, in: indices, from: p + 1, limit: indices.count)
                count = writeRun(entry: entry, length: end - p, to: runs, at: count)
                if count >= runPiece {
                    stream.update(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: runs[0..<count])))
                    count = 0
                }
                p = end
            }
            stream.update(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: runs[0..<count])))
        }
        return stream.finish()
    }

    /// How many bytes of runs are hashed at a time: 64 KiB.
    private static let runPiece = 1 << 16

    /// Appends one run: its entry, then its length as an unsigned LEB128 number (seven bits a
    /// byte, the lowest first, the top bit set on every byte but the last).
    package static func appendRun(entry: UInt8, length: Int, to runs: inout [UInt8]) {
        var bytes = [UInt8](repeating: 0, count: 11)
        let count = bytes.withUnsafeMutableBufferPointer { writeRun(entry: entry, length: length, to: $0, at: 0) }
        runs += bytes[0..<count]
    }

    /// Writes one run as ``appendRun(entry:length:to:)`` does at `position` (room for 11 bytes);
    /// returns the position after it.
    @inline(__always)
    private static func writeRun(entry: UInt8, length: Int, to runs: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        var at = position
        runs[at] = entry
        at += 1
        var rest = UInt(length)
        while rest >= 0x80 {
            runs[at] = UInt8(truncatingIfNeeded: rest) | 0x80
            at += 1
            rest >>= 7
        }
        runs[at] = UInt8(rest)
        return at + 1
    }

    /// The digest of an image read back from a PNG file at output size (`enlarged`, each 1× pixel a
    /// `scale` × `scale` block): that of its 1× image. Nil when the size is not a multiple of
    /// `scale` or a block is not one colour, so the file is not an enlargement at `scale`.
    package static func sha256(ofEnlarged enlarged: Canvas, scale: Int) -> String? {
        let scale = max(1, scale)
        guard enlarged.width % scale == 0, enlarged.height % scale == 0 else { return nil }
        var small = Canvas(width: enlarged.width / scale, height: enlarged.height / scale)
        for y in 0..<enlarged.height {
            for x in 0..<enlarged.width {
                guard let colour = enlarged.pixel(x: x, y: y) else { return nil }
                if x % scale == 0 && y % scale == 0 {
                    small.setPixel(x: x / scale, y: y / scale, to: colour)
                } else if colour != small.pixel(x: x / scale, y: y / scale) {
                    return nil
                }
            }
        }
        return sha256(of: small, scale: scale)
    }

    /// The header: four 32-bit big-endian integers.
    private static func header(width: Int, height: Int, scale: Int, entries: Int) -> [UInt8] {
        bigEndian32([width, height, max(1, scale), entries])
    }

    /// Each of `values` as a 32-bit big-endian unsigned integer (its low 32 bits), in order.
    package static func bigEndian32(_ values: [Int]) -> [UInt8] {
        values.flatMap { value -> [UInt8] in
            let value = UInt32(truncatingIfNeeded: value)
            return [
                UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
                UInt8(value & 0xFF),
            ]
        }
    }

    private static func digest(_ body: ((_ bytes: [UInt8]) -> Void) -> Void) -> String {
        hex(sha256Bytes(body))
    }

    /// SHA-256 of the bytes `body` hands over, through ``Stream`` (the one platform seam).
    private static func sha256Bytes(_ body: ((_ bytes: [UInt8]) -> Void) -> Void) -> [UInt8] {
        let stream = Stream()
        body { bytes in bytes.withUnsafeBytes { stream.update($0) } }
        return stream.finishBytes()
    }

    /// SHA-256 of bytes given in pieces, such as a file as it is written: ``update(_:)`` with
    /// each piece in order, then ``finish()`` once for the 64 lower-case hex digits (the same as
    /// ``sha256(_:)`` of the pieces joined).
    package final class Stream {
        #if os(Linux)
            private let context: OpaquePointer
        #else
            private var context = CC_SHA256_CTX()
        #endif

        package init() {
            #if os(Linux)
                guard let context = EVP_MD_CTX_new() else {
                    fatalError("libcrypto could not allocate a digest context")
                }
                self.context = context
                EVP_DigestInit_ex(context, EVP_sha256(), nil)
            #else
                _ = CC_SHA256_Init(&context)
            #endif
        }

        deinit {
            #if os(Linux)  // no other branch: CommonCrypto's context is a value, with nothing to free
                EVP_MD_CTX_free(context)
            #endif
        }

        /// Adds the next piece (CommonCrypto takes at most `CC_LONG.max` bytes a call: a larger
        /// piece is fed in parts).
        package func update(_ piece: UnsafeRawBufferPointer) {
            guard let base = piece.baseAddress, piece.count > 0 else { return }
            #if os(Linux)
                _ = EVP_DigestUpdate(context, base, piece.count)
            #else
                var offset = 0
                while offset < piece.count {
                    let count = min(piece.count - offset, Int(CC_LONG.max))
                    _ = CC_SHA256_Update(&context, base + offset, CC_LONG(count))
                    offset += count
                }
            #endif
        }

        /// The digest of every piece added, as 64 lower-case hex digits. Call once.
        package func finish() -> String { PixelDigest.hex(finishBytes()) }

        /// The digest of every piece added, as its 32 bytes. Call once (or ``finish()``).
        package func finishBytes() -> [UInt8] {
            #if os(Linux)
                var output = [UInt8](repeating: 0, count: 32)
                var length: UInt32 = 0
                // With a valid context and the built-in SHA-256 this cannot fail.
                EVP_DigestFinal_ex(context, &output, &length)
                return Array(output.prefix(Int(length)))
            #else
                // CommonCrypto's SHA-256 functions always return 1.
                var output = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
                _ = CC_SHA256_Final(&output, &context)
                return output
            #endif
        }
    }

    /// `bytes` as lower-case hex digits, two a byte.
    fileprivate static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

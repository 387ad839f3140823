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

/// The SHA-256 of an image's decoded pixels, as `report.json` gives it per frame
/// (`pixelsSHA256`), so `check` can compare a fresh render with a recorded frame without
/// decoding the PNG.
///
/// What is hashed: the image at output scale (`canvas` enlarged by `scale`, nearest
/// neighbour), as RGBA8, row-major, top row first, 4 bytes per pixel (R, G, B, A), no row
/// padding and nothing else: exactly the bytes a PNG decoder yields for the frame file. The
/// digest is SHA-256 of FIPS 180-4, computed by OpenSSL's libcrypto (EVP) on Linux and by
/// CommonCrypto (`CC_SHA256_Init`/`Update`/`Final`) on Apple platforms: the same 32 bytes and
/// the same hex text on both. The enlarged image is never held whole: each 1× row is enlarged
/// once and fed `scale` times.
///
/// ```swift
/// PixelDigest.sha256(of: Canvas(width: 1, height: 1, background: .black), scale: 1)
/// // "e3f3b5…" — 64 lower-case hex digits
/// ```
package enum PixelDigest {
    /// The digest of `bytes`, as 64 lower-case hex digits.
    package static func sha256(_ bytes: [UInt8]) -> String {
        digest { update in update(bytes) }
    }

    /// The digest of `canvas` enlarged by `scale` (≥ 1), as 64 lower-case hex digits.
    package static func sha256(of canvas: Canvas, scale: Int) -> String {
        let scale = max(1, scale)
        return digest { update in
            guard scale > 1 else {
                update(canvas.pixels)
                return
            }
            var row = [UInt8](repeating: 0, count: canvas.width * scale * 4)
            canvas.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<canvas.height {
                    row.withUnsafeMutableBufferPointer { out in
                        var position = 0
                        for x in 0..<canvas.width {
                            let source = y * canvas.stride + x * 4
                            for _ in 0..<scale {
                                out[position] = pixels[source]
                                out[position + 1] = pixels[source + 1]
                                out[position + 2] = pixels[source + 2]
                                out[position + 3] = pixels[source + 3]
                                position += 4
                            }
                        }
                    }
                    for _ in 0..<scale { update(row) }
                }
            }
        }
    }

    private static func digest(_ body: ((_ bytes: [UInt8]) -> Void) -> Void) -> String {
        hex(sha256Bytes(body))
    }

    #if os(Linux)
        /// SHA-256 with libcrypto's EVP interface.
        private static func sha256Bytes(_ body: ((_ bytes: [UInt8]) -> Void) -> Void) -> [UInt8] {
            guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
            defer { EVP_MD_CTX_free(context) }
            // With a valid context and the built-in SHA-256 these calls cannot fail.
            EVP_DigestInit_ex(context, EVP_sha256(), nil)
            body { bytes in
                bytes.withUnsafeBytes { buffer in _ = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count) }
            }
            var output = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &output, &length)
            return Array(output.prefix(Int(length)))
        }
    #else
        /// SHA-256 with CommonCrypto's incremental interface (`CC_SHA256_CTX`), whose length
        /// argument is a `CC_LONG` (32 bits): a larger buffer is fed in pieces.
        private static func sha256Bytes(_ body: ((_ bytes: [UInt8]) -> Void) -> Void) -> [UInt8] {
            var context = CC_SHA256_CTX()
            // CommonCrypto's SHA-256 functions always return 1.
            _ = CC_SHA256_Init(&context)
            body { bytes in
                bytes.withUnsafeBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let count = min(buffer.count - offset, Int(CC_LONG.max))
                        _ = CC_SHA256_Update(&context, buffer.baseAddress! + offset, CC_LONG(count))
                        offset += count
                    }
                }
            }
            var output = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
            _ = CC_SHA256_Final(&output, &context)
            return output
        }
    #endif

    /// `bytes` as lower-case hex digits, two a byte.
    private static func hex(_ bytes: [UInt8]) -> String {
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

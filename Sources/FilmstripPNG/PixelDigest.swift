import CLibCrypto
import FilmstripRaster

/// The SHA-256 of an image's decoded pixels, as `report.json` gives it per frame
/// (`pixelsSHA256`), so `check` can compare a fresh render with a recorded frame without
/// decoding the PNG.
///
/// What is hashed: the image at output scale (`canvas` enlarged by `scale`, nearest
/// neighbour), as RGBA8, row-major, top row first, 4 bytes per pixel (R, G, B, A), no row
/// padding and nothing else: exactly the bytes a PNG decoder yields for the frame file. The
/// digest is computed by OpenSSL's libcrypto (EVP, SHA-256 of FIPS 180-4); the enlarged image
/// is never held whole: each 1× row is enlarged once and fed `scale` times.
///
/// ```swift
/// PixelDigest.sha256(of: Canvas(width: 1, height: 1, background: .black), scale: 1)
/// // "e3f3b5…" — 64 lower-case hex digits
/// ```
public enum PixelDigest {
    /// The digest of `bytes`, as 64 lower-case hex digits.
    public static func sha256(_ bytes: [UInt8]) -> String {
        digest { update in update(bytes) }
    }

    /// The digest of `canvas` enlarged by `scale` (≥ 1), as 64 lower-case hex digits.
    public static func sha256(of canvas: Canvas, scale: Int) -> String {
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
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in output.prefix(Int(length)) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

import FilmstripPNG
import FilmstripRaster
import Testing

/// `pixelsSHA256`: SHA-256 (libcrypto) of what was drawn: the 1× palette indices, the palette,
/// the size and the scale (docs/OUTPUTS.md).
@Suite struct PixelDigestTests {
    /// FIPS 180-4 / NIST CSRC examples.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theStandardsExamples(message: String, digest: String) {
        #expect(PixelDigest.sha256(Array(message.utf8)) == digest)
    }

    @Test func aMillionAs() {
        #expect(
            PixelDigest.sha256([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A 3×2 canvas, pixel (x, y) = (40x, 90y, x + y, 255): six colours, so the digest hashes the
    /// header (width 3, height 2, the scale, 6 entries), the palette in order of first appearance
    /// and one index per 1× pixel. The expected digests come from Python's hashlib over the same
    /// bytes: `px = [(x*40, y*90, x+y, 255) for y in range(2) for x in range(3)];
    /// pal = list(dict.fromkeys(px)); hashlib.sha256(struct.pack(">IIII", 3, 2, s, len(pal)) +
    /// b"".join(bytes(c) for c in pal) + bytes(pal.index(p) for p in px)).hexdigest()`.
    @Test func whatWasDrawnMatchesPythonsHashlib() throws {
        var canvas = Canvas(width: 3, height: 2)
        for y in 0..<2 {
            for x in 0..<3 {
                canvas.setPixel(
                    x: x, y: y,
                    to: Color(red: UInt8(x * 40), green: UInt8(y * 90), blue: UInt8(x + y)))
            }
        }
        #expect(
            PixelDigest.sha256(of: canvas, scale: 1)
                == "814cc497319797498dbd16f6f05eb927f4d594738042ac735ffacc37e9919218")
        #expect(
            PixelDigest.sha256(of: canvas, scale: 2)
                == "2f2f38c2b6b10b0f0479281ae70e89765b557cd395d668e3066e4b562058af31")
        #expect(
            PixelDigest.sha256(of: try #require(IndexedImage(canvas)), scale: 2)
                == "2f2f38c2b6b10b0f0479281ae70e89765b557cd395d668e3066e4b562058af31")
        // What a decoder reads back from the encoded PNG gives the same digest once reduced to 1×.
        let decoded = try PNGCodec.decode(try PNGCodec.encode(canvas, scale: 2))
        #expect(
            PixelDigest.sha256(ofEnlarged: decoded, scale: 2)
                == "2f2f38c2b6b10b0f0479281ae70e89765b557cd395d668e3066e4b562058af31")
        // An image that is not an enlargement at that scale has no digest: one pixel of a block differs.
        var uneven = decoded
        uneven.setPixel(x: 1, y: 1, to: .white)
        #expect(PixelDigest.sha256(ofEnlarged: uneven, scale: 2) == nil)
        #expect(
            PixelDigest.sha256(ofEnlarged: decoded, scale: 4) == nil,
            "6×4 pixels are no enlargement by 4")
    }

    /// 300 colours do not fit a palette: the header says 0 entries and every 1× pixel is hashed as
    /// RGBA8. Python: `px = [((i*7)%256, (i*13)%256, i//256, 255) for i in range(300)];
    /// hashlib.sha256(struct.pack(">IIII", 20, 15, 3, 0) + b"".join(bytes(p) for p in px)).hexdigest()`.
    @Test func moreThan256ColoursAreHashedAsRGBA() throws {
        var canvas = Canvas(width: 20, height: 15)
        for i in 0..<300 {
            canvas.setPixel(
                x: i % 20, y: i / 20,
                to: Color(red: UInt8(i * 7 % 256), green: UInt8(i * 13 % 256), blue: UInt8(i / 256))
            )
        }
        #expect(IndexedImage(canvas) == nil)
        #expect(
            PixelDigest.sha256(of: canvas, scale: 3)
                == "48ecaa5e34a4d7d3efe40210c01d5e67687dffb302b04d8b3c0eee094ab0e6d8")
    }
}

import FilmstripPNG
import FilmstripRaster
import Testing

/// `pixelsSHA256`: SHA-256 (libcrypto) of RGBA8 pixels at output scale.
@Suite struct PixelDigestTests {
    /// FIPS 180-4 / NIST CSRC examples.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func theStandardsExamples(message: String, digest: String) {
        #expect(PixelDigest.sha256(Array(message.utf8)) == digest)
    }

    @Test func aMillionAs() {
        #expect(PixelDigest.sha256([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A 3×2 canvas, pixel (x, y) = (40x, 90y, x + y, 255). The expected digests come from
    /// Python's hashlib over the same bytes, enlarged by nearest neighbour:
    /// `hashlib.sha256(b''.join((b''.join(bytes([x*40, y*90, x+y, 255]) * s for x in range(3))) * s for y in range(2))).hexdigest()`.
    @Test func pixelsAtOutputScaleMatchPythonsHashlib() throws {
        var canvas = Canvas(width: 3, height: 2)
        for y in 0..<2 {
            for x in 0..<3 { canvas.setPixel(x: x, y: y, to: Color(red: UInt8(x * 40), green: UInt8(y * 90), blue: UInt8(x + y))) }
        }
        #expect(PixelDigest.sha256(of: canvas, scale: 1) == "3f4e95286af977fb0cf79dc0f2c2b38daa4ca7a5b873f32f8ff8f84fec3ba418")
        #expect(PixelDigest.sha256(of: canvas, scale: 2) == "bb4b930c9cda0741ec7695b0d9120ef147bf6ec86d46e729cfdee432cd7daf0b")
        // The same as hashing what a decoder reads back from the encoded PNG.
        let decoded = try PNGCodec.decode(try PNGCodec.encode(canvas, scale: 2))
        #expect(PixelDigest.sha256(decoded.pixels) == "bb4b930c9cda0741ec7695b0d9120ef147bf6ec86d46e729cfdee432cd7daf0b")
    }
}

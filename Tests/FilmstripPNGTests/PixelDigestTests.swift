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
    /// and six runs of one pixel (entry, length 1). The expected digests come from Python's
    /// hashlib over the same bytes (the test below gives the program).
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
                == "dca843ae223b9f2014f53778a8ba8028167e6f41acb6d40453582c3a9b90a74f")
        #expect(
            PixelDigest.sha256(of: canvas, scale: 2)
                == "bc24fb26790216ef240b3426bd1add26acc80d58034dff86111831b8b941568c")
        #expect(
            PixelDigest.sha256(of: try #require(IndexedImage(canvas)), scale: 2)
                == "bc24fb26790216ef240b3426bd1add26acc80d58034dff86111831b8b941568c")
        // What a decoder reads back from the encoded PNG gives the same digest once reduced to 1×.
        let decoded = try PNGCodec.decode(try PNGCodec.encode(canvas, scale: 2))
        #expect(
            PixelDigest.sha256(ofEnlarged: decoded, scale: 2)
                == "bc24fb26790216ef240b3426bd1add26acc80d58034dff86111831b8b941568c")
        // An image that is not an enlargement at that scale has no digest: one pixel of a block differs.
        var uneven = decoded
        uneven.setPixel(x: 1, y: 1, to: .white)
        #expect(PixelDigest.sha256(ofEnlarged: uneven, scale: 2) == nil)
        #expect(
            PixelDigest.sha256(ofEnlarged: decoded, scale: 4) == nil,
            "6×4 pixels are no enlargement by 4")
    }

    /// Runs go on across the ends of rows, and their lengths take one, two or three LEB128 bytes:
    /// a 300×100 canvas of one colour but for 130 red pixels opening row 0 (a length of 130:
    /// `82 01`), one white pixel at (5, 10) (a run of 2,875 before it) and 26,994 pixels after
    /// it (three bytes). Python, with `px` those pixels row by row:
    /// ```
    /// pal = list(dict.fromkeys(px)); n = {c: i for i, c in enumerate(pal)}; idx = [n[p] for p in px]
    /// body = bytearray(); i = 0
    /// while i < len(idx):
    ///     j = i
    ///     while j < len(idx) and idx[j] == idx[i]: j += 1
    ///     body.append(idx[i]); k = j - i
    ///     while k >= 0x80: body.append((k & 0x7F) | 0x80); k >>= 7
    ///     body.append(k); i = j
    /// hashlib.sha256(struct.pack(">IIII", 300, 100, 2, len(pal)) + b"".join(bytes(c) for c in pal) + body).hexdigest()
    /// ```
    @Test func runsCrossRowEndsAndTakeLEB128Lengths() throws {
        var canvas = Canvas(width: 300, height: 100, background: Color(red: 9, green: 9, blue: 9))
        canvas.fill(Rect(x: 0, y: 0, width: 130, height: 1), with: Color(red: 255, green: 0, blue: 0))
        canvas.setPixel(x: 5, y: 10, to: .white)
        #expect(
            PixelDigest.sha256(of: canvas, scale: 2)
                == "00f3369ca5f98f26cfb857a5afdd84216184495cabc7580d90d2c7cfcd941968")
        var runs: [UInt8] = []
        // The runs hashed, the red first seen (entry 0), then the background (1) and white (2).
        PixelDigest.appendRun(entry: 0, length: 130, to: &runs)
        PixelDigest.appendRun(entry: 1, length: 2_875, to: &runs)
        PixelDigest.appendRun(entry: 2, length: 1, to: &runs)
        PixelDigest.appendRun(entry: 1, length: 26_994, to: &runs)
        #expect(runs == [0, 0x82, 0x01, 1, 0xBB, 0x16, 2, 0x01, 1, 0xF2, 0xD2, 0x01])
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

import FilmstripPNG
import FilmstripReports

/// The pixel digest of `animation.png` (`stripAnimationPixelsSHA256` in `report.json`): what the
/// animation shows, taken from its frames' pixel digests and delays, so `check` can tell that a
/// committed animation still shows what a fresh run draws without encoding it.
///
/// A chain of SHA-256 digests (``PixelDigest``), one link a frame, so a run of any length keeps
/// 32 bytes: the first link is the SHA-256 of a 16-byte header (the frames' 1× width and height,
/// the scale and the number of animation frames, each a 32-bit big-endian unsigned integer); each
/// animation frame, in order, makes the next link the SHA-256 of the last link's 32 bytes, the
/// frame's delay in milliseconds (32-bit big-endian, ``AnimationSchedule``) and the 32 bytes of
/// its `pixelsSHA256`. The digest is the last link as 64 lower-case hex digits. The animation's
/// bytes follow from these (its palette, changed rectangles and chunks are made from the frames'
/// pixels and delays alone), so equal digests mean the same animation from the same encoder.
struct AnimationDigest {
    private var link: [UInt8]
    private var remaining: Int
    /// False once a frame came without a pixel digest: then there is no digest.
    private var complete = true

    /// The chain's start for `frameCount` animation frames of `width` × `height` pixels at 1×,
    /// shown at `scale`.
    init(width: Int, height: Int, scale: Int, frameCount: Int) {
        link = PixelDigest.sha256Bytes(of: PixelDigest.bigEndian32([width, height, scale, frameCount]))
        remaining = frameCount
    }

    /// Adds the next animation frame: its delay and its pixel digest (64 hex digits; nil when
    /// the frame was not digested, which leaves no digest).
    mutating func append(delayMs: Int, pixelsSHA256: String?) {
        guard complete, remaining > 0, let digest = pixelsSHA256.flatMap(Self.bytes(ofHex:)) else {
            complete = false
            return
        }
        link = PixelDigest.sha256Bytes(of: link + PixelDigest.bigEndian32([delayMs]) + digest)
        remaining -= 1
    }

    /// The digest, once every frame is added; nil while frames are missing or one had no digest.
    var sha256: String? { complete && remaining == 0 ? PixelDigest.hexText(link) : nil }

    /// The 32 bytes of a 64-digit hex digest; nil for anything else.
    private static func bytes(ofHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == 64 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}

import FilmstripPNG
import FilmstripRaster
import Foundation

/// Rewrites a palette animation's first frames from 4 bits a pixel to 8, as their chunks pass
/// from the stream's spilled body into `animation.png`.
///
/// ``AnimationStream`` packs its frames at 4 bits while the run's palette holds at most 16
/// colours (half the bytes to deflate, and smaller files). A frame that brings a 17th colour
/// makes the whole animation 8-bit (one `IHDR` depth for every frame): the frames already
/// encoded are widened here, one at a time, as the file is written. Each frame's data is
/// inflated, its rows unpacked to a byte a pixel and deflated again exactly as an 8-bit frame is
/// (``PNGCodec/widenedIndexedImageData(_:width:height:bitDepth:settings:)``), so the file is byte
/// for byte the one an 8-bit stream from the start would write, whichever batch the 17th
/// colour came in. The body holds, per frame, an `fcTL` chunk (its 26 bytes give the region's
/// width at offset 4 and height at 8) and then the frame's `IDAT` (the first frame) or `fdAT`
/// (a 4-byte sequence number, then the data); the sequence numbers are kept and each rewritten
/// chunk gets its own CRC-32.
struct AnimationWidening {
    /// Frames at the start of the body still to widen.
    private var remaining: Int
    /// Bytes received and not yet passed on: at most one chunk in the middle of a piece.
    private var pending: [UInt8] = []
    /// The size, in pixels of the animation, of the frame whose data comes next (its `fcTL`).
    private var region: (width: Int, height: Int)?
    private let settings: PNGSettings
    private let path: String

    /// Widens the first `frames` frames of the body, deflating with `settings`; errors name `path`.
    init(frames: Int, settings: PNGSettings, path: String) {
        remaining = frames
        self.settings = settings
        self.path = path
    }

    /// Takes the body's next `piece` and hands `append` what is ready: whole chunks, widened while
    /// frames remain to widen, then everything as it comes.
    /// - Throws: ``FilmstripError`` (output, naming the animation) when the body holds a chunk
    ///   other than `fcTL`, `IDAT` and `fdAT` among the frames to widen or a frame's data cannot
    ///   be widened; or what `append` throws.
    mutating func pass(_ piece: Data, to append: (Data) throws(FilmstripError) -> Void) throws(FilmstripError) {
        if remaining == 0, pending.isEmpty {
            try append(piece)
            return
        }
        pending += piece
        var at = 0
        var out: [UInt8] = []
        while remaining > 0, pending.count - at >= 12 {
            let length = Int(Self.uInt32(pending, at))
            guard pending.count - at >= 12 + length else { break }
            let type = String(decoding: pending[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(pending[(at + 8)..<(at + 8 + length)])
            switch type {
            case "fcTL" where length == 26:
                region = (Int(Self.uInt32(data, 4)), Int(Self.uInt32(data, 8)))
                out += pending[at..<(at + 12 + length)]
            case "IDAT":
                out += PNGChunk(type: "IDAT", data: try widen(data)).bytes
                remaining -= 1
            case "fdAT" where length >= 4:
                out += PNGChunk(type: "fdAT", data: Array(data[0..<4]) + (try widen(Array(data[4...])))).bytes
                remaining -= 1
            default:
                throw FilmstripError(.output(path: path, reason: "its frames hold a \(type) chunk where fcTL, IDAT or fdAT belongs"))
            }
            at += 12 + length
        }
        if remaining == 0 {
            out += pending[at...]
            pending = []
        } else {
            pending.removeFirst(at)
        }
        if !out.isEmpty { try append(Data(out)) }
    }

    /// Checks that every frame to widen came.
    /// - Throws: ``FilmstripError`` (output, naming the animation) when the body ended first.
    func finish() throws(FilmstripError) {
        guard remaining == 0, pending.isEmpty else {
            throw FilmstripError(.output(path: path, reason: "its frames ended before \(remaining) of them were widened to 8 bits"))
        }
    }

    private mutating func widen(_ data: [UInt8]) throws(FilmstripError) -> [UInt8] {
        guard let region else {
            throw FilmstripError(.output(path: path, reason: "a frame's data came before its fcTL"))
        }
        self.region = nil
        do throws(PNGError) {
            return try PNGCodec.widenedIndexedImageData(data, width: region.width, height: region.height, bitDepth: 4, settings: settings)
        } catch {
            throw FilmstripError(.output(path: path, reason: error.description))
        }
    }

    private static func uInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

import FilmstripPNG
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rules a committed file must keep to match, beside its pixels or bytes: what a viewer
/// (a browser, an image viewer, a code review) shows must be what filmstrip wrote.
///
/// - A plain file inside the plan's folder: not a symbolic link (to a file outside, say), a
///   folder, a FIFO or a device.
/// - A frame, still or strip holds only the chunks filmstrip writes in one: `IHDR`, `PLTE`,
///   `tRNS`, `IDAT`, `IEND` (``FrameWriter`` writes palette or RGBA images and nothing else; no
///   time or text chunks, see docs/ARCHITECTURE.md). An `acTL` would make it an animated PNG
///   whose later frames a browser plays though the default image is right; a `tEXt` of 5 MB is
///   data its pixels do not explain. `animation.png` is compared byte for byte, so any chunk
///   filmstrip did not write differs there.
/// - Nothing after `IEND`.
/// - Samples of 8 bits or fewer (`IHDR`'s bit depth): filmstrip writes 8-bit RGBA and 1-, 2-,
///   4- or 8-bit palette images, and compares pixels as RGBA8. A 16-bit image holds values an
///   8-bit comparison cannot judge, so it is named by its bit depth and its pixels are not
///   counted. A lossless re-encoding that keeps 8-bit samples (RGB, grey, another palette)
///   passes by its pixels.
enum CommittedImage {
    /// The chunk types filmstrip writes in a frame, still or strip.
    static let writtenChunks: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]

    /// What keeps `file` (a committed PNG's bytes) from matching whatever its pixels; nil when
    /// its chunks are filmstrip's. An unreadable chunk structure is left to the decoder, which
    /// names it.
    static func problem(_ file: [UInt8]) -> OutputMismatch.Problem? {
        guard file.count >= 8, file.starts(with: PNGChunk.signature) else { return nil }
        var offset = 8
        while file.count - offset >= 12 {
            let length = Int(UInt32(file[offset]) << 24 | UInt32(file[offset + 1]) << 16 | UInt32(file[offset + 2]) << 8 | UInt32(file[offset + 3]))
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= file.count - offset - 12 else { return nil }
            guard writtenChunks.contains(type) else { return .foreignChunk(type: type) }
            if type == "IHDR", length == 13, file[offset + 16] > 8 {
                return .bitDepth(bits: Int(file[offset + 16]), colourType: Int(file[offset + 17]))
            }
            offset += 12 + length
            if type == "IEND" {
                return offset < file.count ? .bytesAfterEnd(count: file.count - offset) : nil
            }
        }
        return nil
    }

    /// What the file at `path` is when it is not a plain file (`a symbolic link`, `a folder`,
    /// `a FIFO`, `a device or socket`); nil for a plain file, or when nothing is there (the
    /// caller names a missing file).
    static func notPlain(atPath path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        default: return "a device or socket"
        }
    }
}

import FilmstripCore
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input file (a plan, a font, latency samples, a recorded report, a committed image),
/// saying exactly why one cannot be read: no such file, a loop of symbolic links, permission
/// denied, a folder or another kind of file that is not a regular one (a FIFO or a device would
/// never end), or a file larger than its kind's cap, refused from its size before a byte is read.
///
/// Every file is opened without blocking (`O_NONBLOCK`: opening a FIFO that no writer holds
/// returns at once) and checked again once open (`fstat`: the size and kind of what was opened,
/// not of what the path named a moment before), so no input can hang a command in `open` or
/// `read`. The caps are stated in docs/CI.md ("Bounded inputs").
package enum InputFile {
    /// The largest file of each kind filmstrip reads.
    package enum Limit: Int, Sendable {
        /// A capture plan: 4 MiB (the shipped plans are under 1 KiB).
        case plan = 4_194_304
        /// A BDF font: 16 MiB (the bundled 6x13 is 504 KiB).
        case font = 16_777_216
        /// Latency samples (a HAR or a list) and recorded reports: 1 GiB (memory holds a HAR
        /// once; a report is read a line at a time).
        case samples = 1_073_741_824
        /// A committed image compared with a fresh one (a frame, a still, the strip, the
        /// animation): 256 MiB, or the size of the expected pixels stored uncompressed when
        /// that is more (``committedImage(width:height:)``).
        case image = 268_435_456

        /// The limit in words: `4 MiB (4,194,304 bytes)`.
        var words: String {
            rawValue >= 1 << 30 ? "\(rawValue >> 30) GiB (\(Quantity.grouped(rawValue)) bytes)" : "\(rawValue >> 20) MiB (\(Quantity.grouped(rawValue)) bytes)"
        }

        /// What the limit guards, for the message.
        var kind: String {
            switch self {
            case .plan: "a capture plan"
            case .font: "a BDF font"
            case .samples: "a samples or report file"
            case .image: "a committed image"
            }
        }

        /// The cap as a value.
        var cap: Cap { Cap(bytes: rawValue, words: words, kind: kind) }
    }

    /// The most filmstrip reads of one file: its size in bytes, in words for a message
    /// (`4 MiB (4,194,304 bytes)`), and what it guards (`a capture plan`).
    package struct Cap: Sendable {
        /// The largest size read, in bytes.
        let bytes: Int
        /// The size in words.
        let words: String
        /// The kind of file, for the message.
        let kind: String
    }

    /// The cap of a committed image expected to be `width` × `height` pixels: ``Limit/image``,
    /// or more when its pixels stored uncompressed (4 bytes a pixel, a filter byte a row, 5
    /// bytes a stored block and 1 MiB of chunks) take more. A larger file cannot be such an
    /// image as filmstrip writes it, so it is refused from its size before a byte is read.
    static func committedImage(width: Int, height: Int) -> Cap {
        // The sizes are a fresh image's, which was drawn: no product overflows.
        let raw = (width * 4 + 1) * height
        let stored = raw + raw / 65_535 * 5 + 1_048_576
        guard stored > Limit.image.rawValue else { return Limit.image.cap }
        let words = "\(stored >> 20) MiB (\(Quantity.grouped(stored)) bytes)"
        return Cap(bytes: stored, words: words, kind: "a committed image of \(width)×\(height) pixels")
    }

    /// The bytes of a committed image expected to be `width` × `height` pixels (any size when
    /// nil), or why they are not read: the reason alone (`a FIFO, not a regular file…`,
    /// `2,147,483,648 bytes, larger than 256 MiB…`), for a mismatch that names the file itself.
    package static func committedImage(_ path: String, width: Int? = nil, height: Int? = nil) -> Result<[UInt8], ImageRefusal> {
        let cap = width.flatMap { width in height.map { committedImage(width: width, height: $0) } } ?? Limit.image.cap
        do {
            return .success(try bytes(of: path, cap: cap))
        } catch {
            if case .unreadable(_, let reason) = error.problem { return .failure(ImageRefusal(reason: reason, missing: reason == Self.reason(ENOENT))) }
            return .failure(ImageRefusal(reason: error.description, missing: false))
        }
    }

    /// Why a committed image was not read.
    package struct ImageRefusal: Error {
        /// The reason, without the file's name.
        package let reason: String
        /// True when nothing is at the path.
        package let missing: Bool
    }

    /// The file's bytes.
    /// - Throws: ``FilmstripError`` naming the file and the reason.
    package static func contents(of path: String, limit: Limit) throws(FilmstripError) -> Data {
        Data(try bytes(of: path, limit: limit))
    }

    /// The file's bytes, read straight into one array (no second copy).
    /// - Throws: ``FilmstripError`` naming the file and the reason; a file above `limit` is
    ///   refused from its size (fstat), before it is read.
    package static func bytes(of path: String, limit: Limit) throws(FilmstripError) -> [UInt8] {
        try bytes(of: path, cap: limit.cap)
    }

    /// The file's bytes, at most `cap.bytes` of them.
    /// - Throws: ``FilmstripError`` naming the file and the reason.
    static func bytes(of path: String, cap: Cap) throws(FilmstripError) -> [UInt8] {
        let file = try open(path, cap: cap)
        let (descriptor, size) = (file.descriptor, file.size)
        // One byte more than the size, to see a file that grew while read (and stop at the limit).
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                count += got
            }
        }
        guard failure == 0 else { throw FilmstripError(.unreadable(file: path, reason: reason(failure))) }
        if bytes.count > size {
            // It grew: read the rest, still bounded.
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let got = read(descriptor, &chunk, chunk.count)
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                bytes += chunk[..<got]
                guard bytes.count <= cap.bytes else {
                    throw FilmstripError(.unreadable(file: path, reason: "it grew past \(cap.words), the most filmstrip reads as \(cap.kind), while it was read"))
                }
            }
        }
        return bytes
    }

    /// A file opened for reading, checked to be a regular file under its cap; closed when
    /// released.
    package final class Opened {
        /// The open descriptor (read-only).
        let descriptor: Int32
        /// Its size when opened, in bytes.
        let size: Int

        init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = size
        }

        deinit { close(descriptor) }

        /// A handle reading from the descriptor, which it shares (keep this value alive while
        /// it is used).
        var handle: FileHandle { FileHandle(fileDescriptor: descriptor, closeOnDealloc: false) }
    }

    /// Opens `path` for reading without blocking, after checking it is a regular file no larger
    /// than `cap`.
    /// - Throws: ``FilmstripError`` (unreadable, exit 2) naming the file and the reason.
    package static func open(_ path: String, limit: Limit) throws(FilmstripError) -> Opened {
        try open(path, cap: limit.cap)
    }

    /// ``open(_:limit:)`` with any cap.
    static func open(_ path: String, cap: Cap) throws(FilmstripError) -> Opened {
        var info = stat()
        // The kind first, from the path: a device or a FIFO is never opened.
        guard stat(path, &info) == 0 else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        if let kind = notRegular(info) { throw FilmstripError(.unreadable(file: path, reason: kind)) }
        let descriptor = openWithoutBlocking(path)
        guard descriptor >= 0 else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        var kept = false
        defer { if !kept { close(descriptor) } }
        // The kind and size of what was opened (not of what the path named a moment before).
        guard fstat(descriptor, &info) == 0 else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        if let kind = notRegular(info) { throw FilmstripError(.unreadable(file: path, reason: kind)) }
        let size = Int(info.st_size)
        guard size <= cap.bytes else {
            throw FilmstripError(.unreadable(file: path, reason: "\(Quantity.grouped(size)) bytes, larger than \(cap.words), the most filmstrip reads as \(cap.kind); nothing of it was read"))
        }
        kept = true
        return Opened(descriptor: descriptor, size: size)
    }

    /// Why a file of this status is not read, or nil for a regular file.
    private static func notRegular(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder; expected a file"
        case S_IFIFO: "a FIFO, not a regular file; expected a file"
        case S_IFCHR, S_IFBLK: "a device, not a regular file; expected a file"
        case S_IFSOCK: "a socket, not a regular file; expected a file"
        default: "not a regular file; expected a file"
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case ELOOP: "a loop of symbolic links"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a part of the path is not a folder"
        case ENAMETOOLONG: "the path is too long"
        default: String(cString: strerror(code))
        }
    }
}

/// `open(2)` read-only without blocking (a FIFO without a writer opens at once), closed on exec.
private func openWithoutBlocking(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
}

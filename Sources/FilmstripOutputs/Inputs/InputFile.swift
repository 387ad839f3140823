import FilmstripCore
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input file (a plan, a font, latency samples, a recorded report), saying exactly why
/// one cannot be read: no such file, a loop of symbolic links, permission denied, a folder or
/// another kind of file that is not a regular one (a FIFO or a device would never end), or a
/// file larger than its kind's ``Limit``, refused from its size before a byte is read.
package enum InputFile {
    /// The largest file of each kind filmstrip reads.
    package enum Limit: Int, Sendable {
        /// A capture plan: 4 MiB (the shipped plans are under 1 KiB).
        case plan = 4_194_304
        /// A BDF font: 16 MiB (the bundled 6x13 is 504 KiB).
        case font = 16_777_216
        /// Latency samples (a HAR or a list) and recorded reports: 1 GiB (memory holds the file once).
        case samples = 1_073_741_824

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
            }
        }
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
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw FilmstripError(.unreadable(file: path, reason: "\(kind); expected a file"))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        defer { close(descriptor) }
        // The size of what was opened (not of what the path named a moment before).
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FilmstripError(.unreadable(file: path, reason: "not a regular file; expected a file"))
        }
        let size = Int(info.st_size)
        guard size <= limit.rawValue else {
            throw FilmstripError(.unreadable(file: path, reason: "\(Quantity.grouped(size)) bytes, larger than \(limit.words), the most filmstrip reads as \(limit.kind); nothing of it was read"))
        }
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
                guard bytes.count <= limit.rawValue else {
                    throw FilmstripError(.unreadable(file: path, reason: "it grew past \(limit.words), the most filmstrip reads as \(limit.kind), while it was read"))
                }
            }
        }
        return bytes
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

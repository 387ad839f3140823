import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input file (a plan, a font, latency samples), saying exactly why one cannot be
/// read: no such file, a loop of symbolic links, permission denied, a folder or another kind of
/// file that is not a regular one (a FIFO or a device would never end).
package enum InputFile {
    /// The file's bytes.
    /// - Throws: ``FilmstripError`` naming the file and the reason.
    package static func contents(of path: String) throws(FilmstripError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw FilmstripError(.unreadable(file: path, reason: "\(kind); expected a file"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FilmstripError(.unreadable(file: path, reason: reason(errno)))
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw FilmstripError(.unreadable(file: path, reason: (error as NSError).localizedDescription))
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

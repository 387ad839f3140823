import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one file atomically: a temporary file beside the target, written, flushed to disk
/// (`fsync`), then renamed over the target. A reader sees the old file or the new one, never
/// half of one; a run killed at any instant leaves at most a temporary file.
///
/// Temporary files are named `.filmstrip-tmp-<target>-<pid>-<random>` in the target's folder,
/// so the next run recognises and removes them (``isTemporary(_:)``); Foundation's `.atomic`
/// option names them `.dat.nosync…`, which nothing can tell apart from a user's file.
package enum AtomicFile {
    /// The start of every temporary file's name.
    static let temporaryPrefix = ".filmstrip-tmp-"

    /// Whether `name` (a file name, no folder) is one of ours.
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(temporaryPrefix) }

    /// Writes `file` from pieces: `pieces` is called once with a function that appends one piece;
    /// the temporary file is flushed and renamed into place when `pieces` returns, and removed
    /// when anything fails.
    /// - Throws: ``FilmstripError`` (output) naming `file`, or what `pieces` throws.
    static func write(_ file: String, pieces: ((Data) throws(FilmstripError) -> Void) throws(FilmstripError) -> Void) throws(FilmstripError) {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        let temporary = "\(folder)\(temporaryPrefix)\(name.prefix(64))-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FilmstripError(.output(path: file, reason: "cannot create a temporary file beside it: \(String(cString: strerror(errno)))"))
        }
        var closed = false
        do throws(FilmstripError) {
            try pieces { data throws(FilmstripError) in
                let failure = data.withUnsafeBytes { writeWhole(descriptor, $0) }
                if failure != 0 { throw FilmstripError(.output(path: file, reason: String(cString: strerror(failure)))) }
            }
            guard fsync(descriptor) == 0 else { throw FilmstripError(.output(path: file, reason: "fsync: \(String(cString: strerror(errno)))")) }
            closed = true
            guard close(descriptor) == 0 else { throw FilmstripError(.output(path: file, reason: String(cString: strerror(errno)))) }
            guard rename(temporary, file) == 0 else { throw FilmstripError(.output(path: file, reason: String(cString: strerror(errno)))) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    /// Writes `data` to `file` atomically.
    package static func write(_ data: Data, to file: String) throws(FilmstripError) {
        try write(file) { append throws(FilmstripError) in try append(data) }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
    import CSyncFS
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: each is written to a temporary file beside its target, flushed to
/// disk, then renamed over the target. A reader sees the old file or the new one, never half of
/// one; a run killed at any instant leaves at most temporary files.
///
/// Two ways, with the same guarantee:
/// - ``write(_:pieces:)`` and ``write(_:to:)``: one file, flushed by its own `fsync`, renamed at once.
/// - ``stage(_:to:)``, then ``commit(_:)``: many files written to their temporary names, flushed
///   together, then renamed. On Linux the flush is one `syncfs(2)` of the filesystem that holds
///   them; on Darwin, one `fsync` a file. `record` writes its images this way, a few dozen at a
///   time (``FrameWriter``): every new name holds a whole file once it appears, as before, for
///   one flush where there were dozens (docs/PERFORMANCE.md has the figures).
///
/// Temporary files are named `.filmstrip-tmp-<target>-<pid>-<random>` in the target's folder,
/// so the next run recognises and removes them (``isTemporary(_:)``), and noted in
/// ``TemporaryFiles`` while they exist, so an interrupt removes them; Foundation's `.atomic`
/// option names them `.dat.nosync…`, which nothing can tell apart from a user's file.
package enum AtomicFile {
    /// The start of every temporary file's name.
    static let temporaryPrefix = ".filmstrip-tmp-"

    /// Whether `name` (a file name, no folder) is one of ours.
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(temporaryPrefix) }

    /// A file written whole under its temporary name and closed, not yet flushed or renamed.
    package struct Staged: Sendable {
        /// The temporary file's path.
        let temporary: String
        /// The path it is renamed to by ``AtomicFile/commit(_:)``.
        let target: String
    }

    /// Writes `file` from pieces: `pieces` is called once with a function that appends one piece;
    /// the temporary file is flushed and renamed into place when `pieces` returns, and removed
    /// when anything fails.
    /// - Throws: ``FilmstripError`` (output) naming `file`, or what `pieces` throws.
    static func write(_ file: String, pieces: ((Data) throws(FilmstripError) -> Void) throws(FilmstripError) -> Void) throws(FilmstripError) {
        let temporary = try writeTemporary(for: file, flush: true, pieces: pieces)
        guard rename(temporary, file) == 0 else {
            let failure = errno
            TemporaryFiles.remove(temporary)
            throw FilmstripError(.output(path: file, reason: String(cString: strerror(failure))))
        }
        TemporaryFiles.renamed(temporary)
    }

    /// Writes `data` to `file` atomically.
    package static func write(_ data: Data, to file: String) throws(FilmstripError) {
        try write(file) { append throws(FilmstripError) in try append(data) }
    }

    /// Writes `data` whole to a temporary file beside `file` and closes it, unflushed; nothing
    /// is at `file` until ``commit(_:)``. A failure removes the temporary file.
    /// - Throws: ``FilmstripError`` (output) naming `file`.
    package static func stage(_ data: Data, to file: String) throws(FilmstripError) -> Staged {
        let temporary = try writeTemporary(for: file, flush: false) { append throws(FilmstripError) in try append(data) }
        return Staged(temporary: temporary, target: file)
    }

    /// Flushes `files` to disk, then renames each over its target, in order. When the flush
    /// fails nothing is renamed; when a rename fails the files not yet renamed are left
    /// unrenamed. Either way every temporary file not renamed is removed.
    /// - Throws: ``FilmstripError`` (output) naming the first file that could not be flushed or renamed.
    package static func commit(_ files: [Staged]) throws(FilmstripError) {
        guard !files.isEmpty else { return }
        var renamed = 0
        defer { for file in files[renamed...] { TemporaryFiles.remove(file.temporary) } }
        #if canImport(Glibc)
            // One flush of the filesystem holding them (every file of a commit is in one output folder).
            try flush(files[0], by: "syncfs") { syncfs($0) }
        #else
            for file in files { try flush(file, by: "fsync") { fsync($0) } }
        #endif
        for file in files {
            guard rename(file.temporary, file.target) == 0 else {
                throw FilmstripError(.output(path: file.target, reason: String(cString: strerror(errno))))
            }
            TemporaryFiles.renamed(file.temporary)
            renamed += 1
        }
    }

    /// Opens `file`'s temporary file and calls `call` (named `name` in an error) on it.
    /// - Throws: ``FilmstripError`` (output) naming `file`'s target.
    private static func flush(_ file: Staged, by name: String, _ call: (Int32) -> Int32) throws(FilmstripError) {
        let descriptor = open(file.temporary, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            throw FilmstripError(.output(path: file.target, reason: "cannot open its temporary file to flush it: \(String(cString: strerror(errno)))"))
        }
        let flushed = call(descriptor)
        let failure = errno
        close(descriptor)
        guard flushed == 0 else { throw FilmstripError(.output(path: file.target, reason: "\(name): \(String(cString: strerror(failure)))")) }
    }

    /// Removes the temporary files of `files`, which are not to be committed.
    package static func discard(_ files: [Staged]) {
        for file in files { TemporaryFiles.remove(file.temporary) }
    }

    /// Creates a temporary file beside `file`, writes the pieces into it, flushes it (`fsync`)
    /// when `flush`, and closes it. Returns its path; removes it when anything fails.
    /// - Throws: ``FilmstripError`` (output) naming `file`, or what `pieces` throws.
    private static func writeTemporary(
        for file: String, flush: Bool,
        pieces: ((Data) throws(FilmstripError) -> Void) throws(FilmstripError) -> Void
    ) throws(FilmstripError) -> String {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        let temporary = "\(folder)\(temporaryPrefix)\(name.prefix(64))-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let (descriptor, error) = TemporaryFiles.create(temporary)
        guard descriptor >= 0 else {
            throw FilmstripError(.output(path: file, reason: "cannot create a temporary file beside it: \(String(cString: strerror(error)))"))
        }
        var closed = false
        do throws(FilmstripError) {
            try pieces { data throws(FilmstripError) in
                let failure = data.withUnsafeBytes { writeWhole(descriptor, $0) }
                if failure != 0 { throw FilmstripError(.output(path: file, reason: String(cString: strerror(failure)))) }
            }
            if flush {
                guard fsync(descriptor) == 0 else { throw FilmstripError(.output(path: file, reason: "fsync: \(String(cString: strerror(errno)))")) }
            }
            closed = true
            guard close(descriptor) == 0 else { throw FilmstripError(.output(path: file, reason: String(cString: strerror(errno)))) }
        } catch {
            if !closed { close(descriptor) }
            TemporaryFiles.remove(temporary)
            throw error
        }
        return temporary
    }
}

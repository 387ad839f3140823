import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock (`flock`) on an output root, held for a whole `record` run, so two runs into
/// one folder never interleave their writes and removals.
///
/// The lock is the file `DIR/.filmstrip-lock`, which filmstrip owns and leaves in place (removing
/// a lock file races with the next run's open). The kernel drops the lock when the process ends,
/// even by `kill -9`. A second run waits, printing one line on standard error, or with `--no-wait`
/// stops at once with exit 2.
package final class OutputLock {
    /// The lock file's name inside the output root.
    static let fileName = ".filmstrip-lock"

    private let descriptor: Int32

    /// The line a command prints on standard error while it waits for another run's lock on `root`.
    package static func waitingNote(root: String) -> String {
        "waiting for another filmstrip run writing in \(root)/ to finish (--no-wait stops instead)"
    }

    /// Takes the lock on `root` (which must exist).
    /// - Parameters:
    ///   - wait: false to throw instead of waiting when another run holds the lock.
    ///   - waiting: called once, before blocking, when another run holds the lock.
    /// - Throws: ``FilmstripError`` (output) when the lock file cannot be opened, or another run
    ///   holds the lock and `wait` is false.
    package init(root: String, wait: Bool, waiting: () -> Void) throws(FilmstripError) {
        let file = "\(root)/\(Self.fileName)"
        descriptor = open(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        try lock(file: file, root: root, wait: wait, waiting: waiting)
    }

    /// Takes the lock on `root` when its lock file exists (every `record` into `root` leaves
    /// it), creating nothing: `check`, which writes nothing but failure images. Nil when there is
    /// no lock file, so no recording was ever made there.
    /// - Throws: ``FilmstripError`` (output) as ``init(root:wait:waiting:)``.
    package static func ifPresent(root: String, wait: Bool, waiting: () -> Void) throws(FilmstripError) -> OutputLock? {
        let file = "\(root)/\(fileName)"
        var status = stat()
        guard lstat(file, &status) == 0 else { return nil }
        return try OutputLock(existing: file, root: root, wait: wait, waiting: waiting)
    }

    private init(existing file: String, root: String, wait: Bool, waiting: () -> Void) throws(FilmstripError) {
        // Read-only is enough for flock, so a read-only checkout can be checked.
        descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        try lock(file: file, root: root, wait: wait, waiting: waiting)
    }

    private func lock(file: String, root: String, wait: Bool, waiting: () -> Void) throws(FilmstripError) {
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "is a symbolic link; remove it" : String(cString: strerror(errno))
            throw FilmstripError(.output(path: file, reason: "cannot open the lock file: \(reason)"))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw FilmstripError(.output(path: file, reason: "cannot lock: \(reason)"))
        }
        guard wait else {
            close(descriptor)
            throw FilmstripError(.busy(root: root, lockFile: file))
        }
        waiting()
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw FilmstripError(.output(path: file, reason: "cannot lock: \(reason)"))
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has made beside their targets (``AtomicFile``,
/// ``AtomicDocument``) and not yet renamed or removed, so an interrupt can remove them all.
///
/// A file is created and noted under one lock, and ``removeAll()`` takes the same lock, removes
/// every noted file and refuses later creations: no temporary file can appear after the
/// clean-up, and none is removed after it was renamed into place (its rename comes first, and
/// the removal of the old name then finds nothing).
enum TemporaryFiles {
    private struct State {
        var paths: Set<String> = []
        var closed = false
    }

    private static let state = Mutex(State())

    /// Creates `path` for writing (new, not a link) and notes it.
    /// - Returns: the descriptor, or -1 and the `errno` (EINTR once the process is stopping).
    static func create(_ path: String) -> (descriptor: Int32, error: Int32) {
        state.withLock { state in
            guard !state.closed else { return (-1, EINTR) }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            let error = errno
            if descriptor >= 0 { state.paths.insert(path) }
            return (descriptor, descriptor >= 0 ? 0 : error)
        }
    }

    /// Forgets `path`, which was renamed into place.
    static func renamed(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// Removes `path` and forgets it.
    static func remove(_ path: String) {
        unlink(path)
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// Removes every noted file and refuses to create more. Returns how many were removed.
    static func removeAll() -> Int {
        state.withLock { state in
            state.closed = true
            let removed = state.paths.filter { unlink($0) == 0 }.count
            state.paths = []
            return removed
        }
    }
}

/// What the command line does on SIGINT (Ctrl-C) and SIGTERM: remove this process's temporary
/// files, say so in one line, and end with exit 130 or 143 (128 + the signal, as a shell
/// reports it). The output lock is the kernel's (`flock`) and goes with the process, so the next
/// run starts at once; files already renamed into place are whole, as after any stop.
///
/// The signals are ignored (`SIG_IGN`) and read by Dispatch signal sources, so the clean-up runs
/// on an ordinary thread, not inside a signal handler.
package enum Interruption {
    /// The installed sources, kept for the life of the process.
    private static let sources = Mutex<[Listening]>([])

    /// A signal source: Dispatch's sources are thread-safe objects, not marked `Sendable`.
    private struct Listening: @unchecked Sendable {
        let source: any DispatchSourceSignal
    }

    /// Starts listening for SIGINT and SIGTERM. On one, the temporary files are removed, then
    /// `announce` is called with the line to print (it begins with a newline when `endLine`, so
    /// a progress line in place is ended first), then the process exits.
    package static func install(endLine: Bool, announce: @escaping @Sendable (String) -> Void) {
        let queue = DispatchQueue(label: "filmstrip.interruption")
        let made = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name -> Listening in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let removed = TemporaryFiles.removeAll()
                announce(line(signal: name, removed: removed, endLine: endLine))
                _exit(128 + number)
            }
            source.resume()
            return Listening(source: source)
        }
        sources.withLock { $0 += made }
    }

    /// `interrupted by SIGINT: stopped; 3 temporary files removed`, with a newline.
    static func line(signal: String, removed: Int, endLine: Bool) -> String {
        (endLine ? "\n" : "") + "interrupted by \(signal): stopped; \(removed) temporary file\(removed == 1 ? "" : "s") removed\n"
    }
}

import FilmstripOutputs
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error, written with `write(2)` so that a failed write is an
/// error code, not a trap (`FileHandle.write` traps: SIGILL on `> /dev/full` or a closed pipe).
///
/// The first failure is kept and later writes to the stream are skipped, so the run goes on and
/// still writes its files (the index across plans); the command then ends with exit 2
/// (``FilmstripCLI/run(arguments:benches:referencePlan:)``), quietly when the reader went away (EPIPE).
final class TerminalStream: Sendable {
    /// The stream's name in messages: `standard output`.
    let name: String
    private let descriptor: Int32
    /// The `errno` of the first failed write, or 0.
    private let failure = Atomic<Int32>(0)

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    static let standardOutput = TerminalStream(descriptor: STDOUT_FILENO, name: "standard output")
    static let standardError = TerminalStream(descriptor: STDERR_FILENO, name: "standard error")

    /// Writes `text` whole, unless an earlier write failed.
    func write(_ text: String) {
        guard failure.load(ordering: .relaxed) == 0 else { return }
        let bytes = Array(text.utf8)
        let error = bytes.withUnsafeBytes { writeWhole(descriptor, $0) }
        if error != 0 { failure.store(error, ordering: .relaxed) }
    }

    /// Whether the stream is a terminal (`isatty`): `record` shows its progress only there.
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// The `errno` of the first failed write (EPIPE: the reader closed the pipe), or nil.
    var failedWith: Int32? {
        let error = failure.load(ordering: .relaxed)
        return error == 0 ? nil : error
    }

    /// Makes a closed pipe an EPIPE error from `write`, not a SIGPIPE that ends the process.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// A stream the process was started without (its descriptor closed) fails as a closed file
    /// would (EBADF), and /dev/null takes its descriptor, so no file the run opens later (the
    /// output lock, a frame) receives terminal text by taking the free descriptor 1 or 2.
    static func reserveClosedDescriptors() {
        for stream in [standardOutput, standardError] where fcntl(stream.descriptor, F_GETFD) == -1 && errno == EBADF {
            stream.failure.store(EBADF, ordering: .relaxed)
            let null = open("/dev/null", O_WRONLY)
            if null >= 0, null != stream.descriptor {
                dup2(null, stream.descriptor)
                close(null)
            }
        }
    }
}

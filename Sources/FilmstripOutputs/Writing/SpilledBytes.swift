import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes appended now and read back later, in order: held in memory up to ``memoryLimit``, then
/// moved to an anonymous temporary file (created in the system's temporary folder and unlinked at
/// once, so nothing is left behind by a run that is killed). A long run's animation frames wait
/// here until its palette, which goes before them, is known.
final class SpilledBytes {
    /// Bytes kept in memory before the rest goes to a file: 512 KiB (the reference plan's
    /// animation is 93 KB; a long run's goes to the file early, so memory stays flat).
    static let memoryLimit = 512 << 10

    private var memory = Data()
    private var descriptor: Int32 = -1
    /// Bytes appended in all.
    private(set) var count = 0

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes`.
    /// - Throws: ``FilmstripError`` (output, naming `path`, the file the bytes are for) when the
    ///   temporary file cannot be made or written.
    func append(_ bytes: [UInt8], for path: String) throws(FilmstripError) {
        count += bytes.count
        if descriptor < 0 {
            memory.append(contentsOf: bytes)
            guard memory.count > Self.memoryLimit else { return }
            try openFile(for: path)
            try write(memory, for: path)
            memory = Data()
            return
        }
        try write(Data(bytes), for: path)
    }

    /// Calls `body` with every byte appended, in order, in pieces of at most 1 MiB; then forgets them.
    /// - Throws: ``FilmstripError`` (output, naming `path`) when the temporary file cannot be read,
    ///   or what `body` throws.
    func drain(for path: String, into body: (Data) throws(FilmstripError) -> Void)
        throws(FilmstripError)
    {
        defer {
            memory = Data()
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            count = 0
        }
        guard descriptor >= 0 else {
            if !memory.isEmpty { try body(memory) }
            return
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw Self.failure(path, "cannot read back its temporary file")
        }
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = piece.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw Self.failure(path, "cannot read back its temporary file")
            }
            if got == 0 { return }
            try body(Data(piece[0..<got]))
        }
    }

    private func openFile(for path: String) throws(FilmstripError) {
        var template = Array(
            "\(NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/")filmstrip-animation-XXXXXX"
                .utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            throw Self.failure(path, "cannot make a temporary file in \(NSTemporaryDirectory())")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    private func write(_ data: Data, for path: String) throws(FilmstripError) {
        let failure = data.withUnsafeBytes { writeWhole(descriptor, $0) }
        if failure != 0 {
            throw Self.failure(path, "its temporary file: \(String(cString: strerror(failure)))")
        }
    }

    private static func failure(_ path: String, _ reason: String) -> FilmstripError {
        FilmstripError(.output(path: path, reason: reason))
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A document of `record` written from pieces to a temporary file beside its target
/// (``AtomicFile/temporaryPrefix``), flushed (`fsync`) and renamed into place by ``close()``;
/// dropped unclosed, or failing, it removes its temporary file, so the target holds the old
/// file or the whole new one. Memory holds one piece at a time.
final class AtomicDocument: DocumentOutput {
    private let file: String
    private let temporary: String
    /// The temporary file's descriptor; -1 once closed.
    private var descriptor: Int32

    /// Creates the temporary file for `file` (an absolute or working-directory path).
    /// - Throws: ``FilmstripError`` (output) naming `file` when the temporary file cannot be created.
    init(_ file: String) throws(FilmstripError) {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        let temporary = "\(folder)\(AtomicFile.temporaryPrefix)\(name.prefix(64))-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let (descriptor, error) = TemporaryFiles.create(temporary)
        guard descriptor >= 0 else {
            throw FilmstripError(.output(path: file, reason: "cannot create a temporary file beside it: \(String(cString: strerror(error)))"))
        }
        self.file = file
        self.temporary = temporary
        self.descriptor = descriptor
    }

    deinit {
        guard descriptor >= 0 else { return }
        _ = closeFile(descriptor)
        TemporaryFiles.remove(temporary)
    }

    func append(_ piece: Data) throws(FilmstripError) {
        let failure = piece.withUnsafeBytes { writeWhole(descriptor, $0) }
        if failure != 0 { throw failed(String(cString: strerror(failure))) }
    }

    func close() throws(FilmstripError) {
        guard fsync(descriptor) == 0 else { throw failed("fsync: \(String(cString: strerror(errno)))") }
        let closed = closeFile(descriptor)
        descriptor = -1
        guard closed == 0 else { throw removed(String(cString: strerror(errno))) }
        guard rename(temporary, file) == 0 else { throw removed(String(cString: strerror(errno))) }
        TemporaryFiles.renamed(temporary)
    }

    /// The error for `reason`, naming the target; the temporary file goes with the writer.
    private func failed(_ reason: String) -> FilmstripError {
        FilmstripError(.output(path: file, reason: reason))
    }

    /// The error for `reason` once the descriptor is closed: the temporary file is removed now.
    private func removed(_ reason: String) -> FilmstripError {
        TemporaryFiles.remove(temporary)
        return failed(reason)
    }
}

/// close(2), by a name the document's own ``AtomicDocument/close()`` does not hide.
private func closeFile(_ descriptor: Int32) -> Int32 { close(descriptor) }

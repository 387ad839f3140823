/// `record`'s documents: each written atomically inside the folder (``AtomicDocument``).
extension OutputFolder: DocumentSink {
    /// Opens `path`, relative to the folder, for writing under a temporary name.
    /// - Throws: ``FilmstripError`` (output) when the path leaves the folder or the temporary
    ///   file cannot be created.
    package func open(_ path: String) throws(FilmstripError) -> sending any DocumentOutput {
        try AtomicDocument(inside(path))
    }
}

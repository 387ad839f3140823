import Foundation

/// Where ``OutputRenderer`` sends the documents of a run (`report.json`, `index.html`,
/// `animation.png`, `index-row.json`): `record` writes each atomically into the plan's folder
/// (``OutputFolder``), `check` compares each with the recorded file byte for byte
/// (``OutputComparison``).
///
/// A document is opened, given its pieces in order (each at least ``DocumentPiece/bytes`` long
/// but the last, so a long run's report is never held whole), then closed. Several documents
/// are open at once: the report and the contact sheet take each batch's rows while the frames
/// are drawn.
package protocol DocumentSink {
    /// Opens the document at `path`, relative to the plan's folder (`report.json`).
    /// - Throws: ``FilmstripError`` (output) when it cannot be opened for writing.
    func open(_ path: String) throws(FilmstripError) -> sending any DocumentOutput
}

/// One document of ``DocumentSink`` being produced. Not shared between threads: the one that
/// holds it appends and closes.
package protocol DocumentOutput: AnyObject {
    /// Adds the next piece of the document.
    /// - Throws: ``FilmstripError`` (output) when the piece cannot be written.
    func append(_ piece: Data) throws(FilmstripError)

    /// Ends the document: `record` flushes it and renames it into place, `check` names how it
    /// differs from the recorded one. A document dropped without being closed leaves nothing
    /// behind (no temporary file, no finding).
    /// - Throws: ``FilmstripError`` (output) when it cannot be flushed or renamed.
    func close() throws(FilmstripError)
}

extension DocumentSink {
    /// Writes the document at `path` from `pieces` (opened, appended in order, closed).
    /// - Throws: ``FilmstripError`` (output) when it cannot be written.
    func write(_ path: String, _ pieces: Data...) throws(FilmstripError) {
        let output = try open(path)
        for piece in pieces { try output.append(piece) }
        try output.close()
    }
}

import Foundation

/// The fixed set of files a command writes into a folder it shares with others (`sweep`'s
/// `sweep.json` and `sweep.png`, `compare`'s `compare.json`, `.html` and `.png`), and the list of
/// the ones filmstrip wrote there, `.filmstrip-outputs` (one name per line). A file at one of
/// these paths that the list does not name is someone else's: it is never replaced.
package struct OwnedOutputs {
    /// The list's file name inside the folder.
    static let listName = ".filmstrip-outputs"

    /// The folder written into.
    let folder: OutputFolder
    /// The files the command writes, relative to ``folder``.
    let files: [String]

    /// Memberwise.
    package init(folder: OutputFolder, files: [String]) {
        self.folder = folder
        self.files = files
    }

    /// Checks every path (no link in the way, ``OutputFolder/inside(_:)``) and that no file is
    /// there that filmstrip did not write, then lists ``files`` as filmstrip's before any is
    /// written. Call it before writing anything.
    /// - Throws: ``FilmstripError`` (output) naming the first file that is not filmstrip's.
    package func claim() throws(FilmstripError) {
        let listed = Set(folder.read(Self.listName).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? [])
        for file in files {
            let path = try folder.inside(file)
            var status = stat()
            if lstat(path, &status) == 0, !listed.contains(file) {
                throw FilmstripError(.output(
                    path: "\(folder.path)/\(file)",
                    reason: "it exists and filmstrip did not write it (\(Self.listName) does not list it); filmstrip replaces only its own files: move it away, or give another --out"))
            }
        }
        let names = listed.union(files).sorted()
        try folder.write(Data((names.joined(separator: "\n") + "\n").utf8), to: Self.listName)
    }
}

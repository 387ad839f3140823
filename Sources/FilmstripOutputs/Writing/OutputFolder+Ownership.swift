import FilmstripReports
import Foundation

extension OutputFolder {
    /// Refuses a plan folder that exists but that filmstrip did not write, before anything is
    /// written into it: `record` would otherwise replace a person's own `index.html` or
    /// `frames/0000.png` in a folder that happens to bear a plan's name.
    ///
    /// The folder is filmstrip's when it does not exist, holds `report.json`, `index-row.json`
    /// or the pending list of an interrupted recording (`.filmstrip-writing`), or holds no file
    /// at all (folders and symbolic links only; names starting with `.` are passed over, as `check`
    /// passes them over).
    /// - Throws: ``FilmstripError`` (output, exit 2) naming the folder and the first foreign file.
    package func checkOwnedByFilmstrip() throws(FilmstripError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return }
        for marker in [OutputLayout.reportPath, OutputLayout.indexRowPath, OutputLayout.pendingPath]
        where manager.fileExists(atPath: "\(path)/\(marker)") {
            return
        }
        guard let entries = manager.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) else { return }
        for case let entry as URL in entries {
            // Links are neither followed nor counted: one in the way of a write is refused, by
            // name, when the folder is prepared; any other is left alone.
            let values = try? entry.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true || values?.isSymbolicLink == true { continue }
            let relative = String(entry.path.dropFirst(URL(fileURLWithPath: path).path.count + 1))
            throw FilmstripError(.output(path: path, reason: "this folder was not written by filmstrip record (it holds \(relative) but no \(OutputLayout.reportPath) or \(OutputLayout.indexRowPath)); filmstrip writes only into its own folders: move it away or choose another --out"))
        }
    }

    /// Refuses an `index.html` in this output root that is not filmstrip's index across plans
    /// (its first 1,024 bytes lack the index's `<title>filmstrip · all plans</title>`), before
    /// anything is written: `record --out docs` would otherwise replace a site's own front page.
    /// - Throws: ``FilmstripError`` (output, exit 2) naming the file.
    package func checkIndexOwnedByFilmstrip() throws(FilmstripError) {
        let file = "\(path)/\(OutputLayout.contactSheetPath)"
        guard let handle = FileHandle(forReadingAtPath: file) else { return }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        guard head.range(of: Data("<title>filmstrip · all plans</title>".utf8)) == nil else { return }
        throw FilmstripError(.output(path: file, reason: "this page is not filmstrip's index across plans (its title is not 'filmstrip · all plans'), so it is not replaced: move it away or choose another --out"))
    }
}

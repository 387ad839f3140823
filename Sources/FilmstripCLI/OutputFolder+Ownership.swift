import FilmstripReports
import Foundation

extension OutputFolder {
    /// Refuses a plan folder that exists but that filmstrip did not write, before anything is
    /// written into it: `record` would otherwise replace a person's own `index.html` or
    /// `frames/0000.png` in a folder that happens to bear a plan's name.
    ///
    /// The folder is filmstrip's when it does not exist, holds `report.json`, `index-row.json`
    /// or the pending list of an interrupted recording (`.filmstrip-writing`), or holds no file
    /// at all (folders only; names starting with `.` are passed over, as `check` passes them over).
    /// - Throws: ``CommandError`` (output, exit 2) naming the folder and the first foreign file.
    func checkOwnedByFilmstrip() throws(CommandError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return }
        for marker in [OutputLayout.reportPath, OutputLayout.indexRowPath, OutputLayout.pendingPath]
        where manager.fileExists(atPath: "\(path)/\(marker)") {
            return
        }
        guard let entries = manager.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) else { return }
        for case let entry as URL in entries {
            // Links are not followed: a link is a file here, which is foreign.
            if (try? entry.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true, !((try? entry.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink ?? false) { continue }
            let relative = String(entry.path.dropFirst(URL(fileURLWithPath: path).path.count + 1))
            throw CommandError(.output(path: path, reason: "this folder was not written by filmstrip record (it holds \(relative) but no \(OutputLayout.reportPath) or \(OutputLayout.indexRowPath)); filmstrip writes only into its own folders: move it away or choose another --out"))
        }
    }
}

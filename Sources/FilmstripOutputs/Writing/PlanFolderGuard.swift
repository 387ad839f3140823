import FilmstripReports
import Foundation

/// Keeps what a command writes beside the recordings out of the plan folders `record` wrote.
///
/// A plan folder (`DIR/<plan>/`, known by its `report.json` and `index-row.json`) holds exactly
/// the files its report lists: an output root, a comparison, a sweep or a JUnit report written
/// into one (or below it) would overwrite its contact sheet (`index.html`) or leave files that
/// `check` then fails as "not written by filmstrip".
package enum PlanFolderGuard {
    /// The nearest plan folder holding `path` (the path itself, when it is one), or nil.
    ///
    /// Symbolic links in `path` are resolved first, so a link to a plan folder is found too;
    /// parts of `path` that do not exist yet are kept as typed.
    static func enclosingPlanFolder(of path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        while true {
            let manager = FileManager.default
            if manager.fileExists(atPath: folder.appendingPathComponent(OutputLayout.reportPath).path),
               manager.fileExists(atPath: folder.appendingPathComponent(OutputLayout.indexRowPath).path)
            {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Refuses a folder (`folder: true`: an output root, `--out DIR`) or a file (its folder is
    /// checked) that is, or lies inside, a plan folder.
    /// - Parameters:
    ///   - path: the path as typed.
    ///   - what: how the person gave it, for the message (`check: --junit`, `index: OUTDIR`).
    /// - Throws: ``FilmstripError`` (usage, exit 2) naming the path and the plan folder.
    package static func refuse(_ path: String, folder: Bool, as what: String) throws(FilmstripError) {
        let start = folder ? path : URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let planFolder = enclosingPlanFolder(of: start.isEmpty ? "." : start) else { return }
        throw FilmstripError(.usage("\(what) \(path) is inside \(planFolder)/, a plan folder filmstrip record wrote (it holds \(OutputLayout.reportPath) and \(OutputLayout.indexRowPath)); a plan folder holds only what its report lists, so write outside it"))
    }
}

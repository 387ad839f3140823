import Foundation

/// A plan file's path as outputs name it (``IndexRowFile/planFile``, the contact sheet's
/// footer): relative to the folder that holds the output root, so it reads the same from any
/// working directory and stays true when the root and the plans move together. For the default
/// root `captures`: `captures/inbox-cycle.json`, `captures/live/live-announce.json`,
/// `Tests/FilmstripEndToEndTests/Fixtures/seed-failing.json`.
package enum PlanFilePath {
    /// `file` relative to the parent folder of `root` (both absolute or relative to the working
    /// directory; `.` and `..` resolved, symbolic links not followed), `/`-separated.
    package static func relative(file: String, root: String) -> String {
        let base = components(of: root).dropLast()
        let target = components(of: file)
        var common = 0
        while common < base.count, common < target.count, base[base.startIndex + common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }

    /// Where a plan folder's recorded ``IndexRowFile/planFile`` lies: an absolute path.
    static func resolve(_ planFile: String, root: String) -> String {
        "/" + (components(of: root).dropLast() + [planFile]).joined(separator: "/")
    }

    /// The components of `path` made absolute against the working directory, with `.` and `..` resolved.
    private static func components(of path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var result: [String] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(part))
            }
        }
        return result
    }
}

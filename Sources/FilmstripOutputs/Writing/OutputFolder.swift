import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One output folder: the output root (`--out`, default `captures`) or a plan's folder inside it.
///
/// Every write is atomic (``AtomicFile``), and the only files ever removed are those a previous
/// run's `report.json` or pending list names as written by filmstrip, and filmstrip's own
/// temporary files. Nothing is written or removed through a symbolic link: every path below the
/// root is checked, component by component, to be a real folder or file inside it, and a link in
/// the way is refused (exit 2, naming it). The root itself is the user's choice and may be a link.
package struct OutputFolder {
    /// The folder, e.g. `captures/inbox-cycle`.
    package let path: String
    /// The output root `path` lies in (equal to `path` for the root itself).
    package let root: String

    /// The output root itself.
    package init(path: String) {
        self.path = path
        self.root = path
    }

    /// The folder `name` (one path component) inside the output root `root`.
    package init(root: String, name: String) {
        self.path = "\(root)/\(name)"
        self.root = root
    }

    /// The folder `name` (one path component) inside `parent`, in the same output root: every
    /// component from the root down, `name` included, is checked for links.
    init(inside parent: OutputFolder, name: String) {
        self.path = "\(parent.path)/\(name)"
        self.root = parent.root
    }

    /// Creates the folder and `subfolders` inside it when missing, refusing a link in the way,
    /// and removes filmstrip's temporary files left in them by a run that was killed. Call it
    /// while holding the root's ``OutputLock``.
    /// - Throws: ``FilmstripError`` (output) when it cannot be created or written, or a link is in the way.
    package func prepare(subfolders: [String]) throws(FilmstripError) {
        try create(subfolders: subfolders)
        // Every real folder directly inside too (a killed run may have written `stills/` that
        // this plan no longer has); links were refused above or are left alone here.
        let inner = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { name in
            var status = stat()
            return lstat("\(path)/\(name)", &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
        for folder in [path] + Set(subfolders + inner).sorted().map({ "\(path)/\($0)" }) { removeLeftovers(in: folder) }
    }

    /// Creates the folder and `subfolders` inside it when missing, refusing a link in the way.
    package func create(subfolders: [String] = []) throws(FilmstripError) {
        for (relative, folder) in [("", path)] + subfolders.map({ ($0, "\(path)/\($0)") }) {
            // Name the part of the path that is in the way, rather than Foundation's error code.
            var prefix = folder.hasPrefix("/") ? "" : "."
            for component in folder.split(separator: "/") {
                prefix += "/" + component
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), !isDirectory.boolValue {
                    throw FilmstripError(.output(path: folder, reason: "\(prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix) is a file, not a folder"))
                }
            }
            _ = try inside(relative)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FilmstripError(.output(path: folder, reason: error.localizedDescription))
            }
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw FilmstripError(.output(path: folder, reason: "the folder is not writable"))
            }
        }
    }

    /// The full path of `relative` (a path inside this folder), after checking that it stays
    /// inside the output root: no absolute path, no `..`, and no symbolic link on the way from
    /// the root to it (including `relative`'s last component and this folder itself).
    /// - Throws: ``FilmstripError`` (output) naming the link or the path.
    package func inside(_ relative: String) throws(FilmstripError) -> String {
        let full = relative.isEmpty ? path : "\(path)/\(relative)"
        let below = path == root ? relative : String(path.dropFirst(root.count + 1)) + (relative.isEmpty ? "" : "/\(relative)")
        if below.isEmpty { return full }
        let components = below.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw FilmstripError(.output(path: full, reason: "the path leaves the output folder \(root)/"))
        }
        var walked = root
        for component in components {
            walked += "/\(component)"
            var status = stat()
            guard lstat(walked, &status) == 0 else { break }  // Nothing further exists yet.
            if status.st_mode & S_IFMT == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: walked)).map { " (to \($0))" } ?? ""
                throw FilmstripError(.output(path: full, reason: "\(walked) is a symbolic link\(target); filmstrip writes and removes only inside \(root)/ and never through a link: remove the link"))
            }
        }
        return full
    }

    /// Writes `data` to `relative` atomically.
    package func write(_ data: Data, to relative: String) throws(FilmstripError) {
        try AtomicFile.write(data, to: inside(relative))
    }

    /// Writes `data` to a temporary file beside `relative`, to be flushed and renamed into place
    /// with others by ``AtomicFile/commit(_:)``.
    package func stage(_ data: Data, to relative: String) throws(FilmstripError) -> AtomicFile.Staged {
        try AtomicFile.stage(data, to: inside(relative))
    }

    /// Writes `relative` atomically from pieces: `pieces` is called once with a function that
    /// appends one piece to a temporary file beside the target; the file is renamed into place
    /// when `pieces` returns, and removed when anything fails. Memory holds one piece at a time.
    func write(_ relative: String, pieces: ((Data) throws(FilmstripError) -> Void) throws(FilmstripError) -> Void) throws(FilmstripError) {
        try AtomicFile.write(inside(relative), pieces: pieces)
    }

    /// The bytes of `relative`, or nil.
    package func read(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: "\(path)/\(relative)")
    }

    /// Checks, before anything is written, that every file an earlier run wrote (`previous`) can
    /// be removed without leaving the output folder.
    /// - Throws: ``FilmstripError`` (output) naming a link in the way.
    func checkRemovable(_ previous: [String]) throws(FilmstripError) {
        for relative in previous { _ = try inside(relative) }
    }

    /// Removes files filmstrip wrote before (`previous`) that this run did not write again (those
    /// `keeping` does not keep). Only regular files inside the folder are removed; a path through
    /// a link is refused.
    /// - Throws: ``FilmstripError`` (output) naming a link in the way.
    func removeStale(previous: [String], keeping: (String) -> Bool) throws(FilmstripError) {
        for relative in previous where !keeping(relative) {
            let file = try inside(relative)
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(file)
        }
    }

    /// Removes filmstrip's temporary files (``AtomicFile/isTemporary(_:)``) from `folder`: what a
    /// killed run left. Only regular files are removed.
    private func removeLeftovers(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where AtomicFile.isTemporary(name) {
            var status = stat()
            guard lstat("\(folder)/\(name)", &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink("\(folder)/\(name)")
        }
    }
}

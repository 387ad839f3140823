import FilmstripReports
import Foundation

/// Which paths filmstrip owns, and so may write or replace: the one vocabulary every command
/// checks, before anything is written, for every file it writes on request.
///
/// A path is filmstrip's when nothing is there yet, or when what is there is recognisably
/// filmstrip's of the kind the command writes (``Kind``). Anything else is someone else's and is
/// never replaced: the command stops (exit 2) naming the file, and writes nothing. Besides the
/// kinds, two places are refused whatever is in them: a plan folder (``refuseInsidePlanFolder(_:folder:as:)``:
/// it holds exactly what its report lists) and, for `compare` and `sweep`, a folder of capture
/// plans (``refusePlansFolder(_:as:writing:)``: `record` and `check` would read their `.json`
/// as a plan).
package enum OutputOwnership {
    /// What filmstrip writes at a path, and how it recognises its own there.
    package enum Kind: Sendable {
        /// `check --junit FILE`: empty, or a JUnit report filmstrip wrote: it starts with the
        /// XML declaration, ``JUnitReport/marker`` as the document's first node and `<testsuites>`,
        /// exactly as ``JUnitReport/xml(suite:cases:timestamp:)`` writes them (the marker anywhere
        /// else, in a comment, a CDATA section or text, proves nothing). Every folder on its path
        /// is a real one, not a symbolic link.
        case junitReport
        /// `DIR/index.html`, the index across plans: its first 1,024 bytes hold the title
        /// `<title>filmstrip · all plans</title>`.
        case indexAcrossPlans
        /// `DIR/<plan>/`, a plan's folder: it holds `report.json`, `index-row.json` or the pending
        /// list of an interrupted recording (`.filmstrip-writing`), or no file at all (folders and
        /// links only; names starting with `.` are passed over, as `check` passes them over).
        case planFolder
        /// Files `compare` and `sweep` write into a folder they share with others: each one is
        /// listed in the folder's `.filmstrip-outputs` (``sharedListName``).
        case sharedFiles([String])
    }

    /// The list, in a shared folder, of the files filmstrip wrote there (one name per line).
    static let sharedListName = ".filmstrip-outputs"

    /// Checks that `path` is filmstrip's as `kind` says, before anything is written; for
    /// ``Kind/sharedFiles(_:)`` `path` is the folder, and the files are then listed as
    /// filmstrip's (every path checked for links first: ``OutputFolder/inside(_:)``).
    /// - Throws: ``FilmstripError`` (output, exit 2) naming the first path that is not filmstrip's.
    package static func claim(_ path: String, as kind: Kind) throws(FilmstripError) {
        switch kind {
        case .junitReport:
            try refuseLinkedFolder(of: path, remedy: "filmstrip writes a JUnit report only through real folders: give the folder's own path")
            try claimFile(path, startingWith: JUnitReport.documentStart, emptyIsOwned: true, remedy: "give --junit a new file name, or move the file away",
                          reason: "it is not a JUnit report filmstrip wrote (it does not start with the XML declaration, then \(JUnitReport.marker), then <testsuites>), so it is not replaced; filmstrip replaces only files it owns: give --junit a new file name, or move the file away")
        case .indexAcrossPlans:
            try claimFile(path, recognisedBy: ["<title>filmstrip · all plans</title>"], emptyIsOwned: false, remedy: "move it away or choose another --out",
                          reason: "this page is not filmstrip's index across plans (its title is not 'filmstrip · all plans'), so it is not replaced: move it away or choose another --out")
        case .planFolder:
            try claimPlanFolder(path)
        case .sharedFiles(let files):
            try claimShared(OutputFolder(path: path), files: files)
        }
    }

    /// Refuses a path whose folder, as typed, passes through a symbolic link (each component is
    /// checked with `lstat`, as ``OutputFolder/inside(_:)`` checks those below an output root).
    /// - Throws: ``FilmstripError`` (output) naming the link and where it points.
    private static func refuseLinkedFolder(of path: String, remedy: String) throws(FilmstripError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        var walked = path.hasPrefix("/") ? "" : "."
        for component in components {
            walked += "/\(component)"
            var status = stat()
            guard lstat(walked, &status) == 0 else { return }
            if status.st_mode & S_IFMT == S_IFLNK {
                let shown = walked.hasPrefix("./") ? String(walked.dropFirst(2)) : walked
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: walked)).map { " (to \($0))" } ?? ""
                throw FilmstripError(.output(path: path, reason: "\(shown) is a symbolic link\(target); \(remedy)"))
            }
        }
    }

    /// A file that is absent, a regular file whose bytes start with `start`, or (when
    /// `emptyIsOwned`) empty. A file that cannot be read is never filmstrip's.
    private static func claimFile(_ path: String, startingWith start: String, emptyIsOwned: Bool, remedy: String, reason: String) throws(FilmstripError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw FilmstripError(.output(path: path, reason: "it is \(kind), not a file filmstrip wrote; filmstrip replaces only files it owns: \(remedy)"))
        }
        if emptyIsOwned, status.st_size == 0 { return }
        let expected = Array(start.utf8)
        let head: Data
        do throws(FilmstripError) {
            let file = try InputFile.open(path, limit: .samples)
            head = (try? file.handle.read(upToCount: expected.count)) ?? Data()
        } catch {
            let why = error.description.hasPrefix("\(path): cannot read: ") ? String(error.description.dropFirst("\(path): cannot read: ".count)) : error.description
            throw FilmstripError(.output(path: path, reason: "it cannot be read (\(why)), so filmstrip cannot tell whose it is and does not replace it: \(remedy)"))
        }
        guard head.elementsEqual(expected) else { throw FilmstripError(.output(path: path, reason: reason)) }
    }

    /// A file that is absent, a regular file holding one of `markers` in its first 1,024 bytes,
    /// or (when `emptyIsOwned`) empty.
    private static func claimFile(_ path: String, recognisedBy markers: [String], emptyIsOwned: Bool, remedy: String, reason: String) throws(FilmstripError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw FilmstripError(.output(path: path, reason: "it is \(kind), not a file filmstrip wrote; filmstrip replaces only files it owns: \(remedy)"))
        }
        if emptyIsOwned, status.st_size == 0 { return }
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        guard !markers.contains(where: { head.range(of: Data($0.utf8)) != nil }) else { return }
        throw FilmstripError(.output(path: path, reason: reason))
    }

    /// Refuses a plan folder that exists but that filmstrip did not write: `record` would
    /// otherwise replace a person's own `index.html` or `frames/0000.png` in a folder that
    /// happens to bear a plan's name.
    private static func claimPlanFolder(_ path: String) throws(FilmstripError) {
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

    /// Checks every path (no link in the way) and that no file is there that filmstrip did not
    /// write, then lists `files` as filmstrip's before any is written.
    private static func claimShared(_ folder: OutputFolder, files: [String]) throws(FilmstripError) {
        let listed = Set(folder.read(sharedListName).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? [])
        for file in files {
            let path = try folder.inside(file)
            var status = stat()
            if lstat(path, &status) == 0, !listed.contains(file) {
                throw FilmstripError(.output(
                    path: "\(folder.path)/\(file)",
                    reason: "it exists and filmstrip did not write it (\(sharedListName) does not list it); filmstrip replaces only its own files: move it away, or give another --out"))
            }
        }
        let names = listed.union(files).sorted()
        try folder.write(Data((names.joined(separator: "\n") + "\n").utf8), to: sharedListName)
    }

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
    /// checked) that is, or lies inside, a plan folder (`DIR/<plan>/`, known by its
    /// `report.json` and `index-row.json`): it holds exactly the files its report lists, and an
    /// output root, a comparison, a sweep or a JUnit report written into it would overwrite its
    /// contact sheet or leave files `check` then fails as not written by filmstrip.
    /// - Parameters:
    ///   - path: the path as typed.
    ///   - what: how the person gave it, for the message (`check: --junit`, `index: OUTDIR`).
    /// - Throws: ``FilmstripError`` (usage, exit 2) naming the path and the plan folder.
    package static func refuseInsidePlanFolder(_ path: String, folder: Bool, as what: String) throws(FilmstripError) {
        let start = folder ? path : URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let planFolder = enclosingPlanFolder(of: start.isEmpty ? "." : start) else { return }
        throw FilmstripError(.usage("\(what) \(path) is inside \(planFolder)/, a plan folder filmstrip record wrote (it holds \(OutputLayout.reportPath) and \(OutputLayout.indexRowPath)); a plan folder holds only what its report lists, so write outside it"))
    }

    /// Refuses, for `compare` and `sweep`, an output folder where `record` and `check` look for
    /// capture plans: the default plans folder (`captures`, from the working directory), or a
    /// folder holding a `.json` file it did not write there that names a `"bench"` in its first
    /// 4,096 bytes (a plan). A `compare.json` or `sweep.json` written there would be read as a
    /// plan by every later run.
    /// - Parameters:
    ///   - path: the `--out` folder as typed.
    ///   - what: how the person gave it (`compare: --out`).
    ///   - writing: the `.json` file the command writes there (`compare.json`).
    /// - Throws: ``FilmstripError`` (usage, exit 2) naming the folder and why.
    package static func refusePlansFolder(_ path: String, as what: String, writing: String) throws(FilmstripError) {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let plans = URL(fileURLWithPath: PlanLoader.defaultFolder).standardizedFileURL.resolvingSymlinksInPath().path
        let listed = Set(FileManager.default.contents(atPath: "\(path)/\(sharedListName)").map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? [])
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let why: String
        if resolved == plans {
            why = "it is \(PlanLoader.defaultFolder)/, the folder record and check read every *.json of as a capture plan"
        } else if let plan = names.sorted().first(where: { $0.hasSuffix(".json") && !listed.contains($0) && looksLikePlan("\(path)/\($0)") }) {
            why = "it holds \(plan), a capture plan (record and check read every *.json of a plans folder as a plan)"
        } else {
            return
        }
        throw FilmstripError(.usage("\(what) \(path): \(why); \(writing) written there would be read as a plan by every later record and check, so give a folder of its own (the default is fine)"))
    }

    /// Whether the file's first 4,096 bytes name a `"bench"` member, as every capture plan does.
    private static func looksLikePlan(_ file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        return ((try? handle.read(upToCount: 4096)) ?? Data()).range(of: Data("\"bench\"".utf8)) != nil
    }
}

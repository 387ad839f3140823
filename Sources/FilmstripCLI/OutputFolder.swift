import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One plan's output folder. Every write is atomic (a temporary file in the same folder, then
/// a rename), and the only files ever removed are those a previous run's `report.json` lists
/// as written by filmstrip.
struct OutputFolder {
    /// The folder, e.g. `captures/inbox-cycle`.
    let path: String

    /// Creates the folder and `subfolders` inside it when missing.
    /// - Throws: ``CommandError`` (output) when it cannot be created or written.
    func prepare(subfolders: [String]) throws(CommandError) {
        for folder in [path] + subfolders.map({ "\(path)/\($0)" }) {
            // Name the part of the path that is in the way, rather than Foundation's error code.
            var prefix = folder.hasPrefix("/") ? "" : "."
            for component in folder.split(separator: "/") {
                prefix += "/" + component
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), !isDirectory.boolValue {
                    throw CommandError(.output(path: folder, reason: "\(prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix) is a file, not a folder"))
                }
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandError(.output(path: folder, reason: error.localizedDescription))
            }
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw CommandError(.output(path: folder, reason: "the folder is not writable"))
            }
        }
    }

    /// Writes `data` to `relative` atomically.
    func write(_ data: Data, to relative: String) throws(CommandError) {
        let file = "\(path)/\(relative)"
        do {
            try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandError(.output(path: file, reason: error.localizedDescription))
        }
    }

    /// Writes `relative` atomically from pieces: `pieces` is called once with a function that
    /// appends one piece to a temporary file beside the target; the file is renamed into place
    /// when `pieces` returns, and removed when anything fails. Memory holds one piece at a time.
    func write(_ relative: String, pieces: ((Data) throws(CommandError) -> Void) throws(CommandError) -> Void) throws(CommandError) {
        let file = "\(path)/\(relative)"
        let temporary = "\(file).\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw CommandError(.output(path: file, reason: "cannot create \(temporary)"))
        }
        do throws(CommandError) {
            defer { try? handle.close() }
            try pieces { data throws(CommandError) in
                do {
                    try handle.write(contentsOf: data)
                } catch {
                    throw CommandError(.output(path: file, reason: error.localizedDescription))
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw CommandError(.output(path: file, reason: reason))
        }
    }

    /// The bytes of `relative`, or nil.
    func read(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: "\(path)/\(relative)")
    }

    /// Removes files filmstrip wrote before (`previous`) that this run did not write again (`current`).
    /// Paths outside the folder, or that are not regular files, are left alone.
    func removeStale(previous: [String], current: Set<String>) {
        for relative in previous where !current.contains(relative) {
            guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else { continue }
            let file = "\(path)/\(relative)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}

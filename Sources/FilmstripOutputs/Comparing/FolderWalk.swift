#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries below a folder, read with `opendir(3)`/`readdir(3)`: `check` lists a recorded
/// plan's folder to find files its report does not name. Foundation's directory enumerator
/// took 2.4% of a `check` of the shipped captures (a path object and an `lstat` an entry);
/// this reads each entry's type from the directory itself and calls `lstat(2)` only where the
/// file system does not give it.
enum FolderWalk {
    /// Calls `visit` with the path of every entry below `folder`, relative to it
    /// (`frames/0001.png`), and whether it is a directory (a symbolic link never is: it is
    /// listed, not followed), a directory before what it holds, otherwise in no set order.
    /// Entries whose names start with `.` are passed over with everything below them; a
    /// directory that cannot be opened is passed over as if empty.
    static func walk(_ folder: String, _ visit: (_ relative: String, _ isDirectory: Bool) -> Void) {
        walk(folder: folder, prefix: "", visit)
    }

    private static func walk(folder: String, prefix: String, _ visit: (String, Bool) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard !name.hasPrefix(".") else { continue }
            let path = "\(folder)/\(name)"
            let isDirectory: Bool
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): isDirectory = true
            case Int32(DT_UNKNOWN):
                var status = stat()
                isDirectory = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            default: isDirectory = false
            }
            let relative = prefix + name
            visit(relative, isDirectory)
            if isDirectory { walk(folder: path, prefix: relative + "/", visit) }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries below a folder, read with `openat(2)`, `fdopendir(3)` and `readdir(3)`: `check`
/// lists a recorded plan's folder to find files its report does not name. Foundation's directory
/// enumerator took 2.4% of a `check` of the shipped captures (a path object and an `lstat` an
/// entry); this reads each entry's type from the directory itself and calls `fstatat(2)` only
/// where the file system does not give it. Each folder is opened by its name's bytes relative
/// to the one holding it, so a name that is not UTF-8 is still walked into.
enum FolderWalk {
    /// What one entry is.
    enum Entry: Equatable {
        /// Anything but a folder: a file, a link (listed, never followed), a device.
        case file
        /// A folder; what it holds is visited after it.
        case folder
        /// A folder that could not be opened or read; `reason` is the system's (`strerror`).
        case unreadableFolder(reason: String)
    }

    /// Calls `visit` with the path of every entry below `folder`, relative to it
    /// (`frames/0001.png`; a name that is not UTF-8 with U+FFFD in its place), and what it is,
    /// a folder before what it holds, otherwise in no set order. Entries whose names start with
    /// `.` are passed over with everything below them. Nothing is visited when `folder` itself
    /// cannot be opened.
    static func walk(_ folder: String, _ visit: (_ relative: String, _ entry: Entry) -> Void) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = walk(descriptor: descriptor, prefix: "", visit)
    }

    /// Walks the open folder `descriptor` (closed on return); nil, with the system's reason,
    /// when it cannot be read.
    private static func walk(descriptor: Int32, prefix: String, _ visit: (String, Entry) -> Void) -> String? {
        guard let directory = fdopendir(descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return reason
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            var name = entry.pointee.d_name
            guard withUnsafeBytes(of: &name, { $0.first != UInt8(ascii: ".") }) else { continue }
            let relative = prefix + withUnsafePointer(to: &name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            let isFolder: Bool
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): isFolder = true
            case Int32(DT_UNKNOWN):
                var status = stat()
                isFolder = withUnsafePointer(to: &name) {
                    fstatat(dirfd(directory), UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), &status, AT_SYMLINK_NOFOLLOW) == 0
                } && status.st_mode & S_IFMT == S_IFDIR
            default: isFolder = false
            }
            guard isFolder else {
                visit(relative, .file)
                continue
            }
            let inner = withUnsafePointer(to: &name) {
                openat(dirfd(directory), UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard inner >= 0 else {
                visit(relative, .unreadableFolder(reason: String(cString: strerror(errno))))
                continue
            }
            visit(relative, .folder)
            if let reason = walk(descriptor: inner, prefix: relative + "/", visit) {
                visit(relative, .unreadableFolder(reason: reason))
            }
        }
        return nil
    }
}

import Foundation

/// Where `filmstrip bench` writes: one temporary folder per invocation, holding a subfolder for
/// each recording, file-creation floor and peer run, all removed together at the end.
///
/// A run's files are not removed before the next run starts, because removing them slows the
/// next run's file creation: on a file system that does not reuse an inode freed moments ago
/// (ext4 without a journal steps past each one freed in about the last half-minute), each run
/// would pay for the removals of the runs before it. On the CI machine, 125 files created as
/// `record` creates them took 38–44 ms after 90 s of quiet and 148–189 ms just after a bench that
/// removed its folders as it went (docs/PERFORMANCE.md, "Durability").
///
/// Files are kept up to ``keptFilesLimit``. Past that, a folder is removed as soon as it has
/// been measured, so a long benchmark does not fill the disk.
final class BenchScratch {
    /// The most files kept until the end: 50,000 (about 110 MB of frames).
    static let keptFilesLimit = 50_000

    /// The invocation's folder.
    let root: URL
    private var keptFiles = 0

    /// A new, empty folder under the system's temporary folder; nothing is created until
    /// ``folder(_:)`` is used.
    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-bench-\(UUID().uuidString)")
    }

    /// A fresh path under ``root`` named `name` plus a unique suffix; the caller creates it.
    func folder(_ name: String) -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    /// Says that `folder` has been measured and holds `files` files. It is kept until
    /// ``removeAll()`` while the files kept stay within ``keptFilesLimit``; past that, it is
    /// removed now.
    func measured(_ folder: URL, files: Int) {
        if keptFiles + files <= Self.keptFilesLimit {
            keptFiles += files
        } else {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Removes ``root`` and everything in it.
    func removeAll() {
        try? FileManager.default.removeItem(at: root)
        keptFiles = 0
    }
}

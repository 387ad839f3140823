@testable import FilmstripOutputs
import Foundation
import Testing

/// ``FolderWalk`` lists every entry below a folder by its relative path, passes over names
/// starting with `.` and all below them, and lists a link without following it.
@Suite struct FolderWalkTests {
    @Test func everyEntryIsListedOnceWithItsKind() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = FileManager.default
        for folder in ["frames", "stills/deep", ".failures/x", "empty"] {
            try files.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["report.json", "frames/0000.png", "stills/deep/a b.png", ".failures/x/fresh.png", ".lock", "frames/.tmp"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/\(file)"))
        }
        try files.createSymbolicLink(atPath: "\(root)/link", withDestinationPath: "\(root)/frames")
        // A folder whose name is not UTF-8 (`odd` and the byte FF) is walked into by its bytes;
        // its name is shown with U+FFFD in the byte's place.
        let odd = (root + "/odd").utf8.map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0xFF)]
        #expect(mkdir(odd + [0], 0o755) == 0)
        let descriptor = open(odd + "/inside.png".utf8CString, O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        var seen: [String: FolderWalk.Entry] = [:]
        FolderWalk.walk(root) { relative, entry in
            #expect(seen[relative] == nil, "\(relative) listed twice")
            seen[relative] = entry
        }
        #expect(seen == [
            "report.json": .file, "frames": .folder, "frames/0000.png": .file, "stills": .folder, "stills/deep": .folder,
            "stills/deep/a b.png": .file, "empty": .folder, "link": .file,
            "odd\u{FFFD}": .folder, "odd\u{FFFD}/inside.png": .file,
        ])
        var none = 0
        FolderWalk.walk("\(root)/missing") { _, _ in none += 1 }
        #expect(none == 0)
    }
}

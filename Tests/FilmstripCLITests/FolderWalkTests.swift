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
        var seen: [String: Bool] = [:]
        FolderWalk.walk(root) { relative, isDirectory in
            #expect(seen[relative] == nil, "\(relative) listed twice")
            seen[relative] = isDirectory
        }
        #expect(seen == [
            "report.json": false, "frames": true, "frames/0000.png": false, "stills": true, "stills/deep": true,
            "stills/deep/a b.png": false, "empty": true, "link": false,
        ])
        var none = 0
        FolderWalk.walk("\(root)/missing") { _, _ in none += 1 }
        #expect(none == 0)
    }
}

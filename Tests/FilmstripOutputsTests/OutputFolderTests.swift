@testable import FilmstripOutputs
import Foundation
import Testing

/// Documents written in pieces land whole or not at all.
@Suite struct OutputFolderTests {
    @Test func piecesLandWholeOrNotAtAll() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-folder-\(UUID().uuidString)")
        let folder = OutputFolder(path: url.path)
        defer { try? FileManager.default.removeItem(at: url) }
        try folder.prepare(subfolders: [])
        try folder.write("report.json") { write throws(FilmstripError) in
            for piece in ["{", "\"a\" : 1", "}\n"] { try write(Data(piece.utf8)) }
        }
        #expect(folder.read("report.json") == Data("{\"a\" : 1}\n".utf8))

        // A failure halfway leaves the earlier file as it was and no temporary file behind.
        #expect(throws: FilmstripError.self) {
            try folder.write("report.json") { write throws(FilmstripError) in
                try write(Data("{ half".utf8))
                throw FilmstripError(.output(path: "report.json", reason: "stopped"))
            }
        }
        #expect(folder.read("report.json") == Data("{\"a\" : 1}\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["report.json"])
    }
}

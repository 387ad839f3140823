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

/// The documents `record` produces while drawing (``OutputFolder`` as a ``DocumentSink``): several
/// open at once, each renamed into place only when closed.
@Suite struct FolderDocumentTests {
    @Test func documentsOpenTogetherLandWhenClosedAndNotBefore() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-documents-\(UUID().uuidString)")
        let folder = OutputFolder(path: url.path)
        defer { try? FileManager.default.removeItem(at: url) }
        try folder.prepare(subfolders: [])
        try folder.write(Data("old report\n".utf8), to: "report.json")
        let report = try folder.open("report.json")
        let sheet = try folder.open("index.html")
        try report.append(Data("{\"a\" : ".utf8))
        try sheet.append(Data("<html>".utf8))
        try report.append(Data("1}\n".utf8))
        // Open: the old report is in place; each new one is a temporary file beside it.
        #expect(folder.read("report.json") == Data("old report\n".utf8))
        #expect(folder.read("index.html") == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        #expect(names.count == 3)
        #expect(names.filter { $0.hasPrefix(".filmstrip-tmp-") }.count == 2)
        try sheet.close()
        #expect(folder.read("index.html") == Data("<html>".utf8))
        try report.close()
        #expect(folder.read("report.json") == Data("{\"a\" : 1}\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == ["index.html", "report.json"])
    }

    @Test func aDocumentDroppedUnclosedLeavesTheOldFileAndNoTemporaryFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-documents-\(UUID().uuidString)")
        let folder = OutputFolder(path: url.path)
        defer { try? FileManager.default.removeItem(at: url) }
        try folder.prepare(subfolders: [])
        try folder.write(Data("old\n".utf8), to: "report.json")
        do {
            let report = try folder.open("report.json")
            try report.append(Data("{ half".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).count == 2)
        }
        #expect(folder.read("report.json") == Data("old\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["report.json"])
    }

    @Test func aDocumentThatCannotBeCreatedNamesItsFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filmstrip-documents-\(UUID().uuidString)")
        let folder = OutputFolder(path: url.path)
        defer { try? FileManager.default.removeItem(at: url) }
        try folder.prepare(subfolders: [])
        // No `frames/` folder: the temporary file beside `frames/x.json` cannot be created.
        let error = try #require(throws: FilmstripError.self) { _ = try folder.open("frames/x.json") }
        #expect(error.description.contains("\(url.path)/frames/x.json"))
        #expect(error.description.contains("cannot create a temporary file beside it"))
    }
}

import Checkout
import Filmstrip
import Foundation
import Testing

/// A library user writes and compares a plan's outputs with `import Filmstrip` alone: no command
/// line and no FilmstripTesting, through the same `PlanOutputs` door `filmstrip record` and
/// `filmstrip check` use (docs/REFERENCE.md, "Writing outputs from code").
@Suite struct CheckoutOutputsTests {
    /// The plan written here; its committed folder is the expected output, byte for byte.
    static let name = "checkout-fast-success"

    /// Every file under `folder`, as paths relative to it, sorted.
    static func files(under folder: URL) -> [String] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }.sorted()
    }

    @Test func recordWritesTheCommittedFilesAndCompareFindsOneRemovedFrame() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("checkout-outputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let planFile = CheckoutFilmstripTests.captures.appendingPathComponent("\(Self.name).json")
        let plan = try CapturePlan(json: try Data(contentsOf: planFile), name: Self.name, benches: [.checkout])
        let outputs = PlanOutputs(plan: plan, root: root.path, font: try BitmapFont.bundled())

        let recording = try outputs.record()
        #expect(recording.passed)
        let committed = CheckoutFilmstripTests.captures.appendingPathComponent(Self.name)
        let written = root.appendingPathComponent(Self.name)
        // Every file of the committed folder is written, and nothing else (the PNG bytes may differ
        // from the committed ones when the encoder's settings change; their pixels may not, which
        // the comparison below checks as `filmstrip check` does).
        #expect(Self.files(under: written) == Self.files(under: committed))
        #expect(recording.fileCount == Self.files(under: committed).count)

        let fresh = try outputs.compare(writingFailures: false)
        #expect(fresh.matches)
        #expect(fresh.findings == [])

        try FileManager.default.removeItem(at: written.appendingPathComponent("frames/0000.png"))
        let missing = try outputs.compare(writingFailures: false)
        #expect(!missing.matches)
        #expect(missing.findings.count == 1)
        #expect(missing.findings.first?.contains("frames/0000.png") == true)
    }
}

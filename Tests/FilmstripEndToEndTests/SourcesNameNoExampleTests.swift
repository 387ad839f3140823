import Foundation
import Testing
import FilmstripTestSupport

/// The library knows nothing of its examples: no file under `Sources/` names a type an example
/// declares (`SearchModel`, `CheckoutBench`, …) or an example's folder, not even in a doc
/// comment, so what the examples show is what any outside package can do.
@Suite struct SourcesNameNoExampleTests {
    /// Every Swift file under `folder` (relative to the repository root), with its text.
    static func swiftFiles(under folder: String) -> [(path: String, text: String)] {
        let base = CommandRunner.root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }.sorted().compactMap { path in
            (try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)).map { ("\(folder)/\(path)", $0) }
        }
    }

    /// The type names the examples' sources declare at top level (nested ones such as a phase's
    /// `Name` are the protocol's words, not the example's).
    static let exampleTypes: Set<String> = {
        let declaration = /(?m)^(?:(?:public|package|final|actor)\s+)*(?:struct|class|enum|protocol|actor)\s+([A-Z][A-Za-z0-9_]*)/
        var names = Set<String>()
        for example in ["Examples/Checkout/Sources", "Examples/Search/Sources"] {
            for file in swiftFiles(under: example) {
                for match in file.text.matches(of: declaration) { names.insert(String(match.1)) }
            }
        }
        return names
    }()

    @Test func theExamplesDeclareTheirTypes() {
        // The scan below is only as good as this list: it holds the examples' own types.
        #expect(Self.exampleTypes.isSuperset(of: ["CheckoutBench", "PaymentPhase", "SearchModel", "NaiveSearchModel", "SearchPanel"]))
    }

    @Test func noSourceFileNamesAnExample() {
        var found: [String] = []
        for file in Self.swiftFiles(under: "Sources") {
            let words = Set(file.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for name in Self.exampleTypes.intersection(words).sorted() { found.append("\(file.path): \(name)") }
            if file.text.contains("Examples/") { found.append("\(file.path): Examples/") }
        }
        #expect(found == [])
    }
}

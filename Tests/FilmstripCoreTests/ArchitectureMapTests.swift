import FilmstripTestSupport
import Foundation
import Testing

/// docs/ARCHITECTURE.md's map is checked against the package, so it cannot drift: the module
/// diagram names every target of `Package.swift` under a parent it depends on, and places each
/// type it names in the module that declares (or extends) it; the import table says exactly what
/// each module's sources import and the manifest lets it depend on; the files it says read the
/// process environment are the only ones that do.
@Suite struct ArchitectureMapTests {
    /// The package as the check reads it: the manifest's text and every target's Swift sources.
    struct Package {
        /// A target of the manifest (test targets aside).
        struct Target {
            var name: String
            var kind: String
            var dependencies: Set<String>
            /// Relative path → text of each Swift source file.
            var sources: [String: String]
        }

        var targets: [String: Target]

        static func read(root: URL) throws -> Package {
            let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
            var targets: [String: Target] = [:]
            for (name, kind, call) in Self.targetCalls(manifest) where kind != "testTarget" {
                let path = Self.quoted(after: "path:", in: call) ?? (kind == "systemLibrary" ? nil : "Sources/\(name)")
                var sources: [String: String] = [:]
                if let path, let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(path).path) {
                    for case let file as String in files where file.hasSuffix(".swift") {
                        sources["\(path)/\(file)"] = try String(contentsOf: root.appendingPathComponent("\(path)/\(file)"), encoding: .utf8)
                    }
                }
                targets[name] = Target(name: name, kind: kind, dependencies: Self.dependencies(in: call), sources: sources)
            }
            return Package(targets: targets)
        }

        /// Each `.target(`, `.executableTarget(`, `.systemLibrary(` or `.testTarget(` call in the
        /// manifest's `targets:` list (a `.target(name:condition:)` inside a dependency list is
        /// deeper): its name, kind, and text up to the next call.
        static func targetCalls(_ manifest: String) -> [(name: String, kind: String, call: Substring)] {
            let kinds = ["target", "executableTarget", "systemLibrary", "testTarget"]
            var starts: [(index: String.Index, kind: String)] = []
            // Depth in brackets and parentheses, outside strings and comments: `Package(` is 1,
            // its `targets: [` 2.
            var depth = 0
            var inString = false
            var index = manifest.startIndex
            while index < manifest.endIndex {
                let character = manifest[index]
                if inString {
                    if character == "\"" { inString = false }
                } else if manifest[index...].hasPrefix("//") {
                    index = manifest[index...].firstIndex(of: "\n") ?? manifest.endIndex
                    continue
                } else if character == "\"" {
                    inString = true
                } else if character == "(" || character == "[" {
                    depth += 1
                } else if character == ")" || character == "]" {
                    depth -= 1
                } else if character == ".", depth == 2 {
                    let after = manifest[manifest.index(after: index)...]
                    if let kind = kinds.first(where: { after.hasPrefix("\($0)(") }) { starts.append((index, kind)) }
                }
                index = manifest.index(after: index)
            }
            return starts.enumerated().compactMap { position, start in
                let end = position + 1 < starts.count ? starts[position + 1].index : manifest.endIndex
                let call = manifest[start.index..<end]
                guard let name = quoted(after: "name:", in: call) else { return nil }
                return (name, start.kind, call)
            }
        }

        /// The first string literal after `label` in `text`.
        static func quoted(after label: String, in text: Substring) -> String? {
            guard let found = text.range(of: label) else { return nil }
            let rest = text[found.upperBound...]
            guard let open = rest.firstIndex(of: "\"") else { return nil }
            let value = rest[rest.index(after: open)...]
            guard let close = value.firstIndex(of: "\"") else { return nil }
            return String(value[..<close])
        }

        /// The names in a call's `dependencies: [...]`, conditional ones included.
        static func dependencies(in call: Substring) -> Set<String> {
            guard let found = call.range(of: "dependencies: [") else { return [] }
            var depth = 1
            var index = found.upperBound
            while index < call.endIndex, depth > 0 {
                if call[index] == "[" { depth += 1 }
                if call[index] == "]" { depth -= 1 }
                index = call.index(after: index)
            }
            let list = call[found.upperBound..<index]
            return Set(list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        }

        /// The modules a source file imports: every `import` line, attributes and kinds aside.
        static func imports(_ text: String) -> Set<String> {
            var modules: Set<String> = []
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
                while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                var module = words[words.startIndex + 1]
                let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
                if kinds.contains(module), words.count >= 3 { module = words[words.startIndex + 2] }
                modules.insert(String(module.split(separator: ".")[0]))
            }
            return modules
        }

        /// What a target's sources import, with what the manifest lets it depend on.
        func used(by target: Target) -> Set<String> {
            target.sources.values.reduce(target.dependencies) { $0.union(Self.imports($1)) }
        }

        /// Type name → the targets that declare it (`struct`, `class`, `enum`, `protocol`,
        /// `actor`, `typealias`) and the targets that extend it.
        func declarations() -> (declared: [String: Set<String>], extended: [String: Set<String>]) {
            var declared: [String: Set<String>] = [:]
            var extended: [String: Set<String>] = [:]
            for target in targets.values {
                for text in target.sources.values {
                    for line in text.split(separator: "\n") {
                        let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
                        for (position, word) in words.enumerated() where position + 1 < words.count {
                            let name = String(words[position + 1])
                            if ["struct", "class", "enum", "protocol", "actor", "typealias"].contains(word) { declared[name, default: []].insert(target.name) }
                            if word == "extension" { extended[String(name.split(separator: ".")[0]), default: []].insert(target.name) }
                        }
                    }
                }
            }
            return (declared, extended)
        }
    }

    /// The map as docs/ARCHITECTURE.md draws it.
    struct Map {
        /// One line of the diagram that names modules: the modules, where the first one starts
        /// (its depth), and the text describing them (continuation lines included).
        struct Entry {
            var modules: [String]
            var column: Int
            var text: String
        }

        var diagram: [Entry]
        /// Module → the modules the table says it may import.
        var table: [String: Set<String>]
        /// The files the map says read the process environment.
        var environmentReaders: Set<String>

        init(_ doc: String) {
            let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            diagram = []
            table = [:]
            environmentReaders = []
            // The first code block after the heading is the diagram.
            if let heading = lines.firstIndex(of: "## Modules, in data-flow order"),
               let open = lines[heading...].firstIndex(where: { $0.hasPrefix("```") }),
               let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
            {
                for line in lines[(open + 1)..<close] {
                    if let entry = Self.entry(line) {
                        diagram.append(entry)
                    } else if !diagram.isEmpty {
                        diagram[diagram.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
                    }
                }
            }
            if let header = lines.firstIndex(where: { $0.hasPrefix("| module | may import |") }) {
                for line in lines[(header + 2)...] {
                    guard line.hasPrefix("|") else { break }
                    let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard cells.count >= 3, let module = cells[1].split(separator: " ").first else { continue }
                    table[String(module)] = Set(Self.ticked(cells[2]))
                }
            }
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("- `Sources/"), let name = Self.ticked(trimmed, identifiers: false).first { environmentReaders.insert(name) }
            }
        }

        /// The words in backticks of `text`: identifiers only, or any.
        static func ticked(_ text: String, identifiers: Bool = true) -> [String] {
            text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                .filter { !identifiers || (($0.first?.isLetter == true || $0.first == "_") && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }) }
        }

        /// A diagram line that names modules: after the tree's drawing, names separated by `, `,
        /// the first a module's (`C…`, `Filmstrip…`, `filmstrip`), then two spaces or the end.
        static func entry(_ line: String) -> Entry? {
            let drawing: Set<Character> = [" ", "│", "├", "└", "─"]
            guard let start = line.firstIndex(where: { !drawing.contains($0) }) else { return nil }
            let rest = line[start...]
            let names = rest.range(of: "  ").map { rest[..<$0.lowerBound] } ?? rest
            let modules = names.components(separatedBy: ", ")
            guard let first = modules.first,
                  modules.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }),
                  first == "filmstrip" || first.hasPrefix("Filmstrip") || (first.hasPrefix("C") && first.dropFirst().first?.isUppercase == true)
            else { return nil }
            return Entry(modules: modules, column: line.distance(from: line.startIndex, to: start), text: String(rest[names.endIndex...]))
        }
    }

    /// Everything the map gets wrong about the package, one sentence each; empty when it is true.
    static func problems(_ map: Map, _ package: Package, environmentReaders: Set<String>) -> [String] {
        var problems: [String] = []
        let targets = Set(package.targets.keys)
        let drawn = map.diagram.flatMap(\.modules)
        for name in targets.subtracting(drawn).sorted() { problems.append("the diagram has no \(name)") }
        for name in Set(drawn).subtracting(targets).sorted() { problems.append("the diagram names \(name), which Package.swift does not declare") }
        // A module drawn under another depends on it.
        for (position, entry) in map.diagram.enumerated() {
            guard let parent = map.diagram[..<position].last(where: { $0.column < entry.column }) else { continue }
            for module in entry.modules {
                let dependencies = package.targets[module]?.dependencies ?? []
                if dependencies.isDisjoint(with: parent.modules) {
                    problems.append("the diagram draws \(module) under \(parent.modules.joined(separator: ", ")), which it does not depend on")
                }
            }
        }
        // A type named beside a module is declared or extended there.
        let (declared, extended) = package.declarations()
        for entry in map.diagram where entry.modules.count == 1 {
            let module = entry.modules[0]
            let words = entry.text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." }).map { String($0.split(separator: ".").first ?? "") }
            for word in Set(words) where word.first?.isUppercase == true && !targets.contains(word) {
                guard let homes = declared[word], !homes.contains(module), !(extended[word] ?? []).contains(module) else { continue }
                problems.append("the diagram places \(word) in \(module); it is declared in \(homes.sorted().joined(separator: ", "))")
            }
        }
        // The table: every module that has code or dependencies, and exactly what it uses.
        let tabled = targets.filter { package.targets[$0]?.kind != "systemLibrary" }
        for name in tabled.subtracting(map.table.keys).sorted() { problems.append("the import table has no row for \(name)") }
        for name in Set(map.table.keys).subtracting(tabled).sorted() { problems.append("the import table has a row for \(name), which is not a module of Package.swift") }
        for (name, allowed) in map.table.sorted(by: { $0.key < $1.key }) {
            guard let target = package.targets[name] else { continue }
            let used = package.used(by: target)
            for module in used.subtracting(allowed).sorted() { problems.append("\(name) imports or depends on \(module), which the import table does not allow") }
            for module in allowed.subtracting(used).sorted() { problems.append("the import table lets \(name) import \(module), which it neither imports nor depends on") }
        }
        for file in environmentReaders.subtracting(map.environmentReaders).sorted() { problems.append("\(file) reads the process environment; the map does not say so") }
        for file in map.environmentReaders.subtracting(environmentReaders).sorted() { problems.append("the map says \(file) reads the process environment; it does not") }
        return problems
    }

    /// The source files under `Sources/` that read the process environment.
    static func environmentReaders(_ package: Package) -> Set<String> {
        // C's `environ` read directly (`environ[i]`, `= environ` at a line's end), not a parameter named `environment`.
        let reads = ["ProcessInfo.processInfo.environment", "getenv(", " environ[", "= environ\n"]
        return Set(package.targets.values.flatMap { target in
            target.sources.filter { file, text in file.hasPrefix("Sources/") && reads.contains { text.contains($0) } }.keys
        })
    }

    static func package() throws -> Package { try Package.read(root: TestSupport.root) }
    static func doc() throws -> String { try String(contentsOf: TestSupport.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8) }

    @Test func theMapMatchesTheManifestAndTheSources() throws {
        let package = try Self.package()
        #expect(package.targets.count >= 18, "\(package.targets.keys.sorted())")
        #expect(package.targets["FilmstripOutputs"]?.dependencies == ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports", "CSyncFS"])
        #expect(package.targets["FilmstripCore"].map { package.used(by: $0) } == ["FilmstripRaster", "CHostedRun", "Foundation", "FoundationNetworking", "Dispatch", "Synchronization", "_Concurrency"])
        let map = Map(try Self.doc())
        #expect(map.diagram.count >= 13 && map.table.count >= 12, "\(map.diagram.map(\.modules)) \(map.table.keys.sorted())")
        #expect(Self.problems(map, package, environmentReaders: Self.environmentReaders(package)) == [])
    }

    /// Each kind of mistake, made in a copy of the doc, is caught and named.
    @Test func aWrongEntryInTheMapIsCaught() throws {
        let package = try Self.package()
        let doc = try Self.doc()
        let readers = Self.environmentReaders(package)
        func problems(_ from: String, _ to: String) throws -> [String] {
            try #require(doc.contains(from), "\(from)")
            return Self.problems(Map(doc.replacingOccurrences(of: from, with: to)), package, environmentReaders: readers)
        }
        // A module missing from the diagram.
        #expect(try problems("       └─ FilmstripOutputs        the engine", "          the engine").contains("the diagram has no FilmstripOutputs"))
        // A module drawn under one it does not depend on.
        #expect(try problems("            └─ FilmstripTesting", "            │    └─ FilmstripTesting")
            .contains("the diagram draws FilmstripTesting under FilmstripCLI, which it does not depend on"))
        // A type placed in the wrong module.
        #expect(try problems("commands, OptionParser, Terminal;", "commands, OptionParser, Terminal, PlanOutputs;")
            .contains("the diagram places PlanOutputs in FilmstripCLI; it is declared in FilmstripOutputs"))
        // An import the table does not allow, and one it allows that nothing uses.
        #expect(try problems("| FilmstripReports | `FilmstripCore`, `FilmstripRaster`, `Foundation`, `Synchronization` |", "| FilmstripReports | `FilmstripCore`, `FilmstripRaster`, `Foundation` |")
            == ["FilmstripReports imports or depends on Synchronization, which the import table does not allow"])
        #expect(try problems("| FilmstripRaster | nothing but the standard library |", "| FilmstripRaster | `FilmstripPNG` |")
            == ["the import table lets FilmstripRaster import FilmstripPNG, which it neither imports nor depends on"])
        // A row missing.
        #expect(try problems("| FilmstripTesting |", "| FilmstripTest |").contains("the import table has no row for FilmstripTesting"))
        // A file that reads the environment, left out.
        #expect(try problems("   - `Sources/FilmstripCore/HTTP/ScriptedTransport.swift`:", "   - ScriptedTransport.swift:")
            == ["Sources/FilmstripCore/HTTP/ScriptedTransport.swift reads the process environment; the map does not say so"])
    }
}

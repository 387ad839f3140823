import Foundation

/// Reads Swift source text for its platform seams (`#if canImport(Glibc)`, `#if os(Linux)`, …)
/// and says which are not honest, so the package keeps building on the platforms
/// docs/PLATFORMS.md lists:
///
/// - a platform `#if` with one branch only must say why on its `#if` line or the line above
///   (`#if canImport(FoundationNetworking)  // no other branch: …`);
/// - a module that exists on some platforms only (``guards``) is imported only inside a branch
///   whose condition has, as one of its `&&` terms, a test that holds only where it exists.
///
/// Lines inside multi-line string literals are not code and are skipped.
enum PlatformSeamScanner {
    /// One thing wrong, at a 1-based line.
    struct Finding: Equatable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// The modules that exist on some platforms only, each with the condition terms that hold
    /// only where it does. CLibCrypto and CMalloc are package dependencies on Linux only
    /// (Package.swift), so `os(Linux)` is their guard.
    static let guards: [String: [String]] = [
        "CLibCrypto": ["os(Linux)"],
        "CMalloc": ["os(Linux)"],
        "Glibc": ["canImport(Glibc)", "os(Linux)"],
        "FoundationNetworking": ["canImport(FoundationNetworking)", "os(Linux)"],
        "Darwin": ["canImport(Darwin)", "os(macOS)"],
        "CommonCrypto": ["canImport(CommonCrypto)", "os(macOS)"],
    ]

    /// The package targets that must be dependencies on Linux only.
    static let linuxOnlyTargets = ["CLibCrypto", "CMalloc"]

    /// The lines (1-based) of the `#if`s in `source` whose conditions name a platform.
    static func seamLines(in source: String) -> [Int] {
        scan(source).seams
    }

    /// What is wrong with the platform seams of `source`, in line order.
    static func findings(in source: String) -> [Finding] {
        scan(source).findings
    }

    /// What is wrong with `manifest` (a Package.swift): a dependency on a ``linuxOnlyTargets``
    /// target that is not `.target(name: "…", condition: .when(platforms: [.linux]))`.
    static func manifestFindings(_ manifest: String) -> [String] {
        let text = manifest.filter { !$0.isWhitespace }
        return linuxOnlyTargets.compactMap { name in
            let all = occurrences(of: "\"\(name)\"", in: text)
            let declared = occurrences(of: ".systemLibrary(name:\"\(name)\"", in: text)
            let conditioned = occurrences(of: ".target(name:\"\(name)\",condition:.when(platforms:[.linux]))", in: text)
            let others = all - declared - conditioned
            return others == 0 ? nil : "\(name): \(others) dependency(ies) not conditioned to Linux (.target(name: \"\(name)\", condition: .when(platforms: [.linux])))"
        }
    }

    /// Whether `condition` names a platform: an operating system or a module of one platform.
    static func namesAPlatform(_ condition: String) -> Bool {
        condition.contains("os(") || guards.keys.contains { condition.contains("canImport(\($0))") } || condition.contains("canImport(Musl)")
    }

    private struct Block {
        var line: Int
        var condition: String
        /// The condition of the branch being read; nil in `#else`.
        var current: String?
        var branches = 1
        var justified: Bool
    }

    private static func scan(_ source: String) -> (seams: [Int], findings: [Finding]) {
        var seams: [Int] = []
        var findings: [Finding] = []
        var stack: [Block] = []
        var inString = false
        var previous = ""
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            defer { previous = line }
            if occurrences(of: "\"\"\"", in: line) % 2 == 1 {
                inString.toggle()
                continue
            }
            if inString { continue }
            let (code, comment) = splitComment(line)
            if code.hasPrefix("#if ") {
                let condition = String(code.dropFirst(4)).trimmingCharacters(in: .whitespaces)
                let above = previous.hasPrefix("//") && !previous.hasPrefix("///")
                stack.append(Block(line: number, condition: condition, current: condition, justified: comment || above))
                if namesAPlatform(condition) { seams.append(number) }
            } else if code.hasPrefix("#elseif ") {
                guard !stack.isEmpty else { continue }
                let condition = String(code.dropFirst(8)).trimmingCharacters(in: .whitespaces)
                stack[stack.count - 1].current = condition
                stack[stack.count - 1].branches += 1
                if namesAPlatform(condition), !namesAPlatform(stack[stack.count - 1].condition) { seams.append(stack[stack.count - 1].line) }
            } else if code == "#else" {
                guard !stack.isEmpty else { continue }
                stack[stack.count - 1].current = nil
                stack[stack.count - 1].branches += 1
            } else if code == "#endif" {
                guard let block = stack.popLast() else { continue }
                if namesAPlatform(block.condition), block.branches == 1, !block.justified {
                    findings.append(Finding(line: block.line, message: "`#if \(block.condition)` names a platform but has no other branch, and no comment on it or above it says why"))
                }
            } else if let module = importedModule(code), let terms = guards[module] {
                let guarded = stack.contains { block in
                    block.current.map { conjuncts(of: $0).contains(where: terms.contains) } ?? false
                }
                if !guarded {
                    findings.append(Finding(line: number, message: "`import \(module)` outside a branch whose condition holds only where \(module) exists (\(terms.map { "#if \($0)" }.joined(separator: " or ")))"))
                }
            }
        }
        return (seams.sorted(), findings.sorted { $0.line < $1.line })
    }

    /// The code of a trimmed line and whether a `//` comment follows it.
    private static func splitComment(_ line: String) -> (code: String, comment: Bool) {
        guard let range = line.range(of: "//") else { return (line, false) }
        return (String(line[..<range.lowerBound]).trimmingCharacters(in: .whitespaces), true)
    }

    /// The module an `import` declaration names (`@_spi(X) import struct Foo.Bar`: `Foo`).
    private static func importedModule(_ code: String) -> String? {
        var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].contains(kind) {
            words = words.dropFirst()
        }
        return words.first.map { String($0.split(separator: ".").first ?? $0) }
    }

    /// The `&&` terms of a condition without spaces; the whole condition when it has an `||`.
    private static func conjuncts(of condition: String) -> [String] {
        let text = condition.filter { !$0.isWhitespace }
        guard !text.contains("||") else { return [text] }
        return text.components(separatedBy: "&&").map { term in
            var term = Substring(term)
            while term.hasPrefix("("), term.hasSuffix(")") { term = term.dropFirst().dropLast() }
            return String(term)
        }
    }

    private static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}

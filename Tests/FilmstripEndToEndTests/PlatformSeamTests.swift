import FilmstripTestSupport
import Foundation
import Testing

/// The package builds on Linux and, on paper, on macOS. Every platform seam in
/// Sources and Tests has both branches or says why not, imports a module of one platform only
/// where it exists, and is listed in docs/PLATFORMS.md; the manifest makes CLibCrypto and CMalloc
/// dependencies on Linux only. Linux cannot build the Darwin branches, so this is what keeps them
/// from rotting silently.
@Suite struct PlatformSeamTests {
    static let root = CommandRunner.root

    /// Every Swift file under Sources and Tests, as a path from the repository root.
    static let swiftFiles: [String] = {
        var files: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder).path
            let names = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            files += names.filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }.map { "\(folder)/\($0)" }
        }
        return files.sorted()
    }()

    static func contents(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func source(_ lines: String...) -> String {
        lines.joined(separator: "\n")
    }

    @Test func everyPlatformSeamInSourcesAndTestsIsHonest() throws {
        var problems: [String] = []
        for file in Self.swiftFiles {
            problems += PlatformSeamScanner.findings(in: try Self.contents(file)).map { "\(file): \($0)" }
        }
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
        #expect(Self.swiftFiles.contains("Sources/FilmstripPNG/PixelDigest.swift"))
    }

    @Test func linuxOnlyLibrariesAreDependenciesOnLinuxOnly() throws {
        #expect(PlatformSeamScanner.manifestFindings(try Self.contents("Package.swift")) == [])
    }

    @Test func docsListEveryFileWithAPlatformSeam() throws {
        let docs = try Self.contents("docs/PLATFORMS.md")
        var seamFiles: [String] = []
        for file in Self.swiftFiles where !PlatformSeamScanner.seamLines(in: try Self.contents(file)).isEmpty {
            seamFiles.append(file)
        }
        let unlisted = seamFiles.filter { !docs.contains("`\(($0 as NSString).lastPathComponent)`") }
        #expect(unlisted == [], "add these files to docs/PLATFORMS.md: \(unlisted)")
        #expect(seamFiles.count == 38, "\(seamFiles)")
    }

    // The scanner itself, on files with unexplained platform seams and on their fixed forms.

    @Test func aGlibcOnlyImportWithoutAReasonIsFound() {
        // An InputFile.swift without its seam's reason.
        let old = Self.source("import Foundation", "#if canImport(Glibc)", "    import Glibc", "#endif", "", "enum InputFile {}")
        #expect(PlatformSeamScanner.findings(in: old) == [
            .init(line: 2, message: "`#if canImport(Glibc)` names a platform but has no other branch, and no comment on it or above it says why"),
        ])
        #expect(PlatformSeamScanner.seamLines(in: old) == [2])
        let fixed = Self.source("import Foundation", "#if canImport(Glibc)", "    import Glibc", "#elseif canImport(Darwin)", "    import Darwin", "#endif")
        #expect(PlatformSeamScanner.findings(in: fixed) == [])
    }

    @Test func libcryptoImportedEverywhereIsFound() {
        // A PixelDigest.swift without its seam's reason.
        let old = Self.source("import CLibCrypto", "import FilmstripRaster")
        #expect(PlatformSeamScanner.findings(in: old) == [
            .init(line: 1, message: "`import CLibCrypto` outside a branch whose condition holds only where CLibCrypto exists (#if os(Linux))"),
        ])
        #expect(PlatformSeamScanner.seamLines(in: old) == [])
        let fixed = Self.source("#if os(Linux)", "    import CLibCrypto", "#elseif canImport(CommonCrypto)", "    import CommonCrypto", "#else", "    #error(\"no SHA-256\")", "#endif")
        #expect(PlatformSeamScanner.findings(in: fixed) == [])
    }

    @Test func mallocTuningUnderGlibcAloneIsFoundTwice() {
        // A HeapPolicy.swift without its seam's reason: glibc is not Linux alone, and the block has one branch.
        let old = Self.source("#if canImport(Glibc)", "    import CMalloc", "#endif")
        #expect(PlatformSeamScanner.findings(in: old) == [
            .init(line: 1, message: "`#if canImport(Glibc)` names a platform but has no other branch, and no comment on it or above it says why"),
            .init(line: 2, message: "`import CMalloc` outside a branch whose condition holds only where CMalloc exists (#if os(Linux))"),
        ])
        let fixed = Self.source("#if os(Linux) && canImport(Glibc)  // no other branch: mallopt is glibc's", "    import CMalloc", "#endif")
        #expect(PlatformSeamScanner.findings(in: fixed) == [])
    }

    @Test func aReasonOnTheLineAboveCountsAndADocCommentDoesNot() {
        let above = Self.source("// Darwin: URLSession is in Foundation.", "#if canImport(FoundationNetworking)", "    import FoundationNetworking", "#endif")
        #expect(PlatformSeamScanner.findings(in: above) == [])
        let doc = Self.source("/// A type.", "#if canImport(FoundationNetworking)", "    import FoundationNetworking", "#endif")
        #expect(PlatformSeamScanner.findings(in: doc).map(\.line) == [2])
    }

    @Test func theElseBranchAndADisjunctionDoNotGuardAnImport() {
        let inElse = Self.source("#if canImport(Darwin)", "    import Darwin", "#else", "    import Glibc", "#endif")
        #expect(PlatformSeamScanner.findings(in: inElse) == [
            .init(line: 4, message: "`import Glibc` outside a branch whose condition holds only where Glibc exists (#if canImport(Glibc) or #if os(Linux))"),
        ])
        let either = Self.source("#if os(Linux) || os(Android)  // both have malloc.h", "    import CMalloc", "#endif")
        #expect(PlatformSeamScanner.findings(in: either).map(\.line) == [2])
        let nested = Self.source("#if os(Linux)", "    #if DEBUG", "        import CMalloc", "    #endif", "#else", "#endif")
        #expect(PlatformSeamScanner.findings(in: nested) == [])
    }

    @Test func directivesInAMultiLineStringAreNotCode() {
        let text = Self.source("let fixture = \"\"\"", "#if canImport(Glibc)", "import CLibCrypto", "#endif", "\"\"\"", "#if DEBUG", "#endif")
        #expect(PlatformSeamScanner.findings(in: text) == [])
        #expect(PlatformSeamScanner.seamLines(in: text) == [])
    }

    @Test func anUnconditionedDependencyInTheManifestIsFound() {
        // A Package.swift with an unconditional Linux-only dependency.
        let old = """
            .systemLibrary(
                name: "CLibCrypto",
                pkgConfig: "libcrypto"
            ),
            .systemLibrary(name: "CMalloc"),
            .target(name: "FilmstripPNG", dependencies: ["CPNGShim", "CZlib", "CLibCrypto", "FilmstripRaster"]),
            .target(name: "FilmstripCLI", dependencies: ["FilmstripCore", "CMalloc"]),
            """
        #expect(PlatformSeamScanner.manifestFindings(old) == [
            "CLibCrypto: 1 dependency(ies) not conditioned to Linux (.target(name: \"CLibCrypto\", condition: .when(platforms: [.linux])))",
            "CMalloc: 1 dependency(ies) not conditioned to Linux (.target(name: \"CMalloc\", condition: .when(platforms: [.linux])))",
        ])
        let fixed = old
            .replacingOccurrences(of: "\"CZlib\", \"CLibCrypto\"", with: "\"CZlib\", .target(name: \"CLibCrypto\", condition: .when(platforms: [.linux]))")
            .replacingOccurrences(of: "\"FilmstripCore\", \"CMalloc\"", with: "\"FilmstripCore\", .target(name: \"CMalloc\", condition: .when(platforms: [.linux]))")
        #expect(PlatformSeamScanner.manifestFindings(fixed) == [])
    }
}

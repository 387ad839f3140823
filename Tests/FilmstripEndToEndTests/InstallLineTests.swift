import FilmstripTestSupport
import Foundation
import Testing

/// On a fresh Debian 12 machine the README's one set-up line is enough for `swift test`: it
/// reads the package lists first (a fresh container has none), then installs; it runs through
/// `sudo` where `sudo` is installed, and as it is in a root shell without it (a fresh container).
/// The packages are listed once, in `.ci/packages.txt`: the README's `apt-get install` line names
/// exactly that list, `.ci/run` installs from it, and every tool a test looks up is in it.
@Suite struct InstallLineTests {
    /// `.ci/packages.txt`'s packages in order (comments after `#` and blank lines dropped).
    static func listed() throws -> [String] {
        let text = try String(contentsOf: CommandRunner.root.appendingPathComponent(".ci/packages.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let package = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            return package.isEmpty ? nil : package
        }
    }

    /// Every line of `file` (relative to the repository) holding `apt-get install`.
    static func installLines(_ file: String) throws -> [String] {
        let text = try String(contentsOf: CommandRunner.root.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { $0.contains("apt-get install") }
    }

    @Test func theReadmesAptGetLineNamesExactlyThePackagesFile() throws {
        let lines = try Self.installLines("README.md")
        #expect(lines.count == 1, "\(lines)")
        let line = try #require(lines.first)
        let command = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let words = command.split(separator: " ").map(String.init)
        let start = try #require(words.firstIndex(of: "-y"), "\(line)")
        // Empty package lists (a fresh container) make a bare `apt-get install` fail: update first.
        #expect(words[..<start] == ["sudo=$(command", "-v", "sudo);", "$sudo", "apt-get", "update", "&&", "$sudo", "apt-get", "install"], "\(line)")
        #expect(Array(words[(start + 1)...]) == (try Self.listed()), "README.md's set-up line and .ci/packages.txt differ")
    }

    @Test func theReadmeSaysTheSetUpLineRunsAsRootAndThroughSudo() throws {
        let readme = try String(contentsOf: CommandRunner.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("The Debian line runs through `sudo` where it is installed and as it is in a root shell without\nit (a fresh `debian:12` container)."))
    }

    @Test func ciInstallsWhatThePackagesFileListsAndNamesNoPackageItself() throws {
        let script = try String(contentsOf: CommandRunner.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(script.contains("sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' .ci/packages.txt"))
        #expect(try Self.installLines(".ci/run") == [#"  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}""#])
    }

    @Test func everyToolATestLooksUpAndEverySystemLibraryIsInThePackagesFile() throws {
        let listed = try Self.listed()
        #expect(listed.count == Set(listed).count, "a package twice: \(listed)")
        let tools = [ExternalTool.xmllint, .chromium, .python3, .pillow].map(\.package)
        #expect(tools.filter { !listed.contains($0) } == [])
        // Package.swift's system libraries name their Debian packages as `.apt([...])` providers.
        let manifest = try String(contentsOf: CommandRunner.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let providers = manifest.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.range(of: ".apt([\""), let close = line[open.upperBound...].range(of: "\"])") else { return nil }
            return String(line[open.upperBound..<close.lowerBound])
        }
        #expect(providers == ["libpng-dev", "zlib1g-dev", "libdeflate-dev", "libssl-dev"])
        #expect(providers.filter { !listed.contains($0) } == [])
    }
}

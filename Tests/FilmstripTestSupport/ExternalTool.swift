import Foundation
import Testing

/// A program a few tests run that Swift does not provide (xmllint, headless Chromium, Python,
/// Pillow), looked up on `PATH` once, with the Debian package that installs it (a package of
/// `.ci/packages.txt`, which the README's set-up line names).
///
/// Outside CI a test that needs a missing tool is skipped, and the skip names the package:
/// `@Test(ExternalTool.xmllint.required)`. In CI (`CI=true`, which `.ci/run` exports) the test runs
/// anyway and ``path()`` fails it with the same words, so a CI machine without the tool cannot
/// pass by skipping.
package struct ExternalTool: Sendable {
    /// What the tool is called in messages: `xmllint`, `headless Chromium`.
    package let name: String
    /// The Debian package that installs it: `libxml2-utils`.
    package let package: String
    /// The executable found, or nil when the tool is missing.
    package let executable: String?
    /// Another way to install it, said after the package: `python3 -m pip install pillow`.
    package var otherwise: String? = nil

    /// `xmllint` (libxml2-utils), which validates JUnit reports against the committed schema.
    package static let xmllint = ExternalTool(name: "xmllint", package: "libxml2-utils", executable: onPath("xmllint"))

    /// Headless Chromium (chromium): the first of `chromium`, `chromium-browser` and
    /// `google-chrome` on `PATH`.
    package static let chromium = ExternalTool(
        name: "headless Chromium", package: "chromium",
        executable: ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(onPath).first)

    /// poppler's `pdftoppm` (poppler-utils), which renders a printed page to pixels.
    package static let pdftoppm = ExternalTool(name: "pdftoppm", package: "poppler-utils", executable: onPath("pdftoppm"))

    /// `python3` (python3), which runs the scripted HTTP server and the fixtures' scripts.
    package static let python3 = ExternalTool(name: "python3", package: "python3", executable: onPath("python3"))

    /// `openssl` (openssl), which makes the scripted HTTP server's self-signed certificate.
    package static let openssl = ExternalTool(name: "openssl", package: "openssl", executable: onPath("openssl"))

    /// The `python3` on `PATH`, when it can import Pillow (python3-pil; for a Python that is not
    /// Debian's, `pip install pillow`).
    package static let pillow = ExternalTool(
        name: "Pillow for python3", package: "python3-pil",
        executable: python3.executable.flatMap { runs($0, ["-c", "import PIL"]) ? $0 : nil },
        otherwise: "python3 -m pip install pillow, for a python3 that is not Debian's")

    /// The `python3` on `PATH`, when it can import cmarkgfm (GitHub's cmark-gfm; from PyPI, as
    /// `.ci/run` installs it).
    package static let cmarkgfm = ExternalTool(
        name: "cmarkgfm for python3", package: "python3",
        executable: python3.executable.flatMap { runs($0, ["-c", "import cmarkgfm"]) ? $0 : nil },
        otherwise: "python3 -m pip install cmarkgfm")

    /// Whether the tests run in CI (`CI=true`), where a missing tool fails instead of skipping.
    package static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The trait of a test that needs the tool: enabled when the tool is there or in CI; else
    /// the skip says `skipped: xmllint is not installed (apt-get install -y libxml2-utils)`.
    package var required: ConditionTrait {
        .enabled(if: executable != nil || Self.inCI, Comment(rawValue: "skipped: \(missing)"))
    }

    /// The tool's executable; in a test that ``required`` let run without it (in CI), an error
    /// naming the package: `xmllint is not installed (apt-get install -y libxml2-utils); CI needs it`.
    package func path() throws -> String {
        guard let executable else { throw Missing(description: "\(missing); CI needs it") }
        return executable
    }

    /// The error ``path()`` throws for a missing tool.
    package struct Missing: Error, CustomStringConvertible {
        /// The tool and the package to install.
        package let description: String
    }

    private var missing: String {
        "\(name) is not installed (apt-get install -y \(package)\(otherwise.map { "; or \($0)" } ?? ""))"
    }

    /// The first executable file named `name` in a folder of `PATH`.
    static func onPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `executable arguments` exits 0 (its output discarded).
    static func runs(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

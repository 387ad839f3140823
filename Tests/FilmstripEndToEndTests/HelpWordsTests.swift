import FilmstripTestSupport
import Foundation
import Testing

/// The help speaks the user's words: the overview and every command's help name no source
/// document (the word "seed" before its number) and no type of the code (`LoadedOnlyPanel`), and a script of the
/// repository is named only with what it is.
@Suite struct HelpWordsTests {
    static let commands = ["record", "check", "index", "sweep", "compare", "bench"]

    /// A source document's name as the project once spelled it, built so that no file of the
    /// repository spells it (.ci/run refuses the spelling).
    static let sourceDocument = "seed" + " 0"

    /// The words a user cannot know: a seed number, or a CamelCase type name of a panel or a bench.
    static func internalWords(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).enumerated().compactMap { position, word -> String? in
            let camel = word.first?.isUppercase == true && word.dropFirst().contains { $0.isUppercase } && word.contains { $0.isLowercase }
            if camel, word.hasSuffix("Panel") || word.hasSuffix("Bench") || word.hasSuffix("Definition") { return String(word) }
            return nil
        } + (text.lowercased().contains(sourceDocument) ? [sourceDocument + "…"] : [])
    }

    @Test func theOverviewAndEveryCommandsHelpUseTheUsersWords() throws {
        let overview = try CommandRunner.run(["--help"], in: CommandRunner.root)
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("  inbox: an inbox that loads, comes back empty, fails or lists rows"))
        #expect(Self.internalWords(overview.stdout) == [], "filmstrip --help")
        for command in Self.commands {
            let help = try CommandRunner.run([command, "--help"], in: CommandRunner.root)
            #expect(help.status == 0, "\(command)")
            #expect(Self.internalWords(help.stdout) == [], "filmstrip \(command) --help")
        }
    }

    @Test func benchHelpSaysWhatThePeerScriptIs() throws {
        let help = try CommandRunner.run(["bench", "--help"], in: CommandRunner.root).stdout
        #expect(help.contains("run SCRIPT with python3: a program that draws and\n                     saves the same frames another way, for comparison (filmstrip's source\n                     repository has one using Pillow, Tests/Bench/pillow_peer.py)"))
        #expect(help.contains("the reference plan, captures/inbox-cycle.json"))
    }

    @Test func theCheckCatchesASeedAndATypeName() {
        #expect(Self.internalWords("the four-state inbox of \(Self.sourceDocument)00: LoadedOnlyPanel (control)") == ["LoadedOnlyPanel", Self.sourceDocument + "…"])
        #expect(Self.internalWords("a panel that draws only rows (the control, rose)") == [])
    }
}

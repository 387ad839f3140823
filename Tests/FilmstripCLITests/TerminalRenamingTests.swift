@testable import FilmstripCLI
@testable import FilmstripOutputs
import Testing

/// A tool built with `FilmstripCLI.main(benches:)` under another name gives that name in every
/// command line it prints, wherever the line shows one, and leaves other words alone.
@Suite struct TerminalRenamingTests {
    let terminal = Terminal(toolName: "profile-filmstrip")

    @Test func everyCommandLineAnywhereInALineGetsTheToolsName() {
        #expect(terminal.renamed("  recorded outputs: none in captures/a/; record them with: filmstrip record a.json --out x (or pass --allow-unrecorded)")
            == "  recorded outputs: none in captures/a/; record them with: profile-filmstrip record a.json --out x (or pass --allow-unrecorded)")
        #expect(terminal.renamed("index: not written for shard 1/2; once every shard has run: filmstrip index captures")
            == "index: not written for shard 1/2; once every shard has run: profile-filmstrip index captures")
        #expect(terminal.renamed("note: a debug build; measure with 'swift build -c release' and .build/release/filmstrip bench")
            == "note: a debug build; measure with 'swift build -c release' and .build/release/profile-filmstrip bench")
        #expect(terminal.renamed("filmstrip: a.json: unknown bench") == "profile-filmstrip: a.json: unknown bench")
        #expect(terminal.renamed("  filmstrip check [PLAN…]") == "  profile-filmstrip check [PLAN…]")
        #expect(terminal.renamed("run 'filmstrip compare A B' and 'filmstrip sweep S'") == "run 'profile-filmstrip compare A B' and 'profile-filmstrip sweep S'")
    }

    @Test func otherWordsStayAsTheyAre() {
        #expect(terminal.renamed("my-filmstrip record a.json") == "my-filmstrip record a.json")
        #expect(terminal.renamed("the filmstrip shows 24 frames") == "the filmstrip shows 24 frames")
        #expect(terminal.renamed("a filmstrip recorder") == "a filmstrip recorder")
        #expect(terminal.renamed("filmstrip.png and filmstrip record2") == "filmstrip.png and filmstrip record2")
        #expect(Terminal().renamed("re-record with: filmstrip record a.json") == "re-record with: filmstrip record a.json")
    }
}

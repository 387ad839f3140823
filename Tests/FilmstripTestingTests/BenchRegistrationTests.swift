import Filmstrip
import FilmstripCLI
import FilmstripSeedBenches
import FilmstripTesting
import Foundation
import Testing

/// Two benches with one name were accepted (help listed both, the first won): a registration
/// problem now stops the command line and assertFilmstrip alike, naming both parties.
@Suite struct BenchRegistrationTests {
    @Test func twoBenchesWithOneNameAreNamedWithTheirPositions() {
        #expect(BenchRegistration.problems([.inbox, .scenes, .inbox]) == [
            "bench 'inbox' is registered twice: the 1st and the 3rd bench given; give each bench its own name",
        ])
        #expect(BenchRegistration.problems([.inbox, .scenes, .orders, .liveInbox]) == [])
    }

    @Test func ordinalsReadAsWords() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(BenchRegistration.ordinal) == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"])
    }

    @Test func theCommandLineExitsTwoBeforeAnyCommand() {
        #expect(FilmstripCLI.run(arguments: ["check", "--no-compare"], benches: [.inbox, .inbox]) == 2)
        #expect(FilmstripCLI.run(arguments: ["--version"], benches: [.inbox, .inbox]) == 2)
    }

    @Test func verifyFilmstripSaysSoBeforeReadingThePlan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("registration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = folder.appendingPathComponent("p.json")
        try Data("{}".utf8).write(to: plan)
        #expect(verifyFilmstrip(planFile: plan, benches: [.scenes, .orders, .scenes], record: .never)
            == "benches: bench 'scenes' is registered twice: the 1st and the 3rd bench given; give each bench its own name")
    }
}

@testable import FilmstripOutputs
import Testing

/// `--shard i/n`: what is accepted, at its bounds, and the round-robin share by name.
@Suite struct ShardTests {
    @Test func boundsAreOneToNAndNUpToAThousand() throws {
        #expect(try Shard("1/1", command: "check").description == "1/1")
        #expect(try Shard("1000/1000", command: "check").description == "1000/1000")
        for bad in ["0/1", "2/1", "1/1001", "1/0", "+1/2", "1/2/3", "1", "/", "1/", " 1/2", "１/2"] {
            #expect(throws: FilmstripError.self, "\(bad)") { try Shard(bad, command: "check") }
        }
    }

    @Test func plansSortedByNameAreDealtRoundRobinAndKeepTheirOrder() throws {
        let names = ["e", "a", "d", "b", "c", "f", "g"]
        let shares = try (1...3).map { try Shard("\($0)/3", command: "check").select(names) { $0 } }
        // Sorted: a b c d e f g; positions 0, 3, 6 go to shard 1, 1 and 4 to shard 2, 2 and 5 to shard 3.
        #expect(shares == [["a", "d", "g"], ["e", "b"], ["c", "f"]])
    }
}

/// A plan file as outputs name it: relative to the output root's parent.
@Suite struct PlanFilePathTests {
    @Test func pathsAreRelativeToTheFolderHoldingTheRoot() {
        #expect(PlanFilePath.relative(file: "captures/a.json", root: "captures") == "captures/a.json")
        #expect(PlanFilePath.relative(file: "./captures/live/a.json", root: "captures") == "captures/live/a.json")
        #expect(PlanFilePath.relative(file: "Tests/F/seed.json", root: "./captures/") == "Tests/F/seed.json")
        #expect(PlanFilePath.relative(file: "/w/plans/a.json", root: "/w/out/x") == "../plans/a.json")
        #expect(PlanFilePath.relative(file: "/w/x/../out/a.json", root: "/w/out") == "out/a.json")
        #expect(PlanFilePath.resolve("../plans/a.json", root: "/w/out/x") == "/w/out/../plans/a.json")
    }
}

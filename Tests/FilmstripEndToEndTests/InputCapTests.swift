import FilmstripTestSupport
import Foundation
import Testing

/// End to end: a plan file or a font above its cap is refused from its size,
/// before a byte is read, with the limit in words; a value quoted in a message is cut at 200
/// characters.
@Suite struct InputCapTests {
    /// A sparse file of `size` bytes (no disk is used).
    static func sparse(_ url: URL, size: Int64) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    @Test func aTwoGigabytePlanIsRefusedInUnderASecondNamingTheLimit() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        try Self.sparse(workspace.appendingPathComponent("captures/huge.json"), size: 2_147_483_648)
        let started = Date()
        let result = try CommandRunner.run(["check"], in: workspace)
        #expect(Date().timeIntervalSince(started) < 1.0)
        #expect(result.status == 2)
        #expect(result.stderr == "error: captures/huge.json: cannot read: 2,147,483,648 bytes, larger than 4 MiB (4,194,304 bytes), the most filmstrip reads as a capture plan; nothing of it was read\n", "\(result.stderr)")
    }

    @Test func aFontAboveSixteenMebibytesIsRefusedBeforeItIsRead() throws {
        let workspace = try CommandRunner.workspace(plans: [CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")])
        try Self.sparse(workspace.appendingPathComponent("big.bdf"), size: 16_777_217)
        let result = try CommandRunner.run(["check", "--no-compare", "--font", "big.bdf"], in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr == "error: big.bdf: cannot read: 16,777,217 bytes, larger than 16 MiB (16,777,216 bytes), the most filmstrip reads as a BDF font; nothing of it was read\n", "\(result.stderr)")
    }

    @Test func aMegabyteKeyIsQuotedInTwoHundredCharacters() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let key = String(repeating: "k", count: 1_000_000)
        let plan = #"{"bench": "inbox", "windowMs": 1000, "frameIntervalMs": 250, "expect": {"minFrames": {"\#(key)": 1}}}"#
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/long.json"))
        let result = try CommandRunner.run(["check", "--no-compare", "--json", "--junit", "junit.xml"], in: workspace)
        #expect(result.status == 2)
        let cut = String(repeating: "k", count: 200) + "…(1,000,000 characters)"
        #expect(result.stderr.contains(cut), "\(result.stderr.prefix(600))")
        #expect(result.stderr.count < 1_000, "\(result.stderr.count) characters")
        let junit = try Data(contentsOf: workspace.appendingPathComponent("junit.xml"))
        #expect(junit.count < 4_000, "\(junit.count) bytes")
    }
}

import FilmstripTestSupport
import Foundation
import Testing

/// Plan files that would make filmstrip write where it reads, or read text that is not text: a
/// plan whose output folder would take a plan file's path (`x.json.json` writes `x.json/`) is
/// exit 2 naming both before anything is written; a plan is valid UTF-8 before and after its
/// `${FILMSTRIP_…}` variables are replaced, and a variable whose value is not is exit 2.
@Suite struct PlanFileHazardTests {
    static let plan = CommandRunner.root.appendingPathComponent("captures/inbox-pinned-loaded.json")

    @Test func aPlanWhoseFolderWouldTakeAPlanFilesNameIsRefusedBeforeAnyWrite() throws {
        let workspace = try CommandRunner.workspace(plans: [Self.plan])
        let captures = workspace.appendingPathComponent("captures")
        try FileManager.default.moveItem(at: captures.appendingPathComponent("inbox-pinned-loaded.json"), to: captures.appendingPathComponent("x.json"))
        try FileManager.default.copyItem(at: captures.appendingPathComponent("x.json"), to: captures.appendingPathComponent("x.json.json"))
        let before = CommandRunner.snapshot(workspace)
        for command in ["record", "check"] {
            let result = try CommandRunner.run([command], in: workspace)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains("error: captures/x.json.json: $: its plan name 'x.json' ends in .json, so its output folder x.json/ would take the name of the plan file captures/x.json; rename captures/x.json.json"),
                "\(command): \(result.stderr)")
            #expect(CommandRunner.snapshot(workspace) == before, "\(command) wrote something")
            #expect(try FileManager.default.contentsOfDirectory(atPath: captures.path).sorted() == ["x.json", "x.json.json"], "\(command) made a folder")
        }
        // Alone, such a plan is refused too: its folder would be read as a plan by every later run.
        try FileManager.default.removeItem(at: captures.appendingPathComponent("x.json"))
        let alone = try CommandRunner.run(["record"], in: workspace)
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("error: captures/x.json.json: $: its plan name 'x.json' ends in .json, so its output folder x.json/ would be read as a capture plan by every later record and check; rename captures/x.json.json"), "\(alone.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: captures.path) == ["x.json.json"])
    }

    /// A plan holding a `${FILMSTRIP_…}` variable and the byte 0xFF (not UTF-8) on line 3.
    static let invalidPlan: Data = {
        var bytes = Array("{\n  \"bench\": \"inbox\",\n  \"summary\": \"".utf8)
        bytes += [0xFF]
        bytes += Array("\",\n  \"script\": [{\"reply\": \"loaded\", \"latencyMs\": 790}],\n  \"windowMs\": ${FILMSTRIP_WINDOW},\n  \"frameIntervalMs\": 250\n}\n".utf8)
        return Data(bytes)
    }()

    @Test func invalidUTF8InAPlanWithAVariableIsRefused() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        try Self.invalidPlan.write(to: workspace.appendingPathComponent("captures/odd.json"))
        let result = try CommandRunner.run(["check", "--no-compare"], in: workspace, environment: ["FILMSTRIP_WINDOW": "1000"])
        #expect(result.status == 2)
        // The same words as for the plan without a variable: the bytes the reader sees are the file's.
        #expect(result.stderr == "error: captures/odd.json: $: not valid JSON at line 3, column 15: expected a string of UTF-8 text, found byte 0xFF (not UTF-8)\n", "\(result.stderr)")
    }

    @Test func aVariableWhoseValueIsNotUTF8IsRefused() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = "{\n  \"bench\": \"inbox\",\n  \"summary\": \"${FILMSTRIP_TITLE}\",\n  \"script\": [{\"reply\": \"loaded\", \"latencyMs\": 790}],\n  \"windowMs\": 1000,\n  \"frameIntervalMs\": 250\n}\n"
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/odd.json"))
        // The environment a shell gives: the value's bytes as they are (0xFF is not UTF-8).
        let result = try CommandRunner.run(
            ["-c", "FILMSTRIP_TITLE=\"$(printf 'a\\377b')\" exec \"$0\" check --no-compare", CommandRunner.binary.path], in: workspace,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 2)
        #expect(result.stderr == "error: captures/odd.json: line 3: ${FILMSTRIP_TITLE}: its value is not UTF-8 text (byte 0xFF at byte 2); a capture plan is UTF-8 text\n", "\(result.stderr)")
    }
}

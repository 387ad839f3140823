import FilmstripTestSupport
import Foundation
import Testing

/// The CI workflows docs/CI.md gives to copy (`docs/ci/github-workflow.yml`,
/// `docs/ci/gitlab-ci.yml`) parse, and their shell steps run here as their service would run them
/// (`Tests/Workflows/run_workflow.py`, with PyYAML): three `check` shards on a clone of this
/// repository, the merge, and the proof that the merged shards equal one unsharded `record` byte
/// for byte, which fails when one shard's folder was altered on its way.
///
/// Without PyYAML (`python3 -m pip install pyyaml`) the tests are skipped; in CI (`CI=true`) they
/// fail instead (`.ci/run` installs it).
@Suite(.serialized) struct CIWorkflowTests {
    static let runner = CommandRunner.root.appendingPathComponent("Tests/Workflows/run_workflow.py").path
    static let pyyaml: Bool = ExternalTool.python3.executable.map { python in
        (try? Self.python(python, ["-c", "import yaml"]).status) == 0
    } ?? false
    static let available = pyyaml || ExternalTool.inCI
    /// A few plans of every bench, so the three shards hold two, two and one.
    static let plans = ["inbox-pinned-empty", "orders-first-load", "scenes-fast-load", "scenes-slow-load", "scenes-just-after-delay"]

    static func python(_ python: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let group = DispatchGroup()
        let handle = err.fileHandleForReading
        DispatchQueue.global().async(group: group) { box.data = handle.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: box.data, as: UTF8.self))
    }

    /// One step or script as the runner reports it.
    struct Step: Decodable {
        var name: String
        var status: Int32
        var output: String
    }

    /// One job instance as the runner reports it.
    struct Job: Decodable {
        var job: String
        var instance: Int?
        var altered: String?
        var status: Int32
        var steps: [Step]
    }

    /// The runner's document.
    struct Run: Decodable {
        var jobs: [Job]
        var apt: [[String]]
        var artefacts: [String: [String]]
    }

    /// Runs `workflow` (`github` or `gitlab`) on a clone with ``plans``, the merge a second time
    /// with shard 2's folder altered.
    static func run(_ kind: String, _ workflow: String) throws -> Run {
        let work = CommandRunner.scratch.appendingPathComponent("workflow-\(kind)-\(UUID().uuidString)")
        let result = try python(try ExternalTool.python3.path(), [
            runner, kind, CommandRunner.root.appendingPathComponent(workflow).path, "--repo", CommandRunner.root.path,
            "--filmstrip", CommandRunner.binary.path, "--work", work.path, "--plans", plans.joined(separator: ","), "--alter-shard", "2",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Run.self, from: Data(result.stdout.utf8))
    }

    /// The packages the workflows install: the ones the build needs (Package.swift's system
    /// libraries and pkg-config), first in `.ci/packages.txt`.
    static func buildPackages() throws -> [String] {
        Array(try InstallLineTests.listed().prefix(5))
    }

    /// The plan folders and files a shard's artefact holds under `fresh/`: the plans.
    static func plansIn(_ files: [String]) -> Set<String> {
        Set(files.filter { $0.hasPrefix("fresh/") }.map { String($0.split(separator: "/")[1]) })
    }

    @Test(.enabled(if: available, "skipped: needs PyYAML (python3 -m pip install pyyaml); CI fails without it"))
    func theGitHubWorkflowShardsMergesAndProvesOnAClone() throws {
        let run = try Self.run("github", "docs/ci/github-workflow.yml")
        #expect(run.jobs.map { "\($0.job) \($0.instance.map(String.init) ?? "-") \($0.status)" } == ["check 1 0", "check 2 0", "check 3 0", "merge - 0", "merge - 1"])
        #expect(try Self.buildPackages() == ["pkg-config", "libpng-dev", "zlib1g-dev", "libdeflate-dev", "libssl-dev"])
        #expect(run.apt == Array(repeating: [["update", "-qq"], ["install", "-y"] + (try Self.buildPackages())], count: 5).flatMap { $0 })
        let check = try #require(run.jobs.first)
        #expect(check.steps.map(\.name) == [
            "actions/checkout@v4", "Install the system libraries", "actions/cache@v4", "Build", "Record this shard afresh",
            "Check this shard against the committed outputs", "actions/upload-artifact@v4",
        ])
        // The shards deal the plans round-robin by name: together each plan once.
        let shares = (1...3).map { Self.plansIn(run.artefacts["filmstrip-shard-\($0)"] ?? []) }
        #expect(shares == [["inbox-pinned-empty", "scenes-just-after-delay"], ["orders-first-load", "scenes-slow-load"], ["scenes-fast-load"]])
        for shard in 1...3 {
            let files = run.artefacts["filmstrip-shard-\(shard)"] ?? []
            #expect(files.contains("junit-\(shard).xml") && files.contains("check-\(shard).json"), "\(files.filter { !$0.hasPrefix("fresh/") })")
        }
        let merge = run.jobs[3]
        #expect(merge.steps.map(\.name) == [
            "actions/checkout@v4", "Install the system libraries", "actions/cache@v4", "Build", "actions/download-artifact@v4",
            "Write the index across plans", "Prove the merged shards equal one unsharded record", "actions/upload-artifact@v4",
        ])
        #expect(merge.steps[5].output == "wrote fresh/index.html: 5 plan(s)\n")
        #expect(merge.steps[6].output.hasSuffix("fresh/ (3 shards merged) equals one unsharded record byte for byte\n"), "\(merge.steps[6].output)")
        #expect(Self.plansIn(run.artefacts["filmstrip-outputs"] ?? []) == Set(Self.plans + ["index.html"]), "the merged plans and their index")
        // Shard 2's first report.json gained a byte on its way: the proof fails, naming it.
        let altered = run.jobs[4]
        #expect(altered.altered == "filmstrip-shard-2")
        #expect(altered.steps.map(\.status) == [0, 0, 0, 0, 0, 0, 1, 0], "\(altered.steps.map(\.output))")
        #expect(altered.steps[6].output.contains("whole/orders-first-load/report.json fresh/orders-first-load/report.json"), "\(altered.steps[6].output)")
    }

    @Test(.enabled(if: available, "skipped: needs PyYAML (python3 -m pip install pyyaml); CI fails without it"))
    func theGitLabPipelineShardsMergesAndProvesOnAClone() throws {
        let run = try Self.run("gitlab", "docs/ci/gitlab-ci.yml")
        #expect(run.jobs.map { "\($0.job) \($0.instance.map(String.init) ?? "-") \($0.status)" } == ["check 1 0", "check 2 0", "check 3 0", "merge - 0", "merge - 1"])
        #expect(run.apt == Array(repeating: [["update", "-qq"], ["install", "-y"] + (try Self.buildPackages())], count: 5).flatMap { $0 })
        let shares = (1...3).map { Self.plansIn(run.artefacts["check-\($0)"] ?? []) }
        #expect(shares == [["inbox-pinned-empty", "scenes-just-after-delay"], ["orders-first-load", "scenes-slow-load"], ["scenes-fast-load"]])
        for shard in 1...3 {
            let files = run.artefacts["check-\(shard)"] ?? []
            #expect(files.contains("junit-\(shard).xml") && files.contains("check-\(shard).json"), "\(files.filter { !$0.hasPrefix("fresh/") })")
        }
        let merge = run.jobs[3].steps[0].output
        #expect(merge.contains("wrote fresh/index.html: 5 plan(s)\n"), "\(merge)")
        #expect(merge.hasSuffix("fresh/ (3 shards merged) equals one unsharded record byte for byte\n"), "\(merge)")
        #expect(Self.plansIn(run.artefacts["merge"] ?? []) == Set(Self.plans + ["index.html"]), "the merged plans and their index")
        let altered = run.jobs[4]
        #expect(altered.altered == "check-2")
        #expect(altered.steps[0].output.contains("whole/orders-first-load/report.json fresh/orders-first-load/report.json"), "\(altered.steps[0].output)")
    }

    /// What the documentation shows is the files the tests run, whole.
    @Test func docsCIQuotesBothWorkflowFilesWhole() throws {
        let guide = try String(contentsOf: CommandRunner.root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        for file in ["docs/ci/github-workflow.yml", "docs/ci/gitlab-ci.yml"] {
            let text = try String(contentsOf: CommandRunner.root.appendingPathComponent(file), encoding: .utf8)
            #expect(guide.contains("```yaml\n" + text + "```\n"), "docs/CI.md does not quote \(file) as it is")
        }
    }
}

import FilmstripReports
import Foundation

/// What one `filmstrip check` found, plan by plan: printed as one JSON document with `--json`
/// and turned into a JUnit report with `--junit FILE` (``junit``).
///
/// ```json
/// { "exitCode" : 1, "index" : "notCompared", "passed" : false, "plans" : [ { "plan" : "seed-failing", "passed" : false,
///   "reasons" : [ "…" ], "recordedOutputs" : { "state" : "unrecorded", … }, … } ], "shard" : null, "strayFolders" : [ ] }
/// ```
///
/// Keys are sorted; there are no times or dates.
struct CheckResults: Encodable {
    /// One plan's outcome.
    struct Plan: Encodable {
        /// The plan's name.
        var plan: String
        /// The plan file as given (or found in `captures/`).
        var file: String
        /// The bench's name.
        var bench: String
        /// `virtual` or `real`.
        var clock: String
        /// Every check of the run passed (coverage, dominance, flashes, held-back time, rules).
        var checksPassed: Bool
        /// The plan passed: its checks and its recorded outputs.
        var passed: Bool
        /// The verdict line as printed: `passed`, or `failed: …`.
        var verdict: String
        /// The failed checks' sentences, in ``Failure`` form.
        var failedChecks: [Failure]
        /// The failed checks' sentences (``RunReport/reasons``).
        var reasons: [String]
        /// The comparison with the recorded outputs.
        var recordedOutputs: RecordedOutputs
        /// The plan's terminal lines (dwell table and all), for JUnit's system-out.
        var lines: [String]

        enum CodingKeys: String, CodingKey {
            case plan, file, bench, clock, checksPassed, passed, verdict, failedChecks, reasons, recordedOutputs
        }
    }

    /// A failed check: its name (`coverage.empty`) and sentence.
    struct Failure: Encodable {
        var check: String
        var message: String
    }

    /// The comparison of one plan's recorded outputs with a fresh run.
    struct RecordedOutputs: Encodable {
        /// `matched`, `mismatched`, `unrecorded` (no folder: a failure unless
        /// `--allow-unrecorded`), `allowedUnrecorded`, `unusable` (a folder without a report of
        /// the plan), `notCompared` (`--no-compare`, or no real-clock recording on the real clock).
        var state: String
        /// The sentence printed after `recorded outputs: `.
        var summary: String
        /// How many recorded files were compared (those the recorded report lists).
        var files: Int?
        /// One sentence per difference.
        var mismatches: [String]
        /// The command that records the plan again with the same options; nil when nothing failed.
        var rerecord: String?

        /// Whether this state passes the gate.
        var passed: Bool { ["matched", "allowedUnrecorded", "notCompared"].contains(state) }
    }

    /// Every plan checked, in the order run.
    var plans: [Plan] = []
    /// Plan folders with no plan behind it: one sentence each (``IndexRows/Stray``).
    var strayFolders: [String] = []
    /// The index across plans: `matched`, `differs`, or `notCompared` (a shard, chosen plans,
    /// `--no-compare`, or no index recorded).
    var index = "notCompared"
    /// `i/n` when `--shard` was given.
    var shard: String?
    /// The error that stopped `check` before it judged its plans (a bad plan, font or output
    /// folder: exit 2), as printed; nil when it ran to the end.
    var badInput: String?
    /// Every plan passed, no stray folder, the index (when compared) matched, and no bad input.
    var passed: Bool { badInput == nil && plans.allSatisfy(\.passed) && strayFolders.isEmpty && index != "differs" }
    /// The exit code `check` returns: 0, 1, or 2 for bad input.
    var exitCode: Int32 {
        if badInput != nil { return ExitCode.badInput.rawValue }
        return passed ? ExitCode.passed.rawValue : ExitCode.checkFailed.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case plans, strayFolders, index, shard, passed, exitCode, error
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plans, forKey: .plans)
        try container.encode(strayFolders, forKey: .strayFolders)
        try container.encode(index, forKey: .index)
        try container.encode(shard, forKey: .shard)
        try container.encode(passed, forKey: .passed)
        try container.encode(exitCode, forKey: .exitCode)
        if let badInput { try container.encode(badInput, forKey: .error) }
    }

    /// The document, pretty-printed with sorted keys, ending in a newline.
    func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The JUnit report: one test case per plan (`classname` `filmstrip.<bench>`), with a
    /// failure per failed check (`type` the check's name) and per recorded-output finding
    /// (`type` `recordedOutputs`), the plan's terminal lines as system-out; then one case per
    /// stray folder (`filmstrip.strayFolder`) and, when compared, one for the index (`filmstrip.index`).
    var junit: String {
        var cases = plans.map { plan in
            var failures = plan.failedChecks.map { JUnitReport.Failure(type: $0.check, message: $0.message) }
            let outputs = plan.recordedOutputs
            if !outputs.passed {
                // The summary carries the re-record hint; then one failure per difference.
                failures.append(JUnitReport.Failure(type: "recordedOutputs", message: "recorded outputs: \(outputs.summary)"))
                failures += outputs.mismatches.map { JUnitReport.Failure(type: "recordedOutputs", message: $0) }
            }
            return JUnitReport.Case(name: plan.plan, classname: "filmstrip.\(plan.bench)", failures: failures, output: plan.lines)
        }
        cases += strayFolders.map { JUnitReport.Case(name: $0, classname: "filmstrip.strayFolder", failures: [JUnitReport.Failure(type: "strayFolder", message: $0)]) }
        if let badInput {
            cases.append(JUnitReport.Case(name: "input", classname: "filmstrip.badInput", failures: [JUnitReport.Failure(type: "badInput", message: badInput)]))
        }
        if index != "notCompared" {
            let failures = index == "differs" ? [JUnitReport.Failure(type: "index", message: "the index across plans differs from a fresh render")] : []
            cases.append(JUnitReport.Case(name: "index.html", classname: "filmstrip.index", failures: failures))
        }
        return JUnitReport.xml(suite: shard.map { "filmstrip check (shard \($0))" } ?? "filmstrip check", cases: cases)
    }
}

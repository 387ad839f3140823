import FilmstripCore
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
package struct CheckResults: Encodable {
    /// One plan's outcome.
    package struct Plan: Encodable {
        /// The plan's name.
        package var plan: String
        /// The plan file as given (or found in `captures/`).
        package var file: String
        /// The bench's name.
        package var bench: String
        /// `virtual` or `real`.
        package var clock: String
        /// Every check of the run passed (coverage, dominance, flashes, held-back time, rules).
        package var checksPassed: Bool
        /// The plan passed: its checks and its recorded outputs.
        package var passed: Bool
        /// The verdict line as printed: `passed`, or `failed: …`.
        package var verdict: String
        /// The failed checks' sentences, in ``Failure`` form.
        package var failedChecks: [Failure]
        /// The failed checks' sentences (``RunReport/reasons``).
        package var reasons: [String]
        /// The comparison with the recorded outputs.
        package var recordedOutputs: RecordedOutputs
        /// What changed in time between the committed report and the fresh run, when the recorded
        /// outputs differ from it (``TimingChanges``); nil otherwise.
        package var timing: TimingChanges?
        /// The plan's terminal lines (dwell table and all), for JUnit's system-out.
        package var lines: [String]
        /// How long checking it took, in ms (JUnit's `time`; not in the JSON document, which has no times).
        package var timeMs: Int = 0
        /// The recorded strip's path (`captures/<plan>/filmstrip.png`) when one is there, for the summary.
        package var strip: String?
        /// The recording window, ms since the start of the run, for the summary's instants.
        package var windowStartMs = 0
        /// The window's end, ms.
        package var windowEndMs = 0

        /// Every member, in order; those with a default may be left out.
        package init(plan: String, file: String, bench: String, clock: String, checksPassed: Bool, passed: Bool, verdict: String, failedChecks: [Failure], reasons: [String], recordedOutputs: RecordedOutputs, timing: TimingChanges? = nil, lines: [String], timeMs: Int = 0, strip: String? = nil, windowStartMs: Int = 0, windowEndMs: Int = 0) {
            self.plan = plan
            self.file = file
            self.bench = bench
            self.clock = clock
            self.checksPassed = checksPassed
            self.passed = passed
            self.verdict = verdict
            self.failedChecks = failedChecks
            self.reasons = reasons
            self.recordedOutputs = recordedOutputs
            self.timing = timing
            self.lines = lines
            self.timeMs = timeMs
            self.strip = strip
            self.windowStartMs = windowStartMs
            self.windowEndMs = windowEndMs
        }

        enum CodingKeys: String, CodingKey {
            case plan, file, bench, clock, checksPassed, passed, verdict, failedChecks, reasons, recordedOutputs, timing
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(plan, forKey: .plan)
            try container.encode(file, forKey: .file)
            try container.encode(bench, forKey: .bench)
            try container.encode(clock, forKey: .clock)
            try container.encode(checksPassed, forKey: .checksPassed)
            try container.encode(passed, forKey: .passed)
            try container.encode(verdict, forKey: .verdict)
            try container.encode(failedChecks, forKey: .failedChecks)
            try container.encode(reasons, forKey: .reasons)
            try container.encode(recordedOutputs, forKey: .recordedOutputs)
            // `null` when the recorded outputs were not found to differ: the key is always there.
            try container.encode(timing, forKey: .timing)
        }
    }

    /// A failed check: its name (`coverage.empty`) and sentence.
    package struct Failure: Encodable {
        package var check: String
        package var message: String
        /// When it failed, with the frames that show it (``CheckResult/moments``); for the summary.
        package var moments: [CheckMoment] = []

        /// Every member, in order; those with a default may be left out.
        package init(check: String, message: String, moments: [CheckMoment] = []) {
            self.check = check
            self.message = message
            self.moments = moments
        }

        enum CodingKeys: String, CodingKey {
            case check, message
        }
    }

    /// The comparison of one plan's recorded outputs with a fresh run.
    package struct RecordedOutputs: Encodable {
        /// What the comparison found, as `--json` spells it.
        package enum State: String, Encodable {
            /// Every recorded file matches a fresh run (or the real-clock run within tolerance).
            case matched
            /// Something differs.
            case mismatched
            /// No folder: a failure unless `--allow-unrecorded`.
            case unrecorded
            /// No folder, allowed by `--allow-unrecorded`.
            case allowedUnrecorded
            /// A folder without a report of the plan.
            case unusable
            /// `--no-compare`, or no real-clock recording on the real clock.
            case notCompared

            /// Whether this state passes the gate.
            package var passed: Bool { self == .matched || self == .allowedUnrecorded || self == .notCompared }
        }

        package var state: State
        /// The sentence printed after `recorded outputs: `.
        package var summary: String
        /// How many recorded files were compared (those the recorded report lists).
        package var files: Int?
        /// One sentence per difference.
        package var mismatches: [String]
        /// The command that records the plan again with the same options; nil when nothing failed.
        package var rerecord: String?
        /// The lines printed under the summary: each mismatch with its failure images.
        package var lines: [String] = []
        /// Why the failure images could not be written (a read-only or full folder); nil when
        /// they were or none was needed. The findings are complete either way, and the verdict
        /// (exit 1) stands.
        package var imagesNotWritten: String?

        enum CodingKeys: String, CodingKey {
            case state, summary, files, mismatches, rerecord, imagesNotWritten
        }

        /// Whether this state passes the gate.
        package var passed: Bool { state.passed }

        package init(state: State, summary: String, files: Int? = nil, mismatches: [String], rerecord: String? = nil) {
            self.state = state
            self.summary = summary
            self.files = files
            self.mismatches = mismatches
            self.rerecord = rerecord
        }

        /// The engine's comparison, worded for the terminal and the JSON document.
        /// - Parameters:
        ///   - folder: the plan's folder, for messages.
        ///   - interval: the plan's frame interval, ms (the real-clock tolerance).
        ///   - notes: the fresh run has notes (printed above) that may say why it differs.
        ///   - timing: what changed in time, printed before the files that differ.
        package init(_ comparison: PlanOutputs.Comparison, folder: String, interval: Int, notes: Bool, allowUnrecorded: Bool, rerecord: String, timing: [String] = []) {
            let findings = comparison.findings
            switch comparison.recorded {
            case .nothing where allowUnrecorded:
                self.init(state: .allowedUnrecorded, summary: "none in \(folder)/ (allowed by --allow-unrecorded)", mismatches: [])
            case .nothing:
                self.init(state: .unrecorded, summary: "none in \(folder)/; record them with: \(rerecord) (or pass --allow-unrecorded)", mismatches: [], rerecord: rerecord)
            case .unusable(let reason):
                self.init(state: .unusable, summary: "\(reason); re-record with: \(rerecord)", mismatches: [], rerecord: rerecord)
            case .notRealClock:
                self.init(state: .notCompared, summary: "not compared on the real clock (no report recorded on the real clock)", mismatches: [])
            case .timing(let frames) where findings.isEmpty:
                self.init(state: .matched, summary: "the phases and words of \(frames) frames, the counters, the request log and the timeline's phase order match the recorded run, times within one frame interval (\(Quantity.ms(interval)))", mismatches: [])
            case .timing:
                let cause = notes ? " (the notes above may say why)" : ""
                self.init(state: .mismatched, summary: "\(findings.count) difference(s) beyond real-clock tolerance\(cause); re-record with: \(rerecord)", mismatches: findings, rerecord: rerecord)
                lines = findings.map { "    mismatch: \($0)" }
            case .files(let count) where findings.isEmpty:
                self.init(state: .matched, summary: "\(count) files match a fresh render", files: count, mismatches: [])
            case .files(let count):
                self.init(state: .mismatched, summary: "\(findings.count) mismatch(es); re-record with: \(rerecord)", files: count, mismatches: findings, rerecord: rerecord)
                lines = timing.map { "    \($0)" }
                for finding in comparison.mismatches {
                    lines.append("    mismatch: \(finding)")
                    if let files = finding.artifacts {
                        lines.append("      fresh: \(files.fresh)")
                        if let difference = files.difference { lines.append("      difference: \(difference)") }
                    }
                }
            }
            if let problem = comparison.imagesNotWritten {
                imagesNotWritten = problem
                summary += "; the failure images could not be written"
                lines.append("    note: the failure images could not be written (\(problem)); every difference is listed above")
            }
        }
    }

    /// Every plan checked, in the order run.
    package var plans: [Plan] = []
    /// Plan folders with no plan behind it: one sentence each (``IndexRows/Stray``).
    package var strayFolders: [String] = []
    /// The same folders' paths (`captures/old`), in the same order: their JUnit case names.
    package var strayFolderPaths: [String] = []
    /// How the index across plans compared.
    package enum IndexState: String, Encodable {
        /// It matches a fresh render.
        case matched
        /// It differs from a fresh render.
        case differs
        /// It is missing, though the index lists plans.
        case missing
        /// Not compared: a shard, `--no-compare`, a plan with nothing recorded, or no plan to list.
        case notCompared
    }

    /// The index across plans.
    package var index = IndexState.notCompared
    /// `i/n` when `--shard` was given.
    package var shard: String?
    /// The error that stopped `check` before it judged its plans (a bad plan, font or output
    /// folder: exit 2), as printed; nil when it ran to the end.
    package var badInput: String?
    /// Every plan passed, no stray folder, the index (when compared) matched, and no bad input.
    package var passed: Bool { badInput == nil && plans.allSatisfy(\.passed) && strayFolders.isEmpty && index != .differs && index != .missing }
    /// The exit code `check` returns: 0, 1, or 2 for bad input.
    package var exitCode: Int32 {
        // The exit codes of every command (FilmstripCLI's `ExitCode`): 2 bad input, as
        // ``FilmstripError/exitCode``; 1 a check failed; 0 passed.
        if badInput != nil { return 2 }
        return passed ? 0 : 1
    }

    /// Results with no plan checked yet; `shard` is `i/n` when `--shard` was given.
    package init(shard: String? = nil) {
        self.shard = shard
    }

    enum CodingKeys: String, CodingKey {
        case plans, strayFolders, index, shard, passed, exitCode, error
    }

    package func encode(to encoder: any Encoder) throws {
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
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        // No credential in a URL a message quotes (``URLRedaction``).
        return Data(URLRedaction.redactingURLs(in: String(decoding: data, as: UTF8.self)).utf8)
    }

    /// The JUnit report (``JUnitReport``): one test case per plan (`classname`
    /// `filmstrip.<bench>`), failing once when a check or the recorded outputs failed (every
    /// failed check, by name, then the recorded outputs' summary and each difference, in the
    /// failure's text); then one case per stray folder (`filmstrip.strayFolder`, named by its
    /// path), one for bad input (`filmstrip.badInput`, an error) and, when compared, one for the
    /// index (`filmstrip.index`). `timestamp`: when the run started, UTC `yyyy-MM-ddTHH:mm:ss`.
    package func junit(timestamp: String) -> String {
        var cases = plans.map { plan in
            // What changed in time leads: the failure's message names it before any check or file.
            var failures = plan.timing.map { [JUnitReport.Failure(type: "timing", message: $0.lines.joined(separator: "\n"))] } ?? []
            failures += plan.failedChecks.map { JUnitReport.Failure(type: $0.check, message: $0.message) }
            let outputs = plan.recordedOutputs
            if !outputs.passed {
                // The summary carries the re-record hint; then one line per difference.
                failures.append(JUnitReport.Failure(type: "recordedOutputs", message: "recorded outputs: \(outputs.summary)"))
                failures += outputs.mismatches.map { JUnitReport.Failure(type: "recordedOutputs", message: $0) }
            }
            return JUnitReport.Case(name: plan.plan, classname: "filmstrip.\(plan.bench)", failures: failures, output: plan.lines, timeMs: plan.timeMs)
        }
        cases += zip(strayFolderPaths, strayFolders).map { path, sentence in
            JUnitReport.Case(name: path, classname: "filmstrip.strayFolder", failures: [JUnitReport.Failure(type: "strayFolder", message: sentence)])
        }
        if let badInput {
            cases.append(JUnitReport.Case(name: "input", classname: "filmstrip.badInput", failures: [], error: JUnitReport.Failure(type: "badInput", message: badInput)))
        }
        if index != .notCompared {
            let failures = switch index {
            case .differs: [JUnitReport.Failure(type: "index", message: "the index across plans differs from a fresh render")]
            case .missing: [JUnitReport.Failure(type: "index", message: "the index across plans is missing")]
            case .matched, .notCompared: [JUnitReport.Failure]()
            }
            cases.append(JUnitReport.Case(name: "index.html", classname: "filmstrip.index", failures: failures))
        }
        return JUnitReport.xml(suite: shard.map { "filmstrip check (shard \($0))" } ?? "filmstrip check", cases: cases, timestamp: timestamp)
    }
}

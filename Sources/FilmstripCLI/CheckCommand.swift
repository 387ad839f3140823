import FilmstripOutputs
import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation

/// `filmstrip check`: runs plans and judges them; writes nothing but the failure images of
/// recorded images that no longer match (`DIR/<plan>/.failures/`) and, with `--junit FILE`, the report.
///
/// Besides coverage and dominance, on the virtual clock it compares each plan's recorded outputs
/// with a fresh render: images by their digests, then decoded pixels, one batch of frames at a
/// time; reports, index rows and contact sheets by bytes; and files in the plan's folder that
/// the recorded report does not list. A mismatch fails the plan, so committed documentation
/// images cannot drift from the code that makes them; so does a plan with nothing recorded
/// (unless `--allow-unrecorded`), a plan folder whose report is missing or unreadable, and a
/// plan folder whose plan file no longer exists. It holds the output root's lock
/// (``OutputLock``, exclusive, like `record`: it may replace `.failures/`) while it reads, so it
/// never sees a recording half-written.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "run capture plans and judge them (the CI gate); writes only failure images"
    static let usage = "filmstrip check [PLAN…] [--out DIR] [--clock virtual|real|both] [--font FILE.bdf] [--theme dark|light] [--no-compare] [--allow-unrecorded] [--shard i/n] [--junit FILE] [--summary FILE] [--json] [--no-wait] [--quiet]"
    /// The options of `record`, `--clock` with one value more (`both`), and check's own.
    static let options = PlanCommandOptions.specs.map { $0.name == "--clock" ? .value("--clock", "virtual|real|both") : $0 } + [.flag("--no-compare"), .flag("--allow-unrecorded"), .value("--junit", "FILE"), .value("--summary", "FILE"), .flag("--json"), .flag("--no-wait"), .flag("--quiet")]
    static func help(context: CommandContext) -> String {
        """
        filmstrip check: run capture plans and judge them (the CI gate). It writes nothing but, for a recorded
        image that no longer matches, its fresh render and a difference image in DIR/<plan>/.failures/
        (and the --junit report).

        USAGE
          \(usage)

        ARGUMENTS
          PLAN               capture plan files (default: every captures/*.json)

        OPTIONS
          --out DIR          where the recorded outputs are (default: captures)
          --clock KIND       virtual or real (default: the bench's first clock); on the real clock,
                             recorded outputs of a real-clock recording are compared with tolerance;
                             both: check on the virtual clock, then run each plan again on the real
                             clock and fail a lane whose phases differ there beyond one frame interval,
                             naming the first such frame (it catches a model waiting on time the
                             virtual clock cannot see; each plan takes its window in wall time)
          --font FILE.bdf    the font the outputs were recorded with (default: the bundled misc-fixed 6x13)
          --theme NAME       draw fresh images dark or light (default: the theme report.json was
                             recorded in, else the plan's "theme")
          --no-compare       judge coverage and dominance only; do not compare recorded outputs
          --allow-unrecorded pass a plan with no recorded outputs (default: it fails, exit 1)
          --shard i/n        check the i-th of n shares of the plans (sorted by name, dealt round-robin),
                             for a CI matrix; the index across plans is compared only when every plan runs
          --junit FILE       also write a JUnit XML report to FILE: one test case per plan with its time, one
                             failure listing its failed checks and recorded-output findings, bad input as an
                             error; FILE must be new, empty or a report filmstrip wrote (exit 2 otherwise)
          --summary FILE     also append a Markdown summary for the pull request to FILE: a row per plan with
                             its verdict, what changed in time and its strip, then each failure with its
                             instant (default: the file GITHUB_STEP_SUMMARY names, when it is set)
          --json             print the results as one JSON document on standard output; the dwell tables
                             and verdicts go to standard error instead
          --no-wait          exit 2 at once when a recording holds DIR's lock (default: wait for it)
          --quiet            say nothing before long work (as record --quiet)
          -h, --help         show this help

        CHECKS
          coverage           each required phase in at least its minimum number of frames
          dominance          no phase above its share of frames or of time
          recorded outputs   DIR/<plan>/ exists; frames, stills and strip match a fresh render pixel for
                             pixel, and report.json, index-row.json and index.html byte for byte; no file
                             there that the report does not list (names starting with '.' aside);
                             a real-clock recording: every frame's phase and the timeline's phase order
                             exactly, frame and phase times within one frame interval
          clocks             with --clock both: each lane's phase in every frame taken on both clocks,
                             shown by the real run within one frame interval of the frame
          stray folders      no plan folder in DIR whose plan file no longer exists
          index              DIR/index.html exists and matches a fresh render: the plans checked fresh,
                             the others as recorded (not with --shard)

        A plan whose fresh render is long work (as record announces it) is announced on standard
        error before it runs, unless --quiet or --no-compare (nothing is drawn then).

        Prints each plan's dwell table and verdict; exits 1 when any check fails, 2 on bad input.
        """
    }

    let options: PlanCommandOptions
    /// `--no-compare` not given: compare recorded outputs with a fresh render.
    let compare: Bool
    /// `--allow-unrecorded`: a plan with nothing recorded passes.
    let allowUnrecorded: Bool
    /// `--junit FILE`.
    let junit: String?
    /// Where the Markdown summary is appended: `--summary FILE`, else `GITHUB_STEP_SUMMARY`; nil for none.
    let summary: String?
    /// `--json`.
    let json: Bool
    /// Wait for a recording holding the output root's lock (`--no-wait` stops instead).
    let wait: Bool
    /// `--quiet`: no notice before long work (as `record --quiet`).
    let quiet: Bool
    /// The benches plans may name.
    let benches: [BenchDefinition]
    /// Where the results go: standard output, or standard error with `--json`.
    let terminal: Terminal
    /// Standard output for the JSON document.
    let output: TerminalStream

    init(_ arguments: ParsedArguments, context: CommandContext) throws(FilmstripError) {
        options = try PlanCommandOptions(arguments)
        compare = !arguments.flag("--no-compare")
        allowUnrecorded = arguments.flag("--allow-unrecorded")
        junit = try arguments.string("--junit")
        if junit == "-" {
            throw FilmstripError(.usage("check: --junit needs a file name ('-' is not one: --json prints the results on standard output)"))
        }
        if let junit {
            try OutputOwnership.refuseInsidePlanFolder(junit, folder: false, as: "check: --junit")
            try OutputOwnership.claim(junit, as: .junitReport)
        }
        summary = try Self.summaryFile(arguments)
        json = arguments.flag("--json")
        wait = !arguments.flag("--no-wait")
        quiet = arguments.flag("--quiet")
        benches = context.benches
        var terminal = context.terminal
        output = terminal.output
        if json { terminal.output = terminal.error }
        self.terminal = terminal
    }

    func run() throws(FilmstripError) -> ExitCode {
        // Only the JUnit report carries it (a DateFormatter costs a millisecond to make).
        let timestamp = junit == nil ? "" : Self.timestamp()
        var results = CheckResults(shard: options.shard?.description)
        do {
            try checkAll(into: &results)
        } catch {
            // A CI step reading --json or --junit still gets a document: what was judged, and
            // the error (exit 2).
            results.badInput = error.description
            // (Not when writing the report itself was the error.)
            if let junit, !error.description.hasPrefix("\(junit):") { try? AtomicFile.write(Data(results.junit(timestamp: timestamp).utf8), to: junit) }
            if json { output.write(String(decoding: results.jsonData(), as: UTF8.self)) }
            if let summary, !error.description.hasPrefix("\(summary):") { try? CheckSummary(results: results).write(to: summary) }
            throw error
        }
        if let summary {
            do {
                try CheckSummary(results: results).write(to: summary)
            } catch {
                results.badInput = error.description
                if let junit { try? AtomicFile.write(Data(results.junit(timestamp: timestamp).utf8), to: junit) }
                if json { output.write(String(decoding: results.jsonData(), as: UTF8.self)) }
                throw error
            }
        }
        if let junit {
            do {
                try AtomicFile.write(Data(results.junit(timestamp: timestamp).utf8), to: junit)
            } catch {
                // The verdicts were printed; the JSON document still carries them, beside the error.
                results.badInput = error.description
                if json { output.write(String(decoding: results.jsonData(), as: UTF8.self)) }
                throw error
            }
        }
        if json {
            output.write(String(decoding: results.jsonData(), as: UTF8.self))
        }
        return results.passed ? .passed : .checkFailed
    }

    /// The summary's file: `--summary FILE`, else the non-empty `GITHUB_STEP_SUMMARY`; nil for none.
    /// - Throws: ``FilmstripError`` (usage) for an empty name, `-`, or a file inside a plan folder.
    static func summaryFile(_ arguments: ParsedArguments) throws(FilmstripError) -> String? {
        let given = try arguments.string("--summary")
        if let given, given.isEmpty || given == "-" {
            throw FilmstripError(.usage("check: --summary needs a file name to append the Markdown summary to"))
        }
        let environment = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        guard let file = given ?? environment else { return nil }
        try OutputOwnership.refuseInsidePlanFolder(file, folder: false, as: given == nil ? "check: GITHUB_STEP_SUMMARY" : "check: --summary")
        return file
    }

    /// The wall-clock time now, UTC, as JUnit's `timestamp` wants it (`2026-12-01T23:05:00`).
    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: Date())
    }

    /// After a usage error (an unknown option, `--shard 0/3`, `--theme purple`): when `--junit
    /// FILE` or `--json` could be read from the arguments, writes them as a bad-input result
    /// (exit 2), so a CI step never publishes an earlier run's report; when they were given but
    /// could not be read, says so on standard error.
    static func reportUsageError(_ error: FilmstripError, parsed: ParsedArguments, context: CommandContext) {
        var results = CheckResults(shard: parsed.values["--shard"])
        results.badInput = error.description
        let terminal = context.terminal
        if let junit = parsed.values["--junit"], !junit.isEmpty, junit != "-" {
            do throws(FilmstripError) {
                try OutputOwnership.refuseInsidePlanFolder(junit, folder: false, as: "check: --junit")
                try OutputOwnership.claim(junit, as: .junitReport)
                try AtomicFile.write(Data(results.junit(timestamp: timestamp()).utf8), to: junit)
            } catch let problem {
                if problem.description != error.description { terminal.diagnose("note: check: no JUnit report written: \(problem.description.split(separator: "\n").first ?? "")") }
            }
        } else if parsed.given("--junit") {
            terminal.diagnose("note: check: no JUnit report written: --junit was given without a usable file name")
        }
        // The summary too (GitHub's job summary says the step stopped, rather than nothing).
        let summary = parsed.values["--summary"].flatMap { $0.isEmpty || $0 == "-" ? nil : $0 }
            ?? ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        if let summary {
            do throws(FilmstripError) {
                try OutputOwnership.refuseInsidePlanFolder(summary, folder: false, as: "check: --summary")
                try CheckSummary(results: results).write(to: summary)
            } catch let problem {
                terminal.diagnose("note: check: no summary written: \(problem.description.split(separator: "\n").first ?? "")")
            }
        }
        if parsed.flag("--json") {
            context.terminal.output.write(String(decoding: results.jsonData(), as: UTF8.self))
        } else if parsed.given("--json") {
            terminal.diagnose("note: check: no JSON document printed: --json could not be read")
        }
    }

    private func checkAll(into results: inout CheckResults) throws(FilmstripError) {
        let plans = options.share(of: try PlanLoader(benches: benches).loadAll(options.plans))
        if options.bothClocks {
            for (file, plan) in plans { try PlanOutputs.requireBothClocks(plan, file: file) }
        }
        let root = options.out ?? PlanLoader.defaultFolder
        let font = try FontLoader().load(path: options.font, terminal: terminal)
        // Long work says what is coming before anything runs, as in `record`: comparing draws
        // every image again.
        if compare, !quiet {
            for (file, plan) in plans {
                let work = LongWork(plan: options.themed(plan), font: font.font)
                if work.isLong { terminal.diagnose(work.notice(file: file)) }
            }
        }
        // Nothing is read from a folder while a recording writes into it (a root no recording
        // ever wrote into has no lock file, and check creates none).
        let lock: OutputLock? = try compare
            ? OutputLock.ifPresent(root: root, wait: wait) { terminal.diagnose(OutputLock.waitingNote(root: root)) }
            : nil
        defer { withExtendedLifetime(lock) {} }

        var missing: [Unicode.Scalar] = []
        var freshRows: [String: IndexRowFile] = [:]
        // The comparisons run a few plans at a time (OrderedWork); their results are taken here
        // in the plans' order, so what is printed does not depend on which finished first.
        let theme = options.theme
        let clocks = plans.map { options.clock(for: $0.plan) }
        // With --clock both each plan runs again on the real clock right after its comparison,
        // in the same work: one plan at a time, so nothing else runs while the real run is timed.
        let bothClocks = options.bothClocks
        let comparisons = OrderedWork<(comparison: PlanOutputs.Comparison, clockChecks: [CheckResult])>(
            count: compare ? plans.count : 0, concurrently: !bothClocks && clocks.allSatisfy { $0 == .virtual }
        ) { [plans, font] position throws(FilmstripError) in
            let (file, plan) = plans[position]
            // The one door `assertFilmstrip` goes through too: the verdicts cannot differ.
            let outputs = PlanOutputs(plan: plan, root: root, font: font.font, file: file, planFile: PlanFilePath.relative(file: file, root: root))
            let comparison = try outputs.compare(clock: clocks[position], theme: theme)
            return (comparison, bothClocks ? try outputs.crossCheck(virtual: comparison.run) : [])
        }
        defer { comparisons.waitForAll() }
        for (position, (file, plan)) in plans.enumerated() {
            let clock = options.clock(for: plan)
            let rerecord = "filmstrip record \(PlanCommandOptions.quoted(file))\(options.repeated)"
            let outputs: CheckResults.RecordedOutputs
            let run: RecordedRun
            let analysis: Analysis
            let timeMs: Int
            var timing: TimingChanges?
            var timingLines: [String] = []
            var clockChecks: [CheckResult] = []
            if compare {
                let (result, elapsed) = comparisons.result(position)
                let comparison: PlanOutputs.Comparison
                (comparison, clockChecks) = try result.get()
                timeMs = Self.milliseconds(elapsed)
                terminal.diagnoseLint(comparison.lint, file: file)
                (run, analysis) = (comparison.run, comparison.analysis)
                for scalar in comparison.missingGlyphs where !missing.contains(scalar) { missing.append(scalar) }
                if let row = comparison.indexRow { freshRows[plan.name] = row }
                let folder = "\(root)/\(plan.name)"
                // A recording that differs is described first in time, from its report and the fresh run's.
                if case .files = comparison.recorded, !comparison.mismatches.isEmpty {
                    let reportFile = "\(folder)/\(OutputLayout.reportPath)"
                    timing = TimingChanges(recordedReport: try? InputFile.contents(of: reportFile, limit: .samples), run: run, analysis: analysis, differingImages: comparison.mismatches.compactMap {
                        if case .frame(let index, let tMs) = $0.source { (index, tMs) } else { nil }
                    })
                    timingLines = timing?.lines ?? [TimingChanges.unreadable(reportFile)]
                }
                outputs = CheckResults.RecordedOutputs(comparison, folder: folder, interval: plan.frameIntervalMs, notes: !run.notes.isEmpty, allowUnrecorded: allowUnrecorded, rerecord: rerecord, timing: timingLines)
            } else {
                let started = ContinuousClock.now
                let linted = try LintedRun(options.themed(plan), file: file, clock: clock, terminal: terminal)
                (run, analysis) = (linted.run, Analysis(linted.run))
                outputs = .init(state: .notCompared, summary: "not compared (--no-compare)", mismatches: [])
                if bothClocks {
                    clockChecks = try PlanOutputs(plan: plan, root: root, font: font.font, file: file, planFile: PlanFilePath.relative(file: file, root: root)).crossCheck(virtual: run)
                }
                timeMs = Self.milliseconds(since: started)
            }
            let (table, verdict) = Self.verdict(run: run, analysis: analysis, clockChecks: clockChecks, outputs: outputs)
            let checks = analysis.checks + clockChecks
            let checksPassed = checks.allSatisfy(\.passed)
            let planLines = table + ["  recorded outputs: \(outputs.summary)"] + outputs.lines
            let stripFile = "\(root)/\(plan.name)/\(OutputLayout.filmstripPath)"
            let strip = compare && FileManager.default.fileExists(atPath: stripFile) ? stripFile : nil
            planLines.forEach(terminal.print)
            results.plans.append(CheckResults.Plan(
                plan: plan.name, file: file, bench: plan.bench.name, clock: options.bothClocks ? "both" : clock.rawValue, checksPassed: checksPassed,
                passed: checksPassed && outputs.passed, verdict: verdict,
                failedChecks: checks.filter { !$0.passed }.map { CheckResults.Failure(check: $0.name, message: $0.message, moments: $0.moments) },
                reasons: analysis.reasons + clockChecks.filter { !$0.passed }.map(\.message), recordedOutputs: outputs, timing: timing, lines: planLines, timeMs: timeMs,
                strip: strip, windowStartMs: plan.windowStartMs, windowEndMs: plan.windowEndMs))
        }
        concludeAll(planCount: plans.count, root: root, freshRows: freshRows, into: &results)
        if let warning = FontLoader().missingGlyphWarning(missing, font: font.font, source: font.source) { terminal.diagnose("warning: \(warning)") }
        printSummary(planCount: plans.count, results: results)
    }

    /// The stray plan folders and the index across plans, after every plan was checked: an index
    /// is compared when every plan chosen was checked against its recorded outputs.
    private func concludeAll(planCount: Int, root: String, freshRows: [String: IndexRowFile], into results: inout CheckResults) {
        if compare {
            // Plan folders whose plan was renamed or deleted: the index no longer lists them.
            for (folder, sentence) in PlanOutputs.strayFolderFindings(in: root, fresh: freshRows) {
                results.strayFolders.append(sentence)
                results.strayFolderPaths.append(folder)
                terminal.print("stray: \(sentence)")
            }
        }
        // The index across plans, when every plan chosen was checked against its recorded
        // outputs: the rows of those plans fresh, the others' as recorded (as verifyFilmstrip does).
        let index = "\(root)/\(OutputLayout.contactSheetPath)"
        if compare, options.shard == nil, !freshRows.isEmpty, freshRows.count == planCount {
            if let mismatch = IndexRows(root: root, benches: benches).mismatch(fresh: freshRows) {
                results.index = FileManager.default.fileExists(atPath: index) ? .differs : .missing
                terminal.print("index: mismatch: \(mismatch); re-record with: filmstrip record\(options.repeated)")
            } else if FileManager.default.fileExists(atPath: index) {
                results.index = .matched
                terminal.print("index: \(index) matches a fresh render")
            }
        }
    }

    /// The last line: how many plans were checked and failed, and what else failed.
    private func printSummary(planCount: Int, results: CheckResults) {
        let failed = results.plans.count { !$0.passed }
        var summary = failed == 0 ? "\(planCount) plan(s) checked: all passed" : "\(planCount) plan(s) checked: \(failed) failed"
        if let shard = options.shard { summary += " (shard \(shard))" }
        if !results.strayFolders.isEmpty { summary += "; \(results.strayFolders.count) stray plan folder(s)" }
        if results.index == .differs { summary += "; the index across plans differs" }
        if results.index == .missing { summary += "; the index across plans is missing" }
        terminal.print(summary)
    }

    /// A plan's terminal lines and its verdict. The verdict comes last in the table, after the
    /// comparison of the two clocks (`--clock both`), one line per lane; it says so when only the
    /// clocks or only the recorded outputs failed.
    static func verdict(run: RecordedRun, analysis: Analysis, clockChecks: [CheckResult], outputs: CheckResults.RecordedOutputs) -> (lines: [String], verdict: String) {
        var table = TerminalTable.lines(run: run, analysis: analysis)
        table.insert(contentsOf: clockChecks.map { "  clocks: \($0.passed ? "" : "failed: ")\($0.message)" }, at: table.count - 1)
        var verdict = analysis.verdict
        if analysis.passed, !clockChecks.allSatisfy(\.passed) {
            verdict = "failed: the virtual and the real clock disagree (the other checks passed)"
        } else if analysis.passed, !outputs.passed {
            verdict = outputs.state == .unrecorded
                ? "failed: nothing recorded to compare (the checks passed)"
                : "failed: the recorded outputs differ from a fresh run (the checks passed)"
        }
        table[table.count - 1] = "  verdict: \(verdict)"
        return (table, verdict)
    }

    /// Whole ms of the real clock since `start` (JUnit's times).
    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        milliseconds(ContinuousClock.now - start)
    }

    private static func milliseconds(_ elapsed: Duration) -> Int {
        Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

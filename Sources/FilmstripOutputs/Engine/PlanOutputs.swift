import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// One plan's outputs in an output root: the one door through which `filmstrip record`,
/// `filmstrip bench` and ``record(clock:)`` write them, and through which `filmstrip check` and
/// `assertFilmstrip` compare them with a fresh run (``compare(clock:theme:writingFailures:)``),
/// so the command line and a test cannot reach different verdicts on the same folder.
///
/// ```swift
/// let plan = try CapturePlan(file: "captures/checkout-timeout.json", benches: [.checkout])
/// let outputs = PlanOutputs(plan: plan, root: "captures", font: try .bundled())
/// try outputs.record()                       // captures/checkout-timeout/…
/// let comparison = try outputs.compare()     // nothing written unless something differs
/// for finding in comparison.findings { print(finding) }
/// ```
///
/// The plan's folder is `<root>/<plan name>/`: `frames/NNNN.png` (every frame at the plan's
/// scale), `stills/<name>.png`, `filmstrip.png`, `animation.png`, `report.json`,
/// `index-row.json` and `index.html` (the contact sheet). Writes are atomic (a temporary file,
/// then a rename); the only files removed are those filmstrip wrote itself. The index across
/// plans (`<root>/index.html`) is left to `filmstrip record`, `filmstrip index` and
/// `assertFilmstrip`, which know the benches of the root.
public struct PlanOutputs: Sendable {
    /// What ``record(clock:)`` did.
    public struct Recording: Sendable {
        /// The run's analysis: dwell, coverage, dominance, loaders, rules.
        package let analysis: Analysis
        /// The plan lint's findings (sentences; empty when the plan is sound).
        package let lint: [String]
        /// Code points the font lacked (drawn as its default glyph or a box).
        package let missingGlyphs: [Unicode.Scalar]
        /// How many files the recording wrote (each is listed in `report.json`).
        public let fileCount: Int
        /// Every check of the plan passed (coverage, dominance, flashes, held-back time, rules).
        public var passed: Bool { analysis.passed }
        /// The recording, as the command line prints it.
        package let outcome: PlanRecording.Outcome
    }

    /// What ``compare(clock:theme:writingFailures:)`` found.
    public struct Comparison: Sendable {
        /// What the plan's folder held.
        package enum Recorded: Hashable, Sendable {
            /// No folder at all: nothing was recorded, so nothing was compared.
            case nothing
            /// A folder without a readable `report.json` of this plan: `reason` says which.
            case unusable(reason: String)
            /// A recording whose report lists this many files; each was compared, and so was
            /// every file of the folder the report does not list.
            case files(Int)
            /// On the real clock: a real-clock recording whose frames' phases and the timeline's
            /// phase order were compared, times within one frame interval.
            case timing(frames: Int)
            /// On the real clock, a recording not made on the real clock: nothing compared.
            case notRealClock
        }

        /// What the plan's folder held.
        package let recorded: Recorded
        /// Every recorded file that differs from a fresh run (virtual clock), sorted by file;
        /// each image mismatch carries its ``OutputMismatch/artifacts`` when they were written.
        package let mismatches: [OutputMismatch]
        /// On the real clock, each difference beyond tolerance, as a sentence.
        package let timingFindings: [String]
        /// A fresh run's analysis.
        package let analysis: Analysis
        /// The plan lint's findings.
        package let lint: [String]
        /// The theme the fresh run was drawn in: the one asked for, else the recorded one.
        package let theme: Theme
        /// The fresh run, for the command line's tables.
        package let run: RecordedRun
        /// The fresh row of the index across plans (the recorded one on the real clock); nil
        /// when nothing usable was recorded.
        package let indexRow: IndexRowFile?
        /// Code points the font lacked.
        package let missingGlyphs: [Unicode.Scalar]
        /// Why the failure images (``failuresFolder``) could not be written — a read-only or
        /// full folder, as the error reads; nil when they were written or none was needed. The
        /// ``mismatches`` are complete either way; those without images have no artifacts.
        package let imagesNotWritten: String?

        /// Every finding as a sentence: the mismatches, then the timing findings.
        public var findings: [String] { mismatches.map(\.description) + timingFindings }

        /// Something was recorded, and it matches a fresh run (or, with nothing recorded on
        /// the real clock, there was nothing to compare).
        public var matches: Bool {
            switch recorded {
            case .files, .timing: findings.isEmpty
            case .notRealClock: true
            case .nothing, .unusable: false
            }
        }
    }

    /// The plan.
    package let plan: CapturePlan
    /// The output root, e.g. `captures` or an absolute path.
    package let root: String
    /// The font frames are drawn with (``BitmapFont/bundled()`` unless the outputs were
    /// recorded with another).
    package let font: BitmapFont
    /// The plan's file as messages name it.
    package let file: String
    /// The plan file as the outputs name it (``PlanFilePath``).
    package let planFile: String

    /// - Parameters:
    ///   - plan: a validated plan (its ``CapturePlan/name`` names the folder).
    ///   - root: the output root; the plan's folder is `<root>/<plan name>`, and the plan is
    ///     taken to lie beside it, `<root>/<plan name>.json`.
    ///   - font: the font to draw with.
    public init(plan: CapturePlan, root: String, font: BitmapFont) {
        self.init(plan: plan, root: root, font: font, file: plan.name, planFile: PlanFilePath.relative(file: "\(root)/\(plan.name).json", root: root))
    }

    /// The outputs of a plan read from `file` (the command line's).
    package init(plan: CapturePlan, root: String, font: BitmapFont, file: String, planFile: String) {
        self.plan = plan
        self.root = root
        self.font = font
        self.file = file
        self.planFile = planFile
    }

    /// `<root>/<plan name>`.
    package var folder: String { "\(root)/\(plan.name)" }

    /// `<root>/<plan name>/.failures`: where ``compare(clock:theme:writingFailures:)`` writes
    /// the fresh render and the difference image of each image that differs, at the recorded
    /// file's path with `.fresh.png` and `.difference.png` for `.png`
    /// (`frames/0003.png` → `.failures/frames/0003.fresh.png`, `.failures/frames/0003.difference.png`).
    /// Each comparison first removes what the previous one wrote there; the folder is removed
    /// when nothing differs. Add `.failures/` to `.gitignore`.
    package var failuresFolder: String { "\(folder)/\(FailureFolder.name)" }

    /// Runs the plan and writes every output into ``folder``, exactly as `filmstrip record`
    /// does, but leaves the index across plans alone. Writes even when a check fails (the
    /// result says so).
    ///
    /// - Parameter clock: `.virtual` (exact, repeatable) or `.real` (measured).
    /// - Throws: ``FilmstripError`` (exit code 2) when the run has to be stopped or an output
    ///   cannot be written, naming the plan or the file.
    @discardableResult
    public func record(clock: ClockKind = .virtual) throws(FilmstripError) -> Recording {
        try write(LintedRun(plan, file: file, clock: clock), clock: clock)
    }

    /// Writes the outputs of a run already made: `record` runs every plan first, so a plan
    /// whose run fails stops the command before anything is written. `progress` is called after each
    /// batch of images with the images done and the images in all (``OutputRenderer``).
    /// - Throws: ``FilmstripError`` (output) when an output cannot be written.
    package func write(_ linted: LintedRun, clock: ClockKind, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(FilmstripError) -> Recording {
        // Recordings into one process's roots take turns (tests record in parallel).
        try Self.writing.withLock { _ throws(FilmstripError) -> Recording in
            try OutputFolder(path: root).prepare(subfolders: [])
            let outcome = try PlanRecording(plan: plan, file: file, clock: clock, font: font, folder: OutputFolder(root: root, name: plan.name), planFile: planFile).write(linted, progress: progress)
            return Recording(analysis: outcome.analysis, lint: outcome.lint, missingGlyphs: outcome.missing, fileCount: outcome.files.reduce(0) { count, _ in count + 1 }, outcome: outcome)
        }
    }

    /// Runs the plan and compares a fresh render with what ``folder`` holds, as `filmstrip
    /// check` does: on the virtual clock, frames, stills and strip by their digests, bytes and
    /// chunks, then decoded pixels; `report.json`, `index-row.json`, `animation.png` and the
    /// contact sheet byte for byte; every file recorded before that a fresh run no longer
    /// writes; every file in the folder the report does not list. On the real clock, each
    /// frame's phase and the timeline's phase order exactly, times within one frame interval,
    /// and every file the report lists present.
    /// Writes nothing but failure artifacts.
    ///
    /// - Parameters:
    ///   - clock: the clock the fresh run uses.
    ///   - theme: the theme to draw in; nil for the one the outputs were recorded in (dark
    ///     when the report names none), else the plan's.
    ///   - writingFailures: write the fresh render and a difference image of every image that
    ///     differs into ``failuresFolder`` (and remove the previous comparison's).
    /// - Returns: what was recorded and every finding.
    /// - Throws: ``FilmstripError`` (exit code 2) when the run has to be stopped or an artifact
    ///   cannot be written.
    public func compare(clock: ClockKind = .virtual, theme: Theme? = nil, writingFailures: Bool = true) throws(FilmstripError) -> Comparison {
        let reportFile = "\(folder)/\(OutputLayout.reportPath)"
        // The recorded report is opened once, in pieces: its theme, then its rows' digests as
        // the frames are drawn.
        let recorded = try RecordedReport.open(path: reportFile)
        let drawn = theme ?? recorded.map { $0.skeleton.theme.flatMap(Theme.init(rawValue:)) ?? .dark } ?? plan.theme
        let themed = drawn == plan.theme ? plan : plan.themed(drawn)
        let (run, lint) = try LintedRun(themed, file: file, clock: clock).parts
        let analysis = Analysis(run)
        func result(_ state: Comparison.Recorded, _ mismatches: [OutputMismatch] = [], timing: [String] = [], row: IndexRowFile? = nil, missing: [Unicode.Scalar] = [], imagesNotWritten: String? = nil) -> Comparison {
            Comparison(recorded: state, mismatches: mismatches, timingFindings: timing, analysis: analysis, lint: lint, theme: drawn, run: run, indexRow: row, missingGlyphs: missing, imagesNotWritten: imagesNotWritten)
        }
        guard FileManager.default.fileExists(atPath: folder) else { return result(.nothing) }
        if clock == .real {
            var status = stat()
            let bytes = lstat(reportFile, &status) == 0 ? try InputFile.contents(of: reportFile, limit: .samples) : nil
            guard let whole = bytes.flatMap(RunReport.read), whole.plan == plan.name else {
                return result(.unusable(reason: "\(reportFile) \(bytes == nil ? "is missing" : "is not a filmstrip report of this plan")"))
            }
            guard whole.clock == ClockKind.real.rawValue else { return result(.notRealClock) }
            var findings = TimingTolerantComparison(recorded: whole, folder: folder, font: font).findings(fresh: run)
            // Its images are not compared on the real clock, but one the report lists that is gone is a mismatch.
            if let recorded {
                for listed in recorded.writtenFiles where lstat("\(folder)/\(listed)", &status) != 0 {
                    findings.append("\(folder)/\(listed): missing; the recorded report lists it")
                }
            }
            // The index across plans shows the recorded run (its measured times).
            return result(.timing(frames: run.frames.count), timing: findings, row: IndexRowFile(report: whole, planFile: planFile))
        }
        guard let recorded, recorded.skeleton.plan == plan.name else {
            let problem = FileManager.default.fileExists(atPath: reportFile) ? "is not a filmstrip report of this plan" : "is missing"
            return result(.unusable(reason: "\(reportFile) \(problem)"))
        }
        let comparison = OutputComparison(folder: folder, run: run, recorded: RecordedDigests(report: recorded))
        if writingFailures { try comparison.beginFailureArtifacts() }
        let fresh = try OutputRenderer(run: run, analysis: analysis, lint: lint, font: font, planFile: planFile).produce(images: comparison, documents: comparison)
        comparison.noteStale(recorded.writtenFiles, produced: RecordingFiles(run: run, skeleton: fresh.report).contains)
        comparison.noteUnlisted(recorded.lists)
        let mismatches = writingFailures ? try comparison.finishFailureArtifacts() : comparison.mismatches
        return result(.files(recorded.writtenFileCount), mismatches, row: fresh.indexRow, missing: fresh.missing, imagesNotWritten: comparison.artifactsNotWritten)
    }

    /// Runs the plan on the real clock and compares it, lane by lane, with `virtual`, its run on
    /// the virtual clock (``ClockCrossCheck``): what `check --clock both` and
    /// `assertFilmstrip(…, bothClocks: true)` add to the plan's checks. The real run takes the
    /// window's length in wall time; the plan's `http` is answered as on `--clock real`.
    /// - Returns: one check per lane (`clocks.<lane>`), or one named `clocks`.
    /// - Throws: ``FilmstripError`` (plan, exit 2) naming `$.bench` when the bench does not run on both clocks;
    ///   (run) when the real run had to be stopped.
    package func crossCheck(virtual: RecordedRun) throws(FilmstripError) -> [CheckResult] {
        try Self.requireBothClocks(plan, file: file)
        let real = try LintedRun(virtual.plan, file: file, clock: .real).run
        return ClockCrossCheck(virtual: virtual, real: real).checks
    }

    /// Refuses a plan whose bench does not run on both clocks, before anything runs.
    /// - Throws: ``FilmstripError`` (plan, exit 2) naming `file` and `$.bench`.
    package static func requireBothClocks(_ plan: CapturePlan, file: String) throws(FilmstripError) {
        guard plan.bench.clocks.contains(.virtual), plan.bench.clocks.contains(.real) else {
            let clocks = plan.bench.clocks.map(\.rawValue).joined(separator: " and ")
            throw FilmstripError(.plan(file: file, path: "$.bench", message: "the bench \(plan.bench.name) runs on the \(clocks) clock only, so --clock both cannot compare two runs of it"))
        }
    }

    /// The plan folders of `root` that no plan stands behind (their plan file was renamed or
    /// deleted, or their `index-row.json` is another plan's): one sentence each, with what to
    /// do. `filmstrip check` fails on them, and so does `assertFilmstrip`.
    package static func strayFolders(in root: String) -> [String] {
        strayFolders(in: root, fresh: [:])
    }

    /// ``strayFolders(in:)``, with the fresh index rows of the plans just compared standing in
    /// for the ones recorded (a plan being checked is never a stray).
    package static func strayFolders(in root: String, fresh: [String: IndexRowFile]) -> [String] {
        strayFolderFindings(in: root, fresh: fresh).map(\.sentence)
    }

    /// ``strayFolders(in:fresh:)`` with each folder's path (`captures/old`) beside its sentence.
    package static func strayFolderFindings(in root: String, fresh: [String: IndexRowFile]) -> [(folder: String, sentence: String)] {
        IndexRows(root: root, benches: []).rows(fresh: fresh).strays.map { ($0.folder, "\($0.sentence); \($0.remedy)") }
    }

    private static let writing = Mutex(())
}

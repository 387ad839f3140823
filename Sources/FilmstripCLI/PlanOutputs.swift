import FilmstripCore
import FilmstripRaster
import FilmstripReports
import Foundation
import Synchronization

/// One plan's outputs in an output root: record them as `filmstrip record` does, or compare the
/// recorded ones with a fresh run as `filmstrip check` does. The API under `FilmstripTesting`'s
/// `assertFilmstrip`, for tools and tests that work on plans in code.
///
/// ```swift
/// let plan = try CapturePlan(file: "captures/checkout-timeout.json", benches: [.checkout])
/// let outputs = PlanOutputs(plan: plan, root: "captures", font: try .bundled())
/// try outputs.record()                       // captures/checkout-timeout/…, captures/index.html
/// let comparison = try outputs.compare()     // nothing written unless something differs
/// for mismatch in comparison.mismatches { print(mismatch, mismatch.artifacts?.difference ?? "") }
/// ```
///
/// The plan's folder is `<root>/<plan name>/`: `frames/NNNN.png` (every frame at the plan's
/// scale), `stills/<name>.png`, `filmstrip.png`, `report.json` and `index.html` (the contact
/// sheet), and `<root>/index.html` lists every plan folder of the root. Writes are atomic (a
/// temporary file, then a rename); the only files removed are those filmstrip wrote itself.
public struct PlanOutputs: Sendable {
    /// What ``record(clock:indexBenches:)`` did.
    public struct Recording: Sendable {
        /// The run's report, as written to `report.json` (read back from the file, frame rows
        /// included).
        public let report: RunReport
        /// The run's analysis: dwell, coverage, dominance, loaders, rules.
        public let analysis: Analysis
        /// The plan lint's findings (sentences; empty when the plan is sound).
        public let lint: [String]
        /// Code points the font lacked (drawn as its default glyph or a box).
        public let missingGlyphs: [Unicode.Scalar]
        /// Every check of the plan passed (coverage, dominance, flashes, held-back time, rules).
        public var passed: Bool { analysis.passed }
    }

    /// What ``compare(writingFailures:)`` found.
    public struct Comparison: Sendable {
        /// What the plan's folder held.
        public enum Recorded: Hashable, Sendable {
            /// No folder at all: nothing was recorded, so nothing was compared.
            case nothing
            /// A folder without a readable `report.json` of this plan: `reason` says which.
            case unusable(reason: String)
            /// A recording whose report lists this many files; each was compared.
            case files(Int)
        }

        /// What the plan's folder held.
        public let recorded: Recorded
        /// Every recorded file that differs from a fresh run, sorted by file; each image
        /// mismatch carries its ``OutputMismatch/artifacts`` when they were written.
        public let mismatches: [OutputMismatch]
        /// A fresh run's report (the one a recording would write, frame rows included).
        public let report: RunReport
        /// A fresh run's analysis.
        public let analysis: Analysis
        /// The plan lint's findings.
        public let lint: [String]

        /// Something was recorded and every file of it matches a fresh run.
        public var matches: Bool {
            if case .files = recorded { return mismatches.isEmpty }
            return false
        }
    }

    /// The plan.
    public let plan: CapturePlan
    /// The output root, e.g. `captures` or an absolute path.
    public let root: String
    /// The font frames are drawn with (``BitmapFont/bundled()`` unless the outputs were
    /// recorded with another).
    public let font: BitmapFont

    /// - Parameters:
    ///   - plan: a validated plan (its ``CapturePlan/name`` names the folder).
    ///   - root: the output root; the plan's folder is `<root>/<plan name>`.
    ///   - font: the font to draw with.
    public init(plan: CapturePlan, root: String, font: BitmapFont) {
        self.plan = plan
        self.root = root
        self.font = font
    }

    /// `<root>/<plan name>`.
    public var folder: String { "\(root)/\(plan.name)" }

    /// The plan file as the outputs name it: a plan is taken to lie beside its folder,
    /// `<root>/<plan name>.json`, named from the root's parent (`captures/checkout-timeout.json`).
    var planFile: String { PlanFilePath.relative(file: "\(root)/\(plan.name).json", root: root) }

    /// `<root>/<plan name>/.failures`: where ``compare(writingFailures:)`` and `filmstrip check`
    /// write the fresh render and the difference image of each image that differs, at the
    /// recorded file's path with `.fresh.png` and `.difference.png` for `.png`
    /// (`frames/0003.png` → `.failures/frames/0003.fresh.png`, `.failures/frames/0003.difference.png`).
    /// Each comparison first removes what the previous one wrote there; the folder is removed
    /// when nothing differs. Add `.failures/` to `.gitignore`.
    public var failuresFolder: String { "\(folder)/\(FailureFolder.name)" }

    /// Runs the plan and writes every output into ``folder``, exactly as `filmstrip record`
    /// does, then rewrites `<root>/index.html` from every plan folder of the root. Writes even
    /// when a check fails (the result says so).
    ///
    /// - Parameters:
    ///   - clock: `.virtual` (exact, repeatable) or `.real` (measured).
    ///   - indexBenches: the benches whose phase colours the index across plans uses; default
    ///     the plan's bench (rows of other benches are drawn grey).
    /// - Throws: ``CommandError`` (exit code 2) when the run has to be stopped or an output
    ///   cannot be written, naming the plan or the file.
    @discardableResult
    public func record(clock: ClockKind = .virtual, indexBenches: [BenchDefinition]? = nil) throws(CommandError) -> Recording {
        let linted = try LintedRun(quietly: plan, file: plan.name, clock: clock)
        // Recordings into one process's roots take turns, so the index sees every report written.
        return try Self.writing.withLock { _ throws(CommandError) -> Recording in
            try OutputFolder(path: root).prepare(subfolders: [])
            let outcome = try PlanRecording(plan: plan, file: plan.name, clock: clock, font: font, folder: OutputFolder(path: folder), planFile: planFile).write(linted)
            let index = IndexRows(root: root, benches: indexBenches ?? [plan.bench]).page()
            try OutputFolder(path: root).write(Data(index.utf8), to: OutputLayout.contactSheetPath)
            // The report as written, frame rows included (a recording writes them one at a time
            // and keeps none): read back from the file.
            let written = OutputFolder(path: folder).read(OutputLayout.reportPath).flatMap(RunReport.read) ?? outcome.report
            return Recording(report: written, analysis: outcome.analysis, lint: outcome.lint, missingGlyphs: outcome.missing)
        }
    }

    /// Runs the plan on the virtual clock and compares a fresh render with what ``folder``
    /// holds, as `filmstrip check` does: frames, stills and strip by decoded pixels,
    /// `report.json` and the contact sheet byte for byte, and files recorded before that a
    /// fresh run no longer writes. Writes nothing but failure artifacts.
    ///
    /// - Parameter writingFailures: write the fresh render and a difference image of every
    ///   image that differs into ``failuresFolder`` (and remove the previous comparison's).
    /// - Returns: the mismatches, sorted by file; empty when everything matches or nothing was
    ///   recorded (see ``Comparison/recorded``).
    /// - Throws: ``CommandError`` (exit code 2) when the run has to be stopped or an artifact
    ///   cannot be written.
    public func compare(writingFailures: Bool = true) throws(CommandError) -> Comparison {
        let (run, lint) = try LintedRun(quietly: plan, file: plan.name, clock: .virtual).parts
        let analysis = Analysis(run)
        let outputs = OutputFolder(path: folder)
        guard let recorded = RecordedReport.open(path: "\(folder)/\(OutputLayout.reportPath)"), recorded.skeleton.plan == plan.name else {
            let freshReport = RunReport(run: run, analysis: analysis, lint: lint, renderedStills: [], withFiles: true)
            let state: Comparison.Recorded
            if !FileManager.default.fileExists(atPath: folder) {
                state = .nothing
            } else if outputs.read(OutputLayout.reportPath) == nil {
                state = .unusable(reason: "\(folder)/\(OutputLayout.reportPath) is missing")
            } else {
                state = .unusable(reason: "\(folder)/\(OutputLayout.reportPath) is not a filmstrip report of this plan")
            }
            return Comparison(recorded: state, mismatches: [], report: freshReport, analysis: analysis, lint: lint)
        }
        let comparison = OutputComparison(folder: folder, run: run, recorded: RecordedDigests(report: recorded))
        if writingFailures { try comparison.beginFailureArtifacts() }
        var freshReport: RunReport?
        let drawn = try OutputRenderer(run: run, analysis: analysis, lint: lint, font: font, planFile: planFile).produce(images: comparison) { path, document throws(CommandError) in
            guard path == OutputLayout.reportPath else { return try comparison.compare(path, pieces: document) }
            // The fresh report is also kept whole, for ``Comparison/report``.
            var data = Data()
            try comparison.compare(path) { take throws(CommandError) in
                try withoutActuallyEscaping(take) { (take) throws(CommandError) in
                    try document { piece throws(CommandError) in
                        data.append(piece)
                        try take(piece)
                    }
                }
            }
            freshReport = RunReport.read(data)
        }
        comparison.noteStale(recorded.writtenFiles, produced: RecordingFiles(run: run, skeleton: drawn.report).contains)
        let mismatches = writingFailures ? try comparison.finishFailureArtifacts() : comparison.mismatches
        return Comparison(recorded: .files(recorded.writtenFileCount), mismatches: mismatches, report: freshReport ?? RunReport(run: run, analysis: analysis, lint: lint, renderedStills: [], withFiles: true), analysis: analysis, lint: lint)
    }

    private static let writing = Mutex(())
}

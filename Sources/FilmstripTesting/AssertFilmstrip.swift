import Filmstrip
import FilmstripOutputs
import Foundation

/// Records a capture plan with your benches and compares it with the outputs committed for it,
/// in a Swift Testing `@Test` or an XCTest test method; a difference is a test failure.
///
/// ```swift
/// @Test func timeoutThenRetry() {
///     let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
///         .appendingPathComponent("../../captures").standardized
///     assertFilmstrip(planFile: captures.appendingPathComponent("checkout-timeout.json"), benches: [.checkout])
/// }
/// ```
///
/// The plan's outputs are those `filmstrip record` writes into `<outputs>/<plan name>/` (by
/// default the plan file's folder, so `captures/checkout-timeout.json` is compared with
/// `captures/checkout-timeout/`). A fresh run on the bench's first clock, as `filmstrip check`
/// runs it, is compared with them: on the virtual clock every frame, still and the strip by
/// decoded pixels (RGBA8, at the plan's scale), `report.json` and the contact sheet byte for
/// byte; on the real clock (a bench that runs only there) each frame's phase and words, times
/// within one frame interval. The index across plans (`<outputs>/index.html`) is compared too,
/// as `check` compares it. The assertion fails when anything differs, when the plan's
/// own checks (coverage, dominance, flashes, rules) fail, and whenever it writes a recording
/// (see ``FilmstripRecordMode``): the message says what was written and to run again.
///
/// For each image that differs it writes the fresh render and a difference image (the
/// reference dimmed, changed pixels magenta, a yellow frame around them) into
/// `<outputs>/<plan name>/.failures/`, and the message says first what changed in time (dwell
/// per phase and depiction, flashes, held-back and blank time, recorded → fresh, and the first
/// differing frame), then names the three files, the frame's index
/// and time, how many pixels differ and the first one, and the command that re-records:
///
/// ```text
/// checkout-timeout: 1 recorded file differs from a fresh run.
/// time unchanged: every dwell, flash, held-back and blank time is as recorded
/// first differing frame: 3 at 1,500 ms (its pixels; phase and depictions as recorded)
/// frames/0003.png (frame 3 at 1,500 ms): 1 pixel differs, within x 40…40, y 12…12; the first, at (x: 40, y: 12), is #1e2128 recorded and #f43f5e fresh
///   reference:  /…/captures/checkout-timeout/frames/0003.png
///   fresh:      /…/captures/checkout-timeout/.failures/frames/0003.fresh.png
///   difference: /…/captures/checkout-timeout/.failures/frames/0003.difference.png
/// If the change is intended, re-record with: FILMSTRIP_RECORD=all swift test --filter timeoutThenRetry
/// ```
///
/// Failures go to Swift Testing (`Issue.record`) when a Swift Testing test is running, and to
/// XCTest (`XCTFail`) otherwise, at the caller's source location.
///
/// - Parameters:
///   - planFile: the plan's JSON file; its name without `.json` is the plan's name.
///   - benches: the benches the plan may name, and the other plans of `outputs` (for the
///     colours of the index across plans, `<outputs>/index.html`, which a recording rewrites
///     and a comparison compares, as `filmstrip record` and `filmstrip check` do).
///   - outputs: the output root; default the plan file's folder.
///   - record: the record mode; nil for the nearest ``FilmstripTrait``, else `FILMSTRIP_RECORD`,
///     else ``FilmstripRecordMode/missing``.
///   - font: the font the outputs are drawn with; nil for the bundled misc-fixed 6x13.
///   - bothClocks: also run the plan on the real clock and fail when a lane's phase in a frame
///     differs there beyond one frame interval, naming the first such frame (as `filmstrip check
///     --clock both`): the backstop for a model that waits on time the virtual clock cannot see.
///     The plan's bench must run on both clocks; the real run takes the window's length.
///   - testName: the test's name, for the re-record command's `--filter`.
public func assertFilmstrip(
    planFile: URL, benches: [BenchDefinition], outputs: URL? = nil, record: FilmstripRecordMode? = nil, font: BitmapFont? = nil, bothClocks: Bool = false,
    testName: String = #function, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    guard let message = verifyFilmstrip(planFile: planFile, benches: benches, outputs: outputs, record: record, font: font, bothClocks: bothClocks, testName: testName) else { return }
    recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// ``assertFilmstrip(planFile:benches:outputs:record:font:bothClocks:testName:fileID:filePath:line:column:)``
/// for a plan built in code: its outputs are `<outputs>/<plan.name>/`.
public func assertFilmstrip(
    _ plan: CapturePlan, outputs: URL, record: FilmstripRecordMode? = nil, font: BitmapFont? = nil, bothClocks: Bool = false,
    testName: String = #function, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    guard let message = verifyFilmstrip(plan, outputs: outputs, record: record, font: font, bothClocks: bothClocks, testName: testName) else { return }
    recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// What ``assertFilmstrip(planFile:benches:outputs:record:font:bothClocks:testName:fileID:filePath:line:column:)``
/// does, without reporting: the failure message, or nil when the outputs match. For helpers
/// built on top of it, and for testing the messages.
public func verifyFilmstrip(
    planFile: URL, benches: [BenchDefinition], outputs: URL? = nil, record: FilmstripRecordMode? = nil, font: BitmapFont? = nil, bothClocks: Bool = false,
    testName: String = #function
) -> String? {
    let plan: CapturePlan
    do throws(FilmstripError) {
        plan = try CapturePlan(file: planFile.path, benches: benches)
    } catch {
        return "\(error)"
    }
    let root = (outputs ?? planFile.deletingLastPathComponent()).path
    return FilmstripAssertion(
        plan: plan, root: root, record: record, font: font, testName: testName, environment: ProcessInfo.processInfo.environment,
        bothClocks: bothClocks, benches: benches, planFile: PlanFilePath.relative(file: planFile.path, root: root)
    ).verify()
}

/// What ``assertFilmstrip(_:outputs:record:font:bothClocks:testName:fileID:filePath:line:column:)`` does,
/// without reporting: the failure message, or nil when the outputs match.
public func verifyFilmstrip(
    _ plan: CapturePlan, outputs: URL, record: FilmstripRecordMode? = nil, font: BitmapFont? = nil, bothClocks: Bool = false, testName: String = #function
) -> String? {
    FilmstripAssertion(plan: plan, root: outputs.path, record: record, font: font, testName: testName, environment: ProcessInfo.processInfo.environment, bothClocks: bothClocks).verify()
}

/// One assertion's work, and its messages rendered in one place.
struct FilmstripAssertion {
    let plan: CapturePlan
    let root: String
    let record: FilmstripRecordMode?
    let font: BitmapFont?
    let testName: String
    /// The process's environment, read for `FILMSTRIP_RECORD` when `record` and `trait` are nil.
    let environment: [String: String]
    /// Also run the plan on the real clock and compare the two runs (``PlanOutputs/crossCheck(virtual:)``).
    var bothClocks = false
    /// The benches of the root's plans, for the colours of the index across plans; nil for
    /// the plan's own bench.
    var benches: [BenchDefinition]? = nil
    /// The plan file as the outputs name it (``PlanFilePath``): `live/live-four-states.json`
    /// for a plan in `captures/live/` recorded into `captures/`; nil for `<plan name>.json`
    /// beside the plan's folder.
    var planFile: String? = nil
    /// The mode of the nearest ``FilmstripTrait`` around the test, read when `record` is nil.
    var trait: FilmstripRecordMode? = FilmstripRecordMode.scoped

    /// Where the record mode came from, for the advice in messages.
    private enum Choice {
        case parameter(FilmstripRecordMode)
        case trait(FilmstripRecordMode)
        case environment(FilmstripRecordMode)
        case standard

        var mode: FilmstripRecordMode {
            switch self {
            case .parameter(let mode), .trait(let mode), .environment(let mode): mode
            case .standard: .missing
            }
        }

        var explanation: String {
            switch self {
            case .parameter(let mode): "record: .\(mode.rawValue) was passed"
            case .trait(let mode): "the test runs with the trait .filmstrip(record: .\(mode.rawValue))"
            case .environment(let mode): "\(FilmstripRecordMode.environmentVariable)=\(mode.rawValue)"
            case .standard: "the default"
            }
        }
    }

    func verify() -> String? {
        let choice: Choice
        if let record {
            choice = .parameter(record)
        } else if let trait {
            choice = .trait(trait)
        } else {
            do throws(FilmstripRecordMode.InvalidValue) {
                choice = try FilmstripRecordMode.from(environment: environment).map(Choice.environment) ?? .standard
            } catch {
                return "\(error)"
            }
        }
        do throws(FilmstripError) {
            let drawing: BitmapFont
            if let font { drawing = font } else { drawing = try .bundled() }
            let outputs = planFile.map { PlanOutputs(plan: plan, root: root, font: drawing, file: plan.name, planFile: $0) }
                ?? PlanOutputs(plan: plan, root: root, font: drawing)
            // The bench's first clock, as `filmstrip check` chooses it: a real-clock plan runs on the real clock.
            let clock = plan.bench.clocks[0]
            if choice.mode == .all {
                let recording = try record(outputs, clock: clock)
                return "Recorded \(plan.name) into \(outputs.folder) (\(files(recording.fileCount))) because the record mode is all (\(choice.explanation)). "
                    + "Turn recording off and run again to compare with it." + Self.indexNote(root) + checks(recording.analysis)
            }
            let comparison = try outputs.compare(clock: clock)
            switch comparison.recorded {
            case .nothing where choice.mode == .missing || choice.mode == .failed:
                let recording = try record(outputs, clock: clock)
                return "No recording of \(plan.name) was found, so it was recorded into \(outputs.folder) (\(files(recording.fileCount))). "
                    + "Run again to compare with it." + Self.indexNote(root) + checks(recording.analysis)
            case .nothing:
                return "No recording of \(plan.name) in \(outputs.folder), and the record mode is never (\(choice.explanation)). Record it with: \(rerecord(choice, mode: .missing))"
            case .unusable(let reason) where choice.mode == .failed:
                let recording = try record(outputs, clock: clock)
                return "\(reason): the recorded outputs of \(plan.name) could not be compared, so they were re-recorded into \(outputs.folder) "
                    + "(\(files(recording.fileCount))) because the record mode is failed (\(choice.explanation)). Run again to compare with them."
                    + Self.indexNote(root) + checks(recording.analysis)
            case .unusable(let reason):
                return "\(reason): the recorded outputs of \(plan.name) cannot be compared. Re-record with: \(rerecord(choice, mode: .all))"
            case .files, .timing, .notRealClock:
                var lines: [String] = []
                if !comparison.mismatches.isEmpty {
                    let count = comparison.mismatches.count
                    lines.append("\(plan.name): \(count == 1 ? "1 recorded file differs" : "\(count) recorded files differ") from a fresh run.")
                    // What changed in time comes before the files, read from the committed report and the fresh run.
                    let reportFile = "\(outputs.folder)/\(OutputLayout.reportPath)"
                    let timing = TimingChanges(
                        recordedReport: try? InputFile.contents(of: reportFile, limit: .samples), run: comparison.run, analysis: comparison.analysis,
                        differingImages: comparison.mismatches.compactMap { if case .frame(let index, let tMs) = $0.source { (index, tMs) } else { nil } })
                    lines += timing?.lines ?? [TimingChanges.unreadable(reportFile)]
                    for mismatch in comparison.mismatches.prefix(Self.shownMismatches) { lines += Self.lines(mismatch) }
                    if count > Self.shownMismatches { lines.append("… and \(count - Self.shownMismatches) more") }
                    if choice.mode == .failed {
                        let recording = try record(outputs, clock: clock)
                        lines.append(
                            "Re-recorded \(plan.name) into \(outputs.folder) (\(files(recording.fileCount))) because the record mode is failed (\(choice.explanation)). "
                                + "Run again to compare with it." + Self.indexNote(root))
                    } else {
                        lines.append("If the change is intended, re-record with: \(rerecord(choice, mode: .all))")
                    }
                }
                lines += comparison.timingFindings
                if bothClocks {
                    let virtual = clock == .virtual ? comparison.run : try LintedRun(plan, file: plan.name, clock: .virtual).run
                    lines += try outputs.crossCheck(virtual: virtual).filter { !$0.passed }.map { "\(plan.name): the virtual and the real clock disagree: \($0.message)" }
                }
                // The root's stray plan folders fail `filmstrip check`, so they fail here too.
                let fresh = comparison.indexRow.map { [plan.name: $0] } ?? [:]
                let strays = PlanOutputs.strayFolders(in: root, fresh: fresh)
                lines += strays.map { "stray: \($0)" }
                // The index across plans, as `filmstrip check` compares it: this plan fresh, the others as recorded.
                if let mismatch = IndexRows(root: root, benches: benches ?? [plan.bench]).mismatch(fresh: fresh) {
                    lines.append("index: mismatch: \(mismatch); re-record with: \(rerecord(choice, mode: .all))")
                }
                if !comparison.analysis.passed {
                    lines.append("\(plan.name): the plan's checks fail: \(comparison.analysis.verdict)")
                }
                return lines.isEmpty ? nil : lines.joined(separator: "\n")
            }
        } catch {
            return "\(error)"
        }
    }

    /// The most mismatches a message lists one by one.
    static let shownMismatches = 10

    /// A mismatch's lines: what differs, then its three files.
    static func lines(_ mismatch: OutputMismatch) -> [String] {
        let moment = mismatch.moment.map { " (\($0))" } ?? ""
        let what: String
        switch mismatch.problem {
        case .pixelsDiffer(let pixels):
            let box = pixels.bounds
            what = "\(pixels.count == 1 ? "1 pixel differs" : "\(pixels.count) pixels differ"), within x \(box.x)…\(box.maxX - 1), y \(box.y)…\(box.maxY - 1); "
                + "the first, at (x: \(pixels.first.x), y: \(pixels.first.y)), is \(pixels.recordedColor) recorded and \(pixels.freshColor) fresh"
        default:
            what = String(mismatch.description.dropFirst(mismatch.path.count + 2))
        }
        var lines = ["\(mismatch.file)\(moment): \(what)"]
        if let files = mismatch.artifacts {
            lines.append("  reference:  \(files.reference)")
            lines.append("  fresh:      \(files.fresh)")
            if let difference = files.difference { lines.append("  difference: \(difference)") }
        }
        return lines
    }

    private func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }

    private func checks(_ analysis: Analysis) -> String {
        analysis.passed ? "" : "\n\(plan.name): the plan's checks fail: \(analysis.verdict)"
    }

    /// Records the plan's folder, then the index across plans from every plan folder of the
    /// root (as `filmstrip record` does), so that a missing index is a mismatch at both doors.
    private func record(_ outputs: PlanOutputs, clock: ClockKind) throws(FilmstripError) -> PlanOutputs.Recording {
        let recording = try outputs.record(clock: clock)
        try OutputOwnership.claim("\(root)/\(OutputLayout.contactSheetPath)", as: .indexAcrossPlans)
        // The plan just recorded is listed even when no plan file stands behind it (a plan built in code).
        let row = OutputFolder(root: root, name: plan.name).read(OutputLayout.indexRowPath).flatMap(IndexRowFile.read)
        let page = IndexRows(root: root, benches: benches ?? [plan.bench]).page(fresh: row.map { [plan.name: $0] } ?? [:])
        try OutputFolder(path: root).write(Data(page.utf8), to: OutputLayout.contactSheetPath)
        return recording
    }

    /// A recording from a test writes the index across plans too, from the benches it was given.
    static func indexNote(_ root: String) -> String {
        " The index across plans (\(root)/index.html) was written too."
    }

    /// How to run this test again in `mode`.
    private func rerecord(_ choice: Choice, mode: FilmstripRecordMode) -> String {
        switch choice {
        case .parameter: return "pass record: .\(mode.rawValue) to assertFilmstrip and run the test again"
        case .trait: return "change the trait to .filmstrip(record: .\(mode.rawValue)) and run the test again"
        case .environment, .standard: break
        }
        let name = testName.prefix { $0 != "(" }
        return "\(FilmstripRecordMode.environmentVariable)=\(mode.rawValue) swift test --filter \(name)"
    }
}
